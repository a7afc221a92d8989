/** One limit: at most `max` attempts per `windowMs` for one key (an IP address). */
export interface Limit {
  max: number;
  windowMs: number;
}

/** Attempts allowed per IP address on each form of the provider's pages. */
export const limits = {
  signIn: { max: 10, windowMs: 15 * 60_000 },
  signUp: { max: 10, windowMs: 15 * 60_000 },
  forgot: { max: 5, windowMs: 15 * 60_000 },
  reset: { max: 10, windowMs: 15 * 60_000 },
  changePassword: { max: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

export type Bucket = keyof typeof limits;

/**
 * Fixed-window counters in memory, one per (form, IP). Kept per process: with several instances
 * each counts on its own, and the per-account lock in the database still applies.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly timer: NodeJS.Timeout;

  /**
   * `maxAttempts` replaces every form's `max` (config AUTH_ATTEMPTS_PER_WINDOW: an operator's
   * choice, and the end-to-end suite's, whose many sign-ups all come from one address).
   */
  constructor(
    private readonly maxAttempts?: number,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => this.sweep(), 60_000);
    this.timer.unref();
  }

  /** Counts one attempt. Returns 0 when allowed, else the seconds until the next attempt is. */
  hit(bucket: Bucket, ip: string): number {
    const { windowMs } = limits[bucket];
    const max = this.maxAttempts ?? limits[bucket].max;
    const key = `${bucket}|${ip}`;
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > max ? Math.ceil((window.resetAt - now) / 1000) : 0;
  }

  private sweep() {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  close() {
    clearInterval(this.timer);
    this.windows.clear();
  }
}
