import type { IncomingMessage } from 'node:http';
import type { Context, Middleware } from 'koa';
import type { Clock } from '../../../core/shared/ports.ts';
import {
  type ResponseCacheOptions,
  responseOf,
  type CachedResponse,
  plainGetOverHttps,
  sendCached,
  variesByEncodingAlone,
} from './cached-response.ts';
import { cookieValue, SESSION_COOKIE } from './session.ts';

/** at most this many responses are cached (a query string makes another address, an encoding another response) */
const MAX_ENTRIES = 64;

interface CachedEntry extends CachedResponse {
  /** when it stops being sent from here (its max-age) */
  until: number;
}

/**
 * Responses any shared cache may store (`Cache-Control: public, max-age=N`, no cookie set, no Vary but by
 * Accept-Encoding, each Accept-Encoding as sent cached apart, as a cache caches the variants) are cached here for their
 * max-age and sent again (by the pipeline's first step, or by this middleware), as a cache in front of the site would
 * send them: for the catalogue, the same bytes and headers without the routes, the body reader or the database
 * context. Only a plain GET without a session cookie or a conditional header is served from here, over HTTPS when the
 * site requires it; every other request, and every address not cached, goes on through the app. Unlike a cache in front, it hears the database:
 * when it announces '*' (anything may have changed, unannounced: see ChangeFeed), every cached response goes.
 */
export class PublicResponseCache {
  private readonly entries = new Map<string, CachedEntry>();

  constructor(
    private readonly clock: Clock,
    private readonly options: ResponseCacheOptions,
    changes?: { onChange(listener: (key: string) => void): () => void },
  ) {
    changes?.onChange((key) => {
      if (key === '*') this.entries.clear();
    });
  }

  /**
   * Sends the response cached for this request, or lets the app respond and caches what may be cached. It goes after the
   * middleware whose work every response needs (the request line, the protective headers, the HTTPS refusal, the
   * query guard), so a cached response gets it too; what it caches is what the routes set on top of that.
   */
  middleware(): Middleware {
    // a request that cannot be answered from here (a write, a signed-in read) passes by without a promise of its own
    const caching = this.caching();
    return (ctx, next) => (this.sendIfCached(ctx) ? undefined : caching(ctx, next));
  }

  /**
   * Lets the app respond and caches what may be cached, sending nothing: for a pipeline whose first step already sent
   * what was cached (loggingSecurityAndErrors, given this cache).
   */
  caching(): Middleware {
    return (ctx, next) => (this.servable(ctx.req) ? next().then(() => this.cache(ctx)) : next());
  }

  /** Sends the response cached for this request, when there is one; whether it did. */
  sendIfCached(ctx: Context): boolean {
    const req = ctx.req;
    if (!this.servable(req)) return false;
    const response = this.cached(req.url ?? '', req);
    if (!response) return false;
    sendCached(ctx, response);
    return true;
  }

  /** Whether this request may be answered from here (and from what was cached for it). */
  private servable(req: IncomingMessage): boolean {
    return cookieValue(req.headers.cookie, SESSION_COOKIE) === undefined && plainGetOverHttps(req, this.options);
  }

  /** The response cached for this address (for its Accept-Encoding, when it varies by it) and still fresh. */
  private cached(url: string, req: IncomingMessage): CachedEntry | undefined {
    let key = url;
    let response = this.entries.get(key);
    if (!response) {
      key = variantKey(url, req.headers['accept-encoding']);
      response = this.entries.get(key);
      if (!response) return undefined;
    }
    if (response.until > this.now()) return response;
    this.entries.delete(key);
    return undefined;
  }

  private cache(ctx: Context): void {
    // (a response without the header, as Koa's own 404, gives undefined)
    const maxAge = ctx.status === 200 ? publicMaxAge(ctx.response.get('Cache-Control') ?? '') : null;
    if (maxAge === null) return;
    const response = responseOf(ctx, this.options.protective, { byEncoding: true });
    if (!response) return;
    const vary = ctx.response.get('Vary');
    const key = vary && variesByEncodingAlone(vary) ? variantKey(ctx.url, ctx.get('Accept-Encoding')) : ctx.url;
    if (!this.room(key)) return;
    this.entries.set(key, { ...response, until: this.now() + maxAge * 1000 });
  }

  /** Whether `key` may be cached: it is already, or there is room once the responses past their max-age are dropped. */
  private room(key: string): boolean {
    if (this.entries.size < MAX_ENTRIES || this.entries.has(key)) return true;
    const now = this.now();
    for (const [cached, response] of this.entries) if (response.until <= now) this.entries.delete(cached);
    return this.entries.size < MAX_ENTRIES;
  }

  private now(): number {
    return this.clock.now().getTime();
  }
}

/** where the response to a URL that varies by Accept-Encoding is cached for one Accept-Encoding, exactly as sent */
function variantKey(url: string, acceptEncoding: string | undefined): string {
  return `${url}\n${acceptEncoding ?? ''}`;
}

const UNCACHEABLE = new Set(['private', 'no-store', 'no-cache']);

/** N of `public, max-age=N` (seconds); null when the response is not public or has no max age. */
export function publicMaxAge(cacheControl: string): number | null {
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((part) => part.trim());
  if (!directives.includes('public') || directives.some((part) => UNCACHEABLE.has(part))) return null;
  const maxAge = directives.find((part) => part.startsWith('max-age='));
  const seconds = maxAge ? Number(maxAge.slice('max-age='.length)) : Number.NaN;
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}
