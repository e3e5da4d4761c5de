import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import type { Clock } from '../../core/shared/ports.ts';
import type { Logger } from '../logger.ts';
import { type RequestLine, requestLine } from './middleware/request-log.ts';
import { cookieValue, SESSION_COOKIE } from './middleware/session.ts';
import {
  type AnswerOptions,
  answerOf,
  type KeptAnswer,
  plainGetOverHttps,
  sendKept,
  variesByEncodingAlone,
} from './kept-answer.ts';

/** at most this many answers are kept (a query string makes another address, an encoding another answer) */
const MAX_ENTRIES = 64;

interface Answer extends KeptAnswer {
  /** when it stops being served from here (its max-age) */
  until: number;
}

/**
 * Answers any shared cache may keep (`Cache-Control: public, max-age=N`, no cookie set, no Vary but by
 * Accept-Encoding, each Accept-Encoding as sent kept apart, as a cache keeps the variants) are kept here for
 * their max-age and sent again before the app runs: for the catalogue, the same bytes and headers without Koa, the
 * route chain or the security-header work, as a cache in front of the site would send them. Only a plain GET
 * without a session cookie or a conditional header is answered from here, over HTTPS when the site requires it;
 * every other request, and every address not kept, goes through the app as before. Each answer still writes its
 * request log line.
 */
export class PublicAnswers {
  private readonly answers = new Map<string, Answer>();
  private readonly line: RequestLine;

  constructor(
    logger: Logger,
    private readonly clock: Clock,
    private readonly options: AnswerOptions,
  ) {
    this.line = requestLine(logger);
  }

  private now(): number {
    return this.clock.now().getTime();
  }

  /** Whether this request may be answered from here (and from what was kept for it). */
  private servable(req: IncomingMessage): boolean {
    return cookieValue(req.headers.cookie, SESSION_COOKIE) === undefined && plainGetOverHttps(req, this.options);
  }

  /** Sends the kept answer for this request and returns true; false when the app must answer it. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '';
    let key = url;
    let answer = this.answers.get(key);
    if (!answer) {
      key = variantKey(url, req.headers['accept-encoding']);
      answer = this.answers.get(key);
      if (!answer) return false;
    }
    if (answer.until <= this.now()) {
      this.answers.delete(key);
      return false;
    }
    if (!this.servable(req)) return false;
    sendKept(res, answer, url, this.line);
    return true;
  }

  /** Keeps the app's answers that may be kept (the outermost middleware, so every header is in them). */
  keeper(): Middleware {
    // a request that could not be answered from here (a write, a signed-in read) passes by without a promise of its own
    return (ctx, next) => (this.servable(ctx.req) ? next().then(() => this.keep(ctx)) : next());
  }

  private keep(ctx: Context): void {
    // (a response without the header, as Koa's own 404, answers undefined)
    const maxAge = ctx.status === 200 ? publicMaxAge(ctx.response.get('Cache-Control') ?? '') : null;
    if (maxAge === null) return;
    const answer = answerOf(ctx, { byEncoding: true });
    if (!answer) return;
    const vary = ctx.response.get('Vary');
    const key = vary && variesByEncodingAlone(vary) ? variantKey(ctx.url, ctx.get('Accept-Encoding')) : ctx.url;
    if (!this.room(key)) return;
    this.answers.set(key, { ...answer, until: this.now() + maxAge * 1000 });
  }

  /** Whether `key` may be kept: it is already, or there is room once the answers past their max-age are dropped. */
  private room(key: string): boolean {
    if (this.answers.size < MAX_ENTRIES || this.answers.has(key)) return true;
    const now = this.now();
    for (const [kept, answer] of this.answers) if (answer.until <= now) this.answers.delete(kept);
    return this.answers.size < MAX_ENTRIES;
  }
}

/** where the answer to a URL that varies by Accept-Encoding is kept for one Accept-Encoding, exactly as sent */
function variantKey(url: string, acceptEncoding: string | undefined): string {
  return `${url}\n${acceptEncoding ?? ''}`;
}

const NOT_KEPT = new Set(['private', 'no-store', 'no-cache']);

/** N of `public, max-age=N` (seconds); null when the answer is not public or has no max age. */
export function publicMaxAge(cacheControl: string): number | null {
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((part) => part.trim());
  if (!directives.includes('public') || directives.some((part) => NOT_KEPT.has(part))) return null;
  const maxAge = directives.find((part) => part.startsWith('max-age='));
  const seconds = maxAge ? Number(maxAge.slice('max-age='.length)) : Number.NaN;
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}
