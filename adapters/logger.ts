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
 * a pipe (containers, process managers). Lines written while one write is in flight go out together.
 * Call flushLogger before the process exits.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const stream = destination ?? (level === 'silent' ? undefined : pino.destination({ dest: 1, sync: false }));
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: pino.stdSerializers.err },
    },
    stream,
  );
}

/** Writes out whatever the logger still holds (before process.exit). */
export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((done) => logger.flush(() => done()));
}
