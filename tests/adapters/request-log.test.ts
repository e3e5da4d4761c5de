import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { requestLine } from '../../adapters/http/middleware/request-log.ts';
import { createLogger, flushLogger, LOG_FLUSH_MS, LOG_GATHER_BYTES, logDestination } from '../../adapters/logger.ts';

/** A logger whose output lands in `text`, as written. */
function captured(level = 'info') {
  const out = { text: '' };
  const destination = new Writable({
    write(chunk, _encoding, done) {
      out.text += String(chunk);
      done();
    },
  });
  return { logger: createLogger(level, destination), out };
}

const folder = mkdtempSync(join(tmpdir(), 'bayou-request-log-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
/** an empty log file of its own */
function logFile(): string {
  const file = join(folder, `${++files}.log`);
  writeFileSync(file, '');
  return file;
}

const lines = (text: string) => text.split('\n').filter(Boolean);
/** a line without its time, which differs between two writes */
const timeless = (line: string) => line.replace(/"time":\d+/, '"time":0');

describe('request log lines', () => {
  it("are the lines pino writes for the same fields, with the logger's bindings, one per request", async () => {
    const { logger, out } = captured();
    const worker = logger.child({ worker: 2 });
    const started = process.hrtime.bigint();
    requestLine(logger)('a1', 'GET', '/api/"quoted"\u2028path', 200, started);
    requestLine(worker)('b2', 'POST', '/api/applications', 409, started);
    // gathered for a moment: the same lines, soon after
    await expect.poll(() => lines(out.text).length).toBe(2);
    const [first = {}, second = {}] = lines(out.text).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toMatchObject({ level: 30, requestId: 'a1', method: 'GET', status: 200, msg: 'request' });
    expect(first.path).toBe('/api/"quoted"\u2028path');
    expect(second).toMatchObject({
      worker: 2,
      requestId: 'b2',
      method: 'POST',
      path: '/api/applications',
      status: 409,
    });
    expect(typeof first.ms).toBe('number');
    expect(Math.abs((first.time as number) - Date.now())).toBeLessThan(5_000);

    // what pino itself writes for these fields, byte for byte but the time
    logger.info(
      { requestId: 'a1', method: 'GET', path: '/api/"quoted"\u2028path', status: 200, ms: first.ms },
      'request',
    );
    worker.info({ requestId: 'b2', method: 'POST', path: '/api/applications', status: 409, ms: second.ms }, 'request');
    await expect.poll(() => lines(out.text).length).toBe(4);
    const all = lines(out.text).map(timeless);
    expect(all[2]).toBe(all[0]);
    expect(all[3]).toBe(all[1]);
  });

  it('wait in the destination until 4 KB have gathered, are written out by flushLogger at once, and not at all below the logger level', async () => {
    const file = logFile();
    const logger = createLogger('info', logDestination(file, 60_000));
    const line = requestLine(logger);
    for (let request = 0; request < 5; request++) {
      line(`c${request}`, 'GET', '/api/catalogue', 200, process.hrtime.bigint());
      await new Promise((done) => setImmediate(done));
    }
    expect(readFileSync(file, 'utf8')).toBe('');
    await flushLogger(logger);
    expect(lines(readFileSync(file, 'utf8')).map((text) => JSON.parse(text).requestId)).toEqual([
      'c0',
      'c1',
      'c2',
      'c3',
      'c4',
    ]);

    const quietFile = logFile();
    const quiet = createLogger('warn', logDestination(quietFile, 60_000));
    requestLine(quiet)('d4', 'GET', '/api/catalogue', 200, process.hrtime.bigint());
    await flushLogger(quiet);
    expect(readFileSync(quietFile, 'utf8')).toBe('');
  });

  it('reach the file without a flush once 4 KB have gathered, and within LOG_FLUSH_MS when fewer have', async () => {
    const file = logFile();
    const line = requestLine(createLogger('info', logDestination(file, 60_000)));
    const long = `/api/${'x'.repeat(1_000)}`;
    for (let request = 0; request < 10; request++) line(`u${request}`, 'GET', long, 200, process.hrtime.bigint());
    await expect.poll(() => lines(readFileSync(file, 'utf8')).length).toBeGreaterThanOrEqual(LOG_GATHER_BYTES / 1_100);

    const soon = logFile();
    const began = Date.now();
    requestLine(createLogger('info', logDestination(soon)))(
      'v1',
      'GET',
      '/api/catalogue',
      200,
      process.hrtime.bigint(),
    );
    await expect.poll(() => lines(readFileSync(soon, 'utf8')).length, { timeout: 5_000 }).toBe(1);
    expect(Date.now() - began).toBeLessThan(LOG_FLUSH_MS + 1_000);
  });
});
