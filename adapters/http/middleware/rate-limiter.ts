/** the limiters' window: a minute of the clock's, unless a test shortens it */
export const MINUTE_MS = 60_000;

/** A fixed window per key (a minute, unless a test shortens it), held in this process's memory. */
export class RateLimiter {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    readonly limitPerMinute: number,
    private readonly now: () => number = Date.now,
    private readonly windowMs: number = MINUTE_MS,
  ) {}

  /** Counts one request; answers the seconds to wait when over the limit, or 0. */
  hit(key: string): number {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now - (now % this.windowMs);
      this.counts = new Map();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    if (count <= this.limitPerMinute) return 0;
    return Math.max(1, Math.ceil((this.windowStart + this.windowMs - now) / 1000));
  }
}
