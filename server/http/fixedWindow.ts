/**
 * Fixed-window counters per key (an address), in memory: each server process counts on its own.
 * `sweep()` drops the windows that ended; callers run it now and then.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts one use; answers the seconds to wait when over the limit, else 0. */
  hit(key: string, now = Date.now()): number {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > this.max ? Math.ceil((window.resetAt - now) / 1000) : 0;
  }

  sweep(now = Date.now()) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
