import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import type { Clock } from '../../core/shared/ports.ts';
import type { Logger } from '../logger.ts';
import type { SessionStore } from '../../core/users/ports.ts';
import { type AnswerOptions, answerOf, type KeptAnswer, plainGetOverHttps, sendKept } from './kept-answer.ts';
import { CookieKeys } from './middleware/cookie-keys.ts';
import { type RequestLine, requestLine } from './middleware/request-log.ts';
import { admittedAsKept, signedSessionId, unchangedSessionId } from './middleware/session.ts';

declare module 'koa' {
  interface DefaultState {
    /** set by a route whose answer is made from the session's user alone (see keepForSession) */
    keptForSession?: boolean;
  }
}

/**
 * Marks this answer as made from the signed-in session and its user alone (nothing else the database holds), so it
 * may be sent again to the same session for as long as this process keeps that session unchanged in memory.
 */
export function keepForSession(ctx: Context): void {
  ctx.state.keptForSession = true;
}

/**
 * A signed-in read whose answer the route marked as made from the session's user alone (who am I, the session) is
 * kept beside the session in the session store and sent again to that session before the app runs: the signed
 * cookie checked, the session still kept, unexpired and admitted as it is (no activity to write back, not idle,
 * not too old, its user not banned), and the same bytes and headers sent, with a request line of its own. The answer
 * goes with the session: any change to the session or its user (sign-out, ban, role, a new sign-in, a profile read
 * again from Discord) drops it in every process, as it drops the session. Every other request goes through the app.
 */
export class SessionAnswers {
  private readonly keys: CookieKeys;
  private readonly line: RequestLine;

  constructor(
    private readonly store: Pick<SessionStore, 'keepBeside' | 'beside' | 'moment'>,
    secret: string,
    logger: Logger,
    private readonly clock: Clock,
    private readonly options: AnswerOptions,
  ) {
    this.keys = new CookieKeys([secret]);
    this.line = requestLine(logger);
  }

  /** The session id of a signed cookie on a plain GET this may answer; undefined otherwise. */
  private sessionOf(req: IncomingMessage): string | undefined {
    const header = req.headers.cookie;
    // a request without cookies (most that are not signed in) goes by at once
    if (header === undefined || !plainGetOverHttps(req, this.options)) return undefined;
    return signedSessionId(header, this.keys);
  }

  /** Sends the answer kept for this request's session and address and returns true; false when the app must answer. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const sid = this.sessionOf(req);
    const url = req.url ?? '';
    const kept = sid && this.store.beside(sid, url);
    if (!kept || !admittedAsKept(kept.stored, this.clock.now().getTime())) return false;
    sendKept(res, kept.value as KeptAnswer, url, this.line);
    return true;
  }

  /** Keeps the answers routes marked (the outermost middleware but one, so every header is in them). */
  keeper(): Middleware {
    return (ctx, next) => {
      if (!this.sessionOf(ctx.req)) return next();
      // taken before the session is read: anything heard after it means the answer may be made from an older one
      const since = this.store.moment();
      return next().then(() => this.keep(ctx, since));
    };
  }

  private keep(ctx: Context, since: number): void {
    if (!ctx.state.keptForSession || !ctx.state.user) return;
    const sid = unchangedSessionId(ctx);
    const answer = sid && answerOf(ctx);
    if (sid && answer) this.store.keepBeside(sid, ctx.url, answer, since);
  }
}
