import type { Middleware } from 'koa';
import { UserBannedError } from '../../../core/users/errors.ts';

/**
 * What a banned user's session reaches: signing in and out, who they are (the site shows the ban from it), and their
 * ban appeal. Every other route answers 403 BANNED, so a ban holds on the very next request.
 */
export const BANNED_USER_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/login',
  'GET /api/auth/discord',
  'GET /api/auth/discord/callback',
  'POST /api/auth/dev-login',
  'GET /api/auth/logout',
  'GET /api/auth/session',
  'GET /api/auth/user',
  'GET /api/auth/setup',
  'POST /api/appeals',
  'GET /api/appeals/mine',
]);

// a plain function, not an async one: a request by anyone but a banned user passes with no promise of its own
export function bannedReachOnlyTheirAppeal(): Middleware {
  return (ctx, next) => {
    const user = ctx.state.user;
    if (!user?.bannedAt) return next();
    const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
    if (BANNED_USER_ROUTES.has(`${method} ${ctx.path.replace(/\/+$/, '')}`)) return next();
    throw new UserBannedError(user.banReason);
  };
}
