import { fixedLines, type Logger } from '../../logger.ts';

/** Writes a request's line: method, path without the query string (it can carry OAuth codes), status, time. */
export type RequestLine = (requestId: string, method: string, path: string, status: number, started: bigint) => void;

export function requestLine(logger: Logger): RequestLine {
  // these lines hold only fixed, non-secret fields: they skip pino's object walk and redaction
  const write = fixedLines(logger, 'info', 'request');
  return (requestId, method, path, status, started) => {
    const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
    write(
      `,"requestId":"${requestId}","method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms}`,
    );
  };
}
