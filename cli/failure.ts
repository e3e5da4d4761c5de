import { ConfigError } from '../adapters/config-error.ts';
import { DataDirLockedError } from '../adapters/persistence/data-dir-locked-error.ts';
import { DomainError, type ErrorKind } from '../core/shared/errors.ts';
import { terminalText } from './terminal-text.ts';

/** Exit codes a script can rely on. */
export const EXIT_CODES: Record<ErrorKind | 'usage' | 'failure', number> = {
  failure: 1,
  usage: 2,
  invalid: 3,
  not_found: 4,
  conflict: 5,
  forbidden: 6,
  unauthenticated: 6,
  unavailable: 7,
};

export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export interface Failure {
  /** one line, safe for the terminal */
  message: string;
  exitCode: number;
}

/**
 * What went wrong, as one line for stderr, and the documented exit code. A database failure is named by what
 * the server said, never by the statement: the SQL (with the values inlined in it) goes to the debug log only.
 */
export function describeFailure(error: unknown): Failure {
  const [message, exitCode] = classify(error);
  return { message: singleLine(message), exitCode };
}

/** A failure's message that a report carries (one difference of many), worded the same way: without SQL. */
export function reportedFailure(message: string): string {
  return singleLine(serverMessage(message) || 'the database failed unexpectedly');
}

function classify(error: unknown): [string, number] {
  if (error instanceof CliFailure) return [error.message, error.exitCode];
  if (error instanceof DomainError) return [error.message, EXIT_CODES[error.kind]];
  if (error instanceof ConfigError) return [error.message, EXIT_CODES.invalid];
  if (error instanceof DataDirLockedError) return [error.message, EXIT_CODES.unavailable];
  if (!(error instanceof Error)) return [String(error), EXIT_CODES.failure];
  if (unreachable(error)) return [`cannot reach the database (${reasonOf(error)})`, EXIT_CODES.unavailable];
  const sqlState = sqlStateOf(error);
  if (sqlState) return refusal(sqlState, serverMessage(error.message) || `SQLSTATE ${sqlState}`);
  if (SQL_START.test(error.message))
    return ['the database failed unexpectedly (LOG_LEVEL=debug shows the details)', EXIT_CODES.failure];
  return [error.message || error.name, EXIT_CODES.failure];
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** pg's and the connection pool's own words when a connection fails or never comes */
const CONNECTION_LOST = /Connection terminated|timeout expired|Timeout acquiring a connection/i;

function unreachable(error: Error): boolean {
  const { code } = error as NodeJS.ErrnoException;
  if (code && NETWORK_CODES.has(code)) return true;
  if (error.name === 'KnexTimeoutError' || CONNECTION_LOST.test(serverMessage(error.message))) return true;
  return error instanceof AggregateError && error.errors.some((inner) => inner instanceof Error && unreachable(inner));
}

function reasonOf(error: Error): string {
  const inner =
    error instanceof AggregateError
      ? error.errors.find((e): e is Error => e instanceof Error && Boolean(e.message))
      : undefined;
  return (
    serverMessage(error.message) ||
    (inner && serverMessage(inner.message)) ||
    (error as NodeJS.ErrnoException).code ||
    error.name
  );
}

/** A Postgres server error (pg's DatabaseError, or MikroORM's exception wrapping it) carries its SQLSTATE. */
function sqlStateOf(error: Error): string | undefined {
  const { code, severity } = error as Error & { code?: unknown; severity?: unknown };
  return typeof severity === 'string' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

const SQL_START =
  /^\s*(select|insert|update|delete|with|create|alter|drop|truncate|begin|commit|rollback|savepoint|release|set|lock|do|call|copy|grant|revoke|comment|explain|analyze|vacuum|refresh)\b/i;

/**
 * The driver prefixes the server's message with the failed statement ("select ... - relation "x" does not
 * exist"); everything up to the last " - " is statement, so only what follows it stays.
 */
function serverMessage(message: string): string {
  if (!SQL_START.test(message)) return message;
  const at = message.lastIndexOf(' - ');
  return at === -1 ? '' : message.slice(at + 3);
}

// https://www.postgresql.org/docs/current/errcodes-appendix.html
function refusal(sqlState: string, reason: string): [string, number] {
  const kind = sqlState.slice(0, 2);
  if (kind === '08' || kind === '53' || kind === '3D' || sqlState.startsWith('57P'))
    return [`the database is unavailable (${reason})`, EXIT_CODES.unavailable];
  if (kind === '28') return [`the database refused the connection (${reason})`, EXIT_CODES.unavailable];
  if (kind === '40') return [`the database gave up on the request (${reason}); try again`, EXIT_CODES.unavailable];
  if (sqlState === '57014') return [`the database took too long to answer (${reason})`, EXIT_CODES.unavailable];
  if (kind === '23') return [`the database refused the change (${reason})`, EXIT_CODES.conflict];
  if (sqlState === '42P01' || sqlState === '42703') {
    return [
      `the database refused the request (${reason}); see whether migrations are pending: npm run cli -- db status`,
      EXIT_CODES.failure,
    ];
  }
  return [`the database refused the request (${reason})`, EXIT_CODES.failure];
}

const MAX_LENGTH = 400;

/** "Heading:\n  a\n  b" reads "Heading: a; b"; escape sequences and controls go; a runaway message is cut. */
function singleLine(message: string): string {
  const line = terminalText(message)
    .replace(/:\s*\n\s*/g, ': ')
    .replace(/\s*\n\s*/g, '; ')
    .replace(/\t/g, ' ')
    .trim();
  return line.length > MAX_LENGTH ? `${line.slice(0, MAX_LENGTH - 1)}…` : line;
}
