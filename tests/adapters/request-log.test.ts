import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { requestLine } from '../../adapters/http/middleware/request-log.ts';
import { createLogger, flushLogger, GATHER_MS } from '../../adapters/logger.ts';

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

  it('are written out by flushLogger at once, and not at all below the logger level', async () => {
    const { logger, out } = captured();
    const line = requestLine(logger);
    line('c3', 'GET', '/api/catalogue', 200, process.hrtime.bigint());
    expect(out.text).toBe('');
    await flushLogger(logger);
    expect(lines(out.text)).toHaveLength(1);

    const quiet = captured('warn');
    requestLine(quiet.logger)('d4', 'GET', '/api/catalogue', 200, process.hrtime.bigint());
    await flushLogger(quiet.logger);
    await new Promise((done) => setImmediate(done));
    expect(quiet.out.text).toBe('');
  });

  it('reach the destination together: those of the next moment in one write, at once past 64 KB', async () => {
    const writes: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        writes.push(String(chunk));
        done();
      },
    });
    const line = requestLine(createLogger('info', destination));
    // requests answered in turns of the event loop of their own, as under load
    const began = Date.now();
    for (let request = 0; request < 5; request++) {
      line(`t${request}`, 'GET', '/api/catalogue', 200, process.hrtime.bigint());
      await new Promise((done) => setImmediate(done));
    }
    await expect.poll(() => writes.length).toBe(1);
    expect(Date.now() - began).toBeGreaterThanOrEqual(GATHER_MS - 1);
    expect(lines(writes[0] ?? '').map((text) => JSON.parse(text).requestId)).toEqual(['t0', 't1', 't2', 't3', 't4']);

    // a burst does not wait: 64 KB of lines go out as soon as they are there, the rest a moment later
    writes.length = 0;
    const long = `/api/${'x'.repeat(1_000)}`;
    for (let request = 0; request < 70; request++) line(`u${request}`, 'GET', long, 200, process.hrtime.bigint());
    expect(writes).toHaveLength(1);
    const first = lines(writes[0] ?? '').length;
    expect(first).toBeGreaterThan(50);
    await expect.poll(() => writes.length).toBe(2);
    expect(first + lines(writes[1] ?? '').length).toBe(70);
  });
});
