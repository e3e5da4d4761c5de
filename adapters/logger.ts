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
      serializers: { err: (error: unknown) => pino.stdSerializers.err(loggableError(error) as Error) },
    },
    stream,
  );
}

/** How long request lines wait to be written with the lines that follow them, at most. */
export const GATHER_MS = 20;
/** Gathered lines are written at once when they reach this many characters. */
const GATHER_MAX = 64 * 1024;

/** Lines gathered since the last write, per destination (see fixedLines). */
const gathered = new Map<DestinationStream, string>();
let gatheredLength = 0;
let writeTimer: NodeJS.Timeout | undefined;

function writeGathered(): void {
  clearTimeout(writeTimer);
  writeTimer = undefined;
  for (const [stream, text] of gathered) stream.write(text);
  gathered.clear();
  gatheredLength = 0;
}

/**
 * Lines of one fixed shape (the request log), written as pino writes them (level, time, the logger's bindings, the
 * fields, the message) and handed to the destination together: GATHER_MS after the first of them, or as soon as
 * they reach 64 KB, and at once by flushLogger. Each write to the destination costs a call into the file system
 * whatever its size, so under load one write per request (or per turn of the event loop) cost more than the
 * answer; gathered, a second's lines are some fifty writes. Each line carries its own time. `fields` is the JSON of
 * the line's own fields, each with its leading comma; nothing in them is redacted.
 */
export function fixedLines(logger: Logger, level: pino.Level, msg: string): (fields: string) => void {
  const holder = logger as unknown as Record<symbol, unknown>;
  const stream = holder[pino.symbols.streamSym] as DestinationStream;
  const bindings = (holder[pino.symbols.chindingsSym] as string | undefined) ?? '';
  const head = `{"level":${logger.levels.values[level]},"time":`;
  const tail = `,"msg":${JSON.stringify(msg)}}\n`;
  return (fields) => {
    if (!logger.isLevelEnabled(level)) return;
    const line = head + Date.now() + bindings + fields + tail;
    const pending = gathered.get(stream);
    gathered.set(stream, pending === undefined ? line : pending + line);
    gatheredLength += line.length;
    if (gatheredLength >= GATHER_MAX) writeGathered();
    else writeTimer ??= setTimeout(writeGathered, GATHER_MS);
  };
}

/** Writes out whatever the logger still holds (before process.exit). */
export function flushLogger(logger: Logger): Promise<void> {
  writeGathered();
  return new Promise((done) => logger.flush(() => done()));
}

/**
 * An error as the log keeps it. A database error's message carries the statement with the request's values written
 * into it (the driver inlines parameters): only its class, code and the database's own words are kept.
 */
export function loggableError(error: unknown): unknown {
  const failure = error as { name?: string; code?: unknown; sqlState?: unknown; message?: string; stack?: string };
  if (!failure || typeof failure !== 'object' || !isDatabaseError(failure)) return error;
  const message = failure.message ?? '';
  // "<statement> - <the database's message>": the statement goes
  const reason = message.includes(' - ') ? message.slice(message.lastIndexOf(' - ') + 3) : 'statement hidden';
  const logged = new Error(`database error: ${reason}`);
  logged.name = failure.name ?? 'DatabaseError';
  // where it failed is the caller's line, written beside it; the statement's frames are not kept
  logged.stack = `${logged.name}: ${logged.message}`;
  return Object.assign(logged, { sqlState: String(failure.code ?? failure.sqlState ?? '') });
}

function isDatabaseError(error: { name?: string; message?: string }): boolean {
  return (
    /Exception$/.test(error.name ?? '') ||
    /\b(select|insert|update|delete|with)\b[\s\S]*\b(from|into|set|values)\b/i.test(error.message ?? '')
  );
}
