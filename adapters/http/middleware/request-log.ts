import type { Logger } from '../../logger.ts';

/** Writes a request's line: method, path without the query string (it can carry OAuth codes), status, time. */
export type RequestLine = (requestId: string, method: string, path: string, status: number, started: bigint) => void;

export function requestLine(logger: Logger): RequestLine {
  return (requestId, method, path, status, started) => {
    if (!logger.isLevelEnabled('info')) return;
    const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
    logger.info({ requestId, method, path, status, ms }, 'request');
  };
}
