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

/** Lines gathered in this turn of the event loop, per destination (see fixedLines). */
const gathered = new Map<DestinationStream, string>();

function writeGathered(): void {
  for (const [stream, text] of gathered) stream.write(text);
  gathered.clear();
}

/**
 * Lines of one fixed shape (the request log), written as pino writes them (level, time, the logger's bindings, the
 * fields, the message) and handed to the destination once per turn of the event loop. The destination measures
 * everything it still holds on each write, so under load one write per request cost more the more requests were
 * waiting; gathered, a turn's lines are one write. `fields` is the JSON of the line's own fields, each with its
 * leading comma; nothing in them is redacted.
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
    if (gathered.size === 0) setImmediate(writeGathered);
    const pending = gathered.get(stream);
    gathered.set(stream, pending === undefined ? line : pending + line);
  };
}

/** Writes out whatever the logger still holds (before process.exit). */
export function flushLogger(logger: Logger): Promise<void> {
  writeGathered();
  return new Promise((done) => logger.flush(() => done()));
}
