import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson } from '../../adapters/http/json-response.ts';
import { loggingSecurityAndErrors } from '../../adapters/http/middleware/logging-security-and-errors.ts';
import { createLogger } from '../../adapters/logger.ts';

/** what Postgres and the pool say when they turn a request away, as the driver hands it on */
const FAILURES: Record<string, () => Error> = {
  'a lock not granted in time': () =>
    Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }),
  'a statement past its timeout': () =>
    Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
  'a deadlock': () => Object.assign(new Error('deadlock detected'), { code: '40P01' }),
  // node-postgres' connectionTimeoutMillis, as MikroORM hands it on
  'a new connection not let in within its limit': () =>
    Object.assign(new Error('timeout expired'), { name: 'DriverException', cause: new Error('timeout expired') }),
  'no pooled connection in time': () =>
    Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), {
      name: 'KnexTimeoutError',
    }),
};

let url: string;
let close: () => void;
beforeAll(async () => {
  const app = new Koa();
  app.silent = true;
  app.use(
    loggingSecurityAndErrors({ logger: createLogger('silent'), production: false, publicUrl: 'http://localhost' }),
  );
  app.use(async (ctx, next) => {
    await next();
    // as a session saved once the route has answered: the failure comes after the body was set
    const failure = FAILURES[String(ctx.query.fail)];
    if (failure) throw failure();
  });
  app.use((ctx) => {
    sendJson(ctx, { rows: Array.from({ length: 200 }, (_, index) => ({ index, name: `row ${index}` })) });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close?.());

describe('a request the database turns away', () => {
  for (const what of Object.keys(FAILURES))
    it(`answers ${what} with 503 and Retry-After, its JSON readable though the list was gzipped first`, async () => {
      const response = await fetch(`${url}/?fail=${encodeURIComponent(what)}`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(await response.json()).toMatchObject({ code: 'BUSY' });
    });

  it('sends the gzipped list as it is when nothing fails', async () => {
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect((await response.json()).rows).toHaveLength(200);
  });
});
