/**
 * A per-user rate limit over a sliding window: at most `perWindow` takes in any `windowMs`
 * (chat messages, direct messages). Counted in this process.
 */
export class SendWindow {
  private readonly sent = new Map<string, number[]>();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs: number,
  ) {}

  /** Takes one for `userId`; false when they have taken `perWindow` in the window already. */
  take(userId: string, now = Date.now()): boolean {
    // Kept small without a timer: the idle are forgotten once many are known.
    if (this.sent.size > 10_000) this.forgetOld(now);
    const recent = (this.sent.get(userId) ?? []).filter((at) => now - at < this.windowMs);
    if (recent.length >= this.perWindow) {
      this.sent.set(userId, recent);
      return false;
    }
    recent.push(now);
    this.sent.set(userId, recent);
    return true;
  }

  /** Forgets the users whose takes are all older than the window. */
  forgetOld(now = Date.now()) {
    for (const [userId, times] of this.sent)
      if (times.every((at) => now - at >= this.windowMs)) this.sent.delete(userId);
  }
}
