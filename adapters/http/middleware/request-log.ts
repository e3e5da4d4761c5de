import type { Logger } from '../../logger.ts';

/** Writes a request's line: method, path without the query string (it can carry OAuth codes), status, time. */
export type RequestLine = (requestId: string, method: string, path: string, status: number, started: bigint) => void;

export function requestLine(logger: Logger): RequestLine {
  // these lines hold only fixed, non-secret fields: they skip the redaction walk every other line gets
  const lines = logger.child({}, { redact: [] });
  return (requestId, method, path, status, started) => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    lines.info({ requestId, method, path, status, ms: Math.round(ms * 10) / 10 }, 'request');
  };
}
