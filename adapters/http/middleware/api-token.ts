import type { Context, Middleware } from 'koa';
import type { Core } from '../../../core/index.ts';
import { ApiTokenRefusedError } from '../../../core/api-tokens/errors.ts';
import { type ApiCaller, checkScope } from '../../../core/api-tokens/model/caller.ts';
import type { ApiScope } from '../../../core/api-tokens/model/scopes.ts';
import type { ErrorBody } from '../contract/errors.ts';

declare module 'koa' {
  interface DefaultState {
    /** under /api/v1: the request's API token and its creator, read for this request */
    apiCaller?: ApiCaller;
  }
}

/** `Authorization: Bearer <token>`: one scheme, one space, the token and nothing after it */
function bearerOf(ctx: Context): string | null {
  return /^Bearer ([^\s]+)$/i.exec(ctx.get('authorization'))?.[1] ?? null;
}

/**
 * The identity of /api/v1: an API token, read on every request (a revoke holds from the next one, in every process).
 * A session cookie counts for nothing here, and a token for nothing anywhere else. Missing, unknown or revoked: 401
 * with `WWW-Authenticate: Bearer`.
 */
export function apiTokenIdentity(core: Core): Middleware {
  return async (ctx, next) => {
    try {
      ctx.state.apiCaller = await core.apiTokens.authenticate.execute(bearerOf(ctx as Context));
    } catch (error) {
      if (!(error instanceof ApiTokenRefusedError)) throw error;
      ctx.status = 401;
      ctx.set(
        'WWW-Authenticate',
        `Bearer realm="api", error="${error.code === 'API_TOKEN_REQUIRED' ? 'invalid_request' : 'invalid_token'}"`,
      );
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { message: error.message, code: error.code } satisfies ErrorBody;
      return;
    }
    return next();
  };
}

/** The request's token and its creator (read by apiTokenIdentity); 401 where none was read. */
export function apiCallerOf(ctx: Context): ApiCaller {
  const caller = ctx.state.apiCaller;
  if (!caller) throw new ApiTokenRefusedError('API_TOKEN_REQUIRED', 'This API needs an API token.');
  return caller;
}

/** A scope guard names its scope, so a test can list every /api/v1 route's scope from the router. */
export type ScopeGuard = Middleware & { requiredScope: ApiScope };

/** 403 naming the scope when the token lacks it, or its creator no longer holds what it needs (runs after the identity). */
export function requireScope(scope: ApiScope): ScopeGuard {
  const guard: Middleware = (ctx, next) => {
    checkScope(apiCallerOf(ctx as Context), scope);
    return next();
  };
  return Object.assign(guard, { requiredScope: scope });
}
