import type { IncomingMessage } from 'node:http';
import type { Context, Middleware } from 'koa';
import type { Clock } from '../../../core/shared/ports.ts';
import type { SessionStore } from '../../../core/users/ports.ts';
import { CookieKeys } from './cookie-keys.ts';
import {
  type ResponseCacheOptions,
  responseOf,
  type CachedResponse,
  plainGetOverHttps,
  sendCached,
} from './cached-response.ts';
import { admittedAsCached, signedSessionId, unchangedSessionId } from './session.ts';

declare module 'koa' {
  interface DefaultState {
    /** set by a route whose response is made from the session's user alone (see cacheForSession) */
    cacheableForSession?: boolean;
  }
}

/**
 * Marks this response as made from the signed-in session and its user alone (nothing else the database holds), so it
 * may be sent again to the same session for as long as this process caches that session unchanged in memory.
 */
export function cacheForSession(ctx: Context): void {
  ctx.state.cacheableForSession = true;
}

/**
 * A signed-in read whose response the route marked as made from the session's user alone (who am I, the session) is
 * cached beside the session in the session store and sent again to that session (`sendIfCached`), before the
 * session middleware and the routes: the signed cookie checked, the session still cached, unexpired and admitted as it
 * is (no activity to write back, not idle, not too old, its user not banned), and the same bytes and headers sent.
 * The response goes with the session: any change to the session or its user (sign-out, ban, role, a new sign-in, a
 * profile read again from Discord) drops it in every process, as it drops the session. Every other request goes on
 * through the app.
 */
export class SessionResponseCache {
  private readonly keys: CookieKeys;

  constructor(
    private readonly store: Pick<SessionStore, 'cacheBeside' | 'beside' | 'moment'>,
    secret: string,
    private readonly clock: Clock,
    private readonly options: ResponseCacheOptions,
  ) {
    this.keys = new CookieKeys([secret]);
  }

  /**
   * Lets the app respond and caches what the route marked, sending nothing: the pipeline's first step
   * (loggingSecurityAndErrors, given this cache) sends what was cached, after the work every response needs (the request
   * line, the HTTPS refusal), and a cached response carries `no-store` as any signed-in one.
   */
  caching(): Middleware {
    return (ctx, next) => {
      if (!this.sessionOf(ctx.req)) return next();
      // taken before the session is read: anything heard after it means the response may be made from an older one
      const since = this.store.moment();
      return next().then(() => this.cache(ctx, since));
    };
  }

  /** Sends the response cached beside this request's session for its address, when there is one; whether it did. */
  sendIfCached(ctx: Context): boolean {
    const req = ctx.req;
    const sid = this.sessionOf(req);
    if (!sid) return false;
    const cached = this.store.beside(sid, req.url ?? '');
    if (!cached || !admittedAsCached(cached.stored, this.clock.now().getTime())) return false;
    sendCached(ctx, cached.value as CachedResponse);
    return true;
  }

  /** The session id of a signed cookie on a plain GET this may serve; undefined otherwise. */
  private sessionOf(req: IncomingMessage): string | undefined {
    const header = req.headers.cookie;
    // a request without cookies (most that are not signed in) goes by at once
    if (header === undefined || !plainGetOverHttps(req, this.options)) return undefined;
    return signedSessionId(header, this.keys);
  }

  private cache(ctx: Context, since: number): void {
    // a banned user's responses are never cached: their requests go the whole way, past the appeal-only check
    if (!ctx.state.cacheableForSession || !ctx.state.user || ctx.state.user.bannedAt) return;
    const sid = unchangedSessionId(ctx);
    const response = sid && responseOf(ctx, this.options.protective, { personal: true });
    if (sid && response) this.store.cacheBeside(sid, ctx.url, response, since);
  }
}
