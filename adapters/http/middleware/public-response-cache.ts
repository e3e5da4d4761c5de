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

/** at most this many answers are cached (a query string makes another address, an encoding another answer) */
const MAX_ENTRIES = 64;

interface CachedEntry extends CachedResponse {
  /** when it stops being sent from here (its max-age) */
  until: number;
}

/**
 * Answers any shared cache may cache (`Cache-Control: public, max-age=N`, no cookie set, no Vary but by
 * Accept-Encoding, each Accept-Encoding as sent cached apart, as a cache caches the variants) are cached here for their
 * max-age and sent again by this middleware, as a cache in front of the site would send them: for the catalogue, the
 * same bytes and headers without the routes, the body reader or the database context. Only a plain GET without a
 * session cookie or a conditional header is answered from here, over HTTPS when the site requires it; every other
 * request, and every address not cached, goes on through the app. Unlike a cache in front, it hears the database:
 * when it announces '*' (anything may have changed, unannounced: see ChangeFeed), every cached answer goes.
 */
export class PublicResponseCache {
  private readonly answers = new Map<string, CachedEntry>();

  constructor(
    private readonly clock: Clock,
    private readonly options: ResponseCacheOptions,
    changes?: { onChange(listener: (key: string) => void): () => void },
  ) {
    changes?.onChange((key) => {
      if (key === '*') this.answers.clear();
    });
  }

  /**
   * Sends the answer cached for this request, or lets the app answer and caches what may be cached. It goes after the
   * middleware whose work every answer needs (the request line, the protective headers, the HTTPS refusal, the
   * query guard), so a cached answer gets it too; what it caches is what the routes set on top of that.
   */
  middleware(): Middleware {
    // a request that cannot be answered from here (a write, a signed-in read) passes by without a promise of its own
    return (ctx, next) => {
      const req = ctx.req;
      if (!this.servable(req)) return next();
      const answer = this.cached(req.url ?? '', req);
      if (!answer) return next().then(() => this.cache(ctx));
      sendCached(ctx, answer);
      return undefined;
    };
  }

  /** Whether this request may be answered from here (and from what was cached for it). */
  private servable(req: IncomingMessage): boolean {
    return cookieValue(req.headers.cookie, SESSION_COOKIE) === undefined && plainGetOverHttps(req, this.options);
  }

  /** The answer cached for this address (for its Accept-Encoding, when it varies by it) and still fresh. */
  private cached(url: string, req: IncomingMessage): CachedEntry | undefined {
    let key = url;
    let answer = this.answers.get(key);
    if (!answer) {
      key = variantKey(url, req.headers['accept-encoding']);
      answer = this.answers.get(key);
      if (!answer) return undefined;
    }
    if (answer.until > this.now()) return answer;
    this.answers.delete(key);
    return undefined;
  }

  private cache(ctx: Context): void {
    // (a response without the header, as Koa's own 404, answers undefined)
    const maxAge = ctx.status === 200 ? publicMaxAge(ctx.response.get('Cache-Control') ?? '') : null;
    if (maxAge === null) return;
    const answer = responseOf(ctx, { byEncoding: true });
    if (!answer) return;
    const vary = ctx.response.get('Vary');
    const key = vary && variesByEncodingAlone(vary) ? variantKey(ctx.url, ctx.get('Accept-Encoding')) : ctx.url;
    if (!this.room(key)) return;
    this.answers.set(key, { ...answer, until: this.now() + maxAge * 1000 });
  }

  /** Whether `key` may be cached: it is already, or there is room once the answers past their max-age are dropped. */
  private room(key: string): boolean {
    if (this.answers.size < MAX_ENTRIES || this.answers.has(key)) return true;
    const now = this.now();
    for (const [cached, answer] of this.answers) if (answer.until <= now) this.answers.delete(cached);
    return this.answers.size < MAX_ENTRIES;
  }

  private now(): number {
    return this.clock.now().getTime();
  }
}

/** where the answer to a URL that varies by Accept-Encoding is cached for one Accept-Encoding, exactly as sent */
function variantKey(url: string, acceptEncoding: string | undefined): string {
  return `${url}\n${acceptEncoding ?? ''}`;
}

const UNCACHEABLE = new Set(['private', 'no-store', 'no-cache']);

/** N of `public, max-age=N` (seconds); null when the answer is not public or has no max age. */
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
