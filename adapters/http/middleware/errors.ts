import type { Context } from 'koa';
import { ZodError } from 'zod';
import { DomainError, type ErrorKind } from '../../../core/shared/errors.ts';
import type { ErrorBody } from '../contract/errors.ts';
import type { Logger } from '../../logger.ts';
import { isDatabaseBusy } from '../../persistence/database-busy.ts';

const STATUS_BY_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
};

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/**
 * Messages of a lost connection that carry no code: the pool's and the driver's, PGlite's once closed, and knex's
 * "Transaction query already complete" for the next statement of a transaction whose connection dropped mid-way.
 */
const CONNECTION_MESSAGES =
  /Connection terminated|connect ECONNREFUSED|is not queryable|Client was closed|Transaction query already complete/i;

/** seconds a client is asked to wait before trying again after a 503 */
export const RETRY_AFTER_SECONDS = { busy: 2, unavailable: 5 } as const;

/** headers of the answer's body, which an error body replaces: a gzipped list's Content-Encoding must not stay */
const REPRESENTATION_HEADERS = ['Content-Encoding', 'Content-Disposition', 'Content-Language', 'ETag', 'Last-Modified'];

/** True for errors that mean the database cannot be reached (not that a query was wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const candidate = error as { code?: string; name?: string; message?: string; cause?: unknown } | undefined;
  if (!candidate || typeof candidate !== 'object') return false;
  if (candidate.code && CONNECTION_CODES.has(candidate.code)) return true;
  if (candidate.name === 'ConnectionException') return true;
  if (CONNECTION_MESSAGES.test(candidate.message ?? '')) return true;
  return candidate.cause !== undefined && candidate.cause !== error && isDatabaseUnavailable(candidate.cause);
}

/**
 * Postgres class 22 ("data exception": a NUL byte, invalid UTF-8, a value out of range or too long) means the
 * request carried a value the database cannot hold: the client's mistake, answered 400, not a server failure. So
 * does 08P01 ("invalid message format"): Postgres's answer to a NUL byte in a text parameter, which cannot even
 * be sent to it; the connection stays usable.
 */
export function isRejectedValue(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && (code === '08P01' || /^22[0-9A-Z]{3}$/.test(code));
}

export function formatZodError(error: ZodError): ErrorBody {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
  const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return { message: `Invalid request. ${summary}`, code: 'INVALID_REQUEST', issues };
}

/** Turns every failure into the JSON error body; a 500 never carries a stack trace. */
export function errorResponse(logger: Logger): (ctx: Context, error: unknown) => void {
  return (ctx, error) => {
    let status = 500;
    let retryAfter: number = RETRY_AFTER_SECONDS.unavailable;
    let body: ErrorBody = { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' };
    if (error instanceof DomainError) {
      status = STATUS_BY_KIND[error.kind];
      body = { message: error.message, code: error.code, ...(error.issues.length ? { issues: error.issues } : {}) };
    } else if (error instanceof ZodError) {
      status = 400;
      body = formatZodError(error);
    } else if (isRejectedValue(error)) {
      status = 400;
      body = {
        message:
          'The request contains a value that cannot be stored (a NUL character, invalid text, or a number out of range).',
        code: 'INVALID_VALUE',
      };
    } else if (isDatabaseBusy(error)) {
      status = 503;
      retryAfter = RETRY_AFTER_SECONDS.busy;
      body = { message: 'The store is busy right now. Please try again in a moment.', code: 'BUSY' };
    } else if (isDatabaseUnavailable(error)) {
      status = 503;
      body = { message: 'The service is temporarily unavailable. Please try again shortly.', code: 'UNAVAILABLE' };
    } else {
      const httpError = error as {
        status?: number;
        expose?: boolean;
        message?: string;
        headers?: Record<string, string>;
      };
      if (typeof httpError.status === 'number' && httpError.status >= 400 && httpError.status < 500) {
        status = httpError.status;
        body = { message: httpError.expose && httpError.message ? httpError.message : 'Bad request.' };
        if (httpError.headers) ctx.set(httpError.headers);
      }
    }
    if (status === 503) {
      logger.warn({ err: error, method: ctx.method, path: ctx.path }, 'request not served: database busy or down');
      ctx.set('Retry-After', String(retryAfter));
    } else if (status >= 500) logger.error({ err: error, method: ctx.method, path: ctx.path }, 'request failed');
    // the failure may come after the route set its answer (a session saved once the route is done)
    for (const name of REPRESENTATION_HEADERS) ctx.remove(name);
    ctx.status = status;
    ctx.body = body;
  };
}
