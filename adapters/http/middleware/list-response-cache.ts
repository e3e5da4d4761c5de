import type { Middleware } from 'koa';
import type { Clock } from '../../../core/shared/ports.ts';
import { currentUser } from './auth.ts';

/** a cached response is sent again for at most this long: lists say how long ago things happened, and checkouts lapse */
const MAX_AGE_MS = 1000;
/** responses cached per process; the oldest go first beyond this */
const MAX_ENTRIES = 200;
/** the response's headers a route sets, sent again with its body */
const HEADERS = ['Content-Type', 'Content-Encoding', 'Vary', 'Cache-Control'] as const;

interface CachedEntry {
  at: number;
  /** how long it may be sent again */
  maxAgeMs: number;
  headers: Array<[string, string]>;
  body: Buffer;
  /** past its age, a request is reading the list again: the others are sent this response meanwhile */
  refreshing: boolean;
}

/** what announces changes to the rows the lists read (a Database), and whether it can hear them (a ChangeFeed) */
export interface ListChanges {
  onChange(listener: (key: string) => void): () => void;
}
export interface Hearing {
  readonly hearing: boolean;
}

/**
 * The staff's list responses (the review lists, the purchases list), polled by every open list, cached in this
 * process's memory for a second and dropped at once when anything they read may have changed: any write this
 * process serves (`writes`), and every change the database announces (its triggers, for every process, the CLI and
 * hand-written statements alike), sessions aside. Past its second, the first request reads the list again, and the
 * others are sent the response it is replacing until it is done, so only that one waits on the reads. A read that
 * was under way while anything changed is not cached, and while the change feed cannot hear, nothing is cached. Each
 * signed-in user has responses of their own.
 */
export class ListResponseCache {
  private readonly entries = new Map<string, CachedEntry>();
  /** moves on every change: a read that began before it is not cached */
  private generation = 0;

  constructor(
    changes: ListChanges,
    private readonly feed: Hearing,
    private readonly clock: Clock,
  ) {
    changes.onChange((key) => {
      if (!key.startsWith('session:')) this.forgetAll();
    });
  }

  /**
   * for a list route, after its role check: serves from memory when it can, else caches what the route sends;
   * `maxAgeMs` for a response that may be older than a second (the dashboard's charts)
   */
  serve({ maxAgeMs = MAX_AGE_MS } = {}): Middleware {
    return async (ctx, next) => {
      const gzip = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
      const key = `${currentUser(ctx).id} ${gzip ? 'gzip' : 'identity'} ${ctx.url}`;
      const now = this.clock.now().getTime();
      const cached = this.feed.hearing ? this.entries.get(key) : undefined;
      if (cached && now >= cached.at && (now - cached.at < cached.maxAgeMs || cached.refreshing)) {
        for (const [name, value] of cached.headers) ctx.set(name, value);
        ctx.body = cached.body;
        return;
      }
      const generation = this.generation;
      if (cached) cached.refreshing = true;
      try {
        await next();
      } finally {
        // failed or not cached: the next request past the second reads it again
        if (cached) cached.refreshing = false;
      }
      if (ctx.status !== 200 || !Buffer.isBuffer(ctx.body)) return;
      if (!this.feed.hearing || generation !== this.generation) return;
      this.entries.delete(key);
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
      const headers: Array<[string, string]> = [];
      for (const name of HEADERS) {
        const value = ctx.response.get(name);
        if (value) headers.push([name, value]);
      }
      this.entries.set(key, { at: now, maxAgeMs, headers, body: ctx.body, refreshing: false });
    };
  }

  /** every request that may write: what it changed shows in the next list read, cached or not */
  writes(): Middleware {
    return (ctx, next) => {
      if (ctx.method === 'GET' || ctx.method === 'HEAD' || ctx.method === 'OPTIONS') return next();
      return next().finally(() => this.forgetAll());
    };
  }

  private forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }
}
