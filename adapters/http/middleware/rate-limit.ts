import type { Context, Middleware } from 'koa';

const WINDOW_MS = 60_000;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A fixed one-minute window per key, kept in this process's memory. */
export class RateLimiter {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    readonly limitPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; answers the seconds to wait when over the limit, or 0. */
  hit(key: string): number {
    const now = this.now();
    if (now - this.windowStart >= WINDOW_MS) {
      this.windowStart = now - (now % WINDOW_MS);
      this.counts = new Map();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    if (count <= this.limitPerMinute) return 0;
    return Math.max(1, Math.ceil((this.windowStart + WINDOW_MS - now) / 1000));
  }
}

function refuse(ctx: Context, retryAfter: number, what: string): void {
  ctx.status = 429;
  ctx.set('Retry-After', String(retryAfter));
  ctx.body = { message: `Too many ${what}. Try again in ${retryAfter} seconds.`, code: 'RATE_LIMITED' };
}

/** Sign-in attempts per client address. */
export function signInRateLimit(limiter: RateLimiter): Middleware {
  return async (ctx, next) => {
    const wait = limiter.hit(ctx.ip);
    if (wait > 0) return refuse(ctx, wait, 'sign-in attempts');
    return next();
  };
}

/** State-changing API requests per signed-in user (runs after the session middleware). */
export function writeRateLimit(limiter: RateLimiter): Middleware {
  return async (ctx, next) => {
    const user = ctx.state.user;
    if (user && STATE_CHANGING.has(ctx.method) && ctx.path.startsWith('/api/')) {
      const wait = limiter.hit(user.id);
      if (wait > 0) return refuse(ctx, wait, 'requests');
    }
    return next();
  };
}
