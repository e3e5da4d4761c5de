import { Writable } from 'node:stream';
import { createLogger } from '../../adapters/logger.ts';

/** A logger whose lines land in `lines`, parsed. */
export function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger('info', destination), lines };
}

/** A response's headers but those that differ between two sends of the same answer. */
export const headersOf = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive'));
