import pino from 'pino';
import type { Logger } from '../../logger.ts';

/** Writes a request's line: method, path without the query string (it can carry OAuth codes), status, time. */
export type RequestLine = (requestId: string, method: string, path: string, status: number, started: bigint) => void;

interface LoggerInternals {
  [key: symbol]: unknown;
}

/**
 * The line pino writes for these five fields, written as one string to the logger's own destination: a line per
 * request made its serialiser (a pass over an object built for it, a check of each value's type, a redaction pass)
 * the largest cost of an answer served from the cache. The fields are always these and none is secret (the path
 * leaves out the query string); the line carries the logger's bindings (a worker's number) as pino would, and the
 * request id and method need no escaping (an id the site made, a method Node's parser accepted).
 */
export function requestLine(logger: Logger): RequestLine {
  const internals = logger as unknown as LoggerInternals;
  const destination = internals[pino.symbols.streamSym] as { write(line: string): unknown };
  const bindings = internals[pino.symbols.chindingsSym] as string;
  const level = logger.levels.values.info;
  return (requestId, method, path, status, started) => {
    if (!logger.isLevelEnabled('info')) return;
    const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
    destination.write(
      `{"level":${level},"time":${Date.now()}${bindings},"requestId":"${requestId}","method":"${method}","path":${JSON.stringify(path)},"status":${status},"ms":${ms},"msg":"request"}\n`,
    );
  };
}
