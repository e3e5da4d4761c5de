import type { Context, Middleware } from 'koa';
import { currentUser } from './auth.ts';
import type { RateLimiter } from './rate-limiter.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function refuse(ctx: Context, retryAfter: number, what: string): void {
  ctx.status = 429;
  ctx.set('Retry-After', String(retryAfter));
  // the wait in the body too: a page counts it down without reading headers
  ctx.body = { message: `Too many ${what}. Try again in ${retryAfter} seconds.`, code: 'RATE_LIMITED', retryAfter };
}

/** Sign-in attempts per client address. */
export function signInRateLimit(limiter: RateLimiter): Middleware {
  return (ctx, next) => {
    const wait = limiter.hit(ctx.ip);
    if (wait > 0) return refuse(ctx, wait, 'sign-in attempts');
    return next();
  };
}

/**
 * Coupon codes tried, per signed-in player and per client address (runs after the session middleware): counted for
 * the requests `names` says name a code, so guessing codes is slow from one account or one address.
 */
export function couponRateLimit(limiter: RateLimiter, names: (ctx: Context) => boolean): Middleware {
  return (ctx, next) => {
    if (names(ctx)) {
      const user = ctx.state.user;
      const wait = Math.max(limiter.hit(`ip:${ctx.ip}`), user ? limiter.hit(`user:${user.id}`) : 0);
      if (wait > 0) return refuse(ctx, wait, 'coupon codes tried');
    }
    return next();
  };
}

/**
 * Code checks per signed-in player and per client address (runs after the session middleware), against guessing
 * codes: only requests that name a code (`codeOf`) count.
 */
export function codeRateLimit(limiter: RateLimiter, codeOf: (ctx: Context) => unknown): Middleware {
  return (ctx, next) => {
    const code = codeOf(ctx);
    if (typeof code === 'string' && code.trim()) {
      const wait = Math.max(limiter.hit(`player:${ctx.state.user?.id ?? '-'}`), limiter.hit(`address:${ctx.ip}`));
      if (wait > 0) return refuse(ctx, wait, 'code checks');
    }
    return next();
  };
}

/** Second-factor answers (codes, passkeys) per signed-in member, right or wrong (runs after requireUser). */
export function secondFactorRateLimit(limiter: RateLimiter): Middleware {
  return (ctx, next) => {
    const wait = limiter.hit(currentUser(ctx as Context).id);
    if (wait > 0) return refuse(ctx, wait, 'tries');
    return next();
  };
}

/** State-changing API requests per signed-in user (runs after the session middleware). */
export function writeRateLimit(limiter: RateLimiter): Middleware {
  // a plain function, not an async one: a read passes through without a promise of its own
  return (ctx, next) => {
    const user = ctx.state.user;
    if (user && STATE_CHANGING.has(ctx.method) && ctx.path.startsWith('/api/')) {
      const wait = limiter.hit(user.id);
      if (wait > 0) return refuse(ctx, wait, 'requests');
    }
    return next();
  };
}

/** Requests per API token under /api/v1 (runs after the token is read), counted per process. */
export function apiTokenRateLimit(limiter: RateLimiter): Middleware {
  return (ctx, next) => {
    const caller = ctx.state.apiCaller;
    if (caller) {
      const wait = limiter.hit(caller.token.id);
      if (wait > 0) return refuse(ctx, wait, 'API requests');
    }
    return next();
  };
}
