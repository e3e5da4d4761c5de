import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Paths pino blanks out wherever they appear in a log line. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.secret',
  '*.clientSecret',
  '*.client_secret',
  '*.accessToken',
  '*.access_token',
  '*.refreshToken',
  '*.refresh_token',
  '*.token',
  '*.code',
  '*.state',
  '*.code_verifier',
];

/**
 * Logs to stdout without blocking: a synchronous write per request line stalls the event loop when stdout is
 * a pipe (containers, process managers). pino's own destination gathers the lines (see logDestination).
 * Call flushLogger before the process exits.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const stream = destination ?? (level === 'silent' ? undefined : logDestination(1));
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: (error: unknown) => pino.stdSerializers.err(loggableError(error) as Error) },
    },
    stream,
  );
}

/** Lines are written once this many bytes have gathered... */
export const LOG_GATHER_BYTES = 4096;
/** ...or this long after the last write, whichever comes first. */
export const LOG_FLUSH_MS = 200;

/**
 * pino's own destination, asynchronous, holding lines until 4 KB have gathered (or LOG_FLUSH_MS has passed): each
 * write costs a call into the file system whatever its size, so under load one write per request cost more than
 * the answer. pino writes what it holds when the process exits; flushLogger writes it at once.
 */
export function logDestination(dest: number | string, flushEveryMs = LOG_FLUSH_MS) {
  return pino.destination({ dest, sync: false, minLength: LOG_GATHER_BYTES, periodicFlush: flushEveryMs });
}

/** Writes out whatever the logger still holds (before process.exit). */
export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((done) => logger.flush(() => done()));
}

/**
 * An error as the log keeps it. A database error's message carries the statement with the request's values written
 * into it (the driver inlines parameters): only its class, code and the database's own words remain.
 */
export function loggableError(error: unknown): unknown {
  const failure = error as { name?: string; code?: unknown; sqlState?: unknown; message?: string; stack?: string };
  if (!failure || typeof failure !== 'object' || !isDatabaseError(failure)) return error;
  const message = failure.message ?? '';
  // "<statement> - <the database's message>": the statement goes
  const reason = message.includes(' - ') ? message.slice(message.lastIndexOf(' - ') + 3) : 'statement hidden';
  const logged = new Error(`database error: ${reason}`);
  logged.name = failure.name ?? 'DatabaseError';
  // where it failed is the caller's line, written beside it; the statement's frames are left out
  logged.stack = `${logged.name}: ${logged.message}`;
  return Object.assign(logged, { sqlState: String(failure.code ?? failure.sqlState ?? '') });
}

function isDatabaseError(error: { name?: string; message?: string }): boolean {
  return (
    /Exception$/.test(error.name ?? '') ||
    /\b(select|insert|update|delete|with)\b[\s\S]*\b(from|into|set|values)\b/i.test(error.message ?? '')
  );
}
