/**
 * A short-lived cache of answers: at most `ttlMs` old and of the current generation (the owner
 * bumps it on its own writes in this process; other processes catch up within ttlMs). Concurrent
 * misses of one key share one computation; a failed one is not kept.
 */
export class MicroCache<T> {
  private readonly entries = new Map<string, { generation: number; expires: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  /** The value of `key` and whether it came from the cache. */
  async get(key: string, generation: number, compute: () => Promise<T>): Promise<[T, boolean]> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.generation === generation && hit.expires > now) {
      return [await hit.value, true];
    }
    if (this.entries.size >= this.max) this.evict(now);
    // Lifetimes spread over the second half of ttlMs, so entries filled together do not all
    // expire (and query the database) at the same moment.
    const entry = { generation, expires: now + this.ttlMs * (0.5 + Math.random() / 2), value: compute() };
    this.entries.set(key, entry);
    try {
      return [await entry.value, false];
    } catch (error) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw error;
    }
  }

  private evict(now: number) {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    // Still full: drop the oldest half (a Map iterates in insertion order).
    if (this.entries.size >= this.max) {
      let drop = Math.ceil(this.max / 2);
      for (const key of this.entries.keys()) {
        if (drop-- <= 0) break;
        this.entries.delete(key);
      }
    }
  }
}
