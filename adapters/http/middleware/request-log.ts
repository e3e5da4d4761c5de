import type { Logger } from '../../logger.ts';

/** Writes a request's line: method, path without the query string (it can carry OAuth codes), status, time. */
export type RequestLine = (requestId: string, method: string, path: string, status: number, started: bigint) => void;

export function requestLine(logger: Logger): RequestLine {
  // the line's fields are always these five and none is secret (the path leaves out the query string), so it skips
  // the redaction pass the other lines get: with its wildcard paths, that pass took more time than the line itself
  const requests = logger.child({}, { redact: [] });
  return (requestId, method, path, status, started) => {
    if (!requests.isLevelEnabled('info')) return;
    const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
    requests.info({ requestId, method, path, status, ms }, 'request');
  };
}
