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
  // SMTP_URL carries the mail server's password
  '*.smtpUrl',
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
 * The log's destination: lines gather in memory until 4 KB have (or LOG_FLUSH_MS has passed since the first), then go
 * to pino's own asynchronous destination in one piece. Each write costs a call into the file system whatever its size,
 * so under load one write per request cost more than the answer; and that destination, given a line at a time, measures
 * all it holds on every line (a string it rebuilds each time), which under load made more garbage than the answers
 * themselves. What is gathered is written when the process exits; flushLogger writes it at once.
 */
export function logDestination(dest: number | string, flushEveryMs = LOG_FLUSH_MS): DestinationStream & Flushable {
  // minLength 1: what it is given is written at once, and its flush still waits for the write under way
  return new GatheredLines(pino.destination({ dest, sync: false, minLength: 1 }), LOG_GATHER_BYTES, flushEveryMs);
}

interface Flushable {
  flush(done?: (error?: Error) => void): void;
  flushSync(): void;
}

type Boom = ReturnType<typeof pino.destination>;

/** every destination still gathering, written out when the process exits */
const gathering = new Set<WeakRef<GatheredLines>>();
process.once('exit', () => {
  for (const ref of gathering) ref.deref()?.flushSync();
});

class GatheredLines implements Flushable {
  private lines: string[] = [];
  /** the length gathered, in characters (a line is mostly ASCII: near enough its bytes for a threshold) */
  private length = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly ref = new WeakRef(this);

  constructor(
    private readonly boom: Boom,
    private readonly gatherBytes: number,
    private readonly flushEveryMs: number,
  ) {
    gathering.add(this.ref);
  }

  write(line: string): boolean {
    this.lines.push(line);
    this.length += line.length;
    if (this.length >= this.gatherBytes) this.pass();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.pass(), this.flushEveryMs);
      this.timer.unref();
    }
    return true;
  }

  flush(done?: (error?: Error) => void): void {
    this.pass();
    this.boom.flush(done);
  }

  flushSync(): void {
    this.pass();
    this.boom.flushSync();
  }

  end(): void {
    this.pass();
    gathering.delete(this.ref);
    this.boom.end();
  }

  /** what has gathered, to pino's destination in one piece */
  private pass(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.lines.length === 0) return;
    const text = this.lines.length === 1 ? (this.lines[0] as string) : this.lines.join('');
    this.lines = [];
    this.length = 0;
    this.boom.write(text);
  }
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
