import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger, headersOf } from '../support/captured-log.ts';
import { PublicResponseCache, publicMaxAge } from '../../adapters/http/middleware/public-response-cache.ts';
import { protectiveHeaders } from '../../adapters/http/middleware/security-headers.ts';
import { createHttpApp } from '../../adapters/http/app.ts';
import { PRODUCTION_ENV, startTestServer, type TestServer } from '../support/test-system.ts';

describe('the catalogue in production, answered again from what was kept', () => {
  let server: TestServer;
  const log = capturedLogger();
  beforeAll(async () => {
    server = await startTestServer({ env: PRODUCTION_ENV, logger: log.logger });
  });
  afterAll(() => server?.stop());
  const https = { 'X-Forwarded-Proto': 'https' };

  it('sends the same bytes and headers the second time, and writes a request line for each', async () => {
    const first = await fetch(`${server.url}/api/catalogue`, { headers: https });
    const firstBody = await first.text();
    const second = await fetch(`${server.url}/api/catalogue`, { headers: https });
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(firstBody);
    expect(headersOf(second)).toEqual(headersOf(first));
    // what a shared cache may keep, with the site's protective headers
    expect(second.headers.get('cache-control')).toBe('public, max-age=60');
    expect(second.headers.get('strict-transport-security')).toContain('max-age=');
    expect(second.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    // fetch asks for gzip, as a browser does: the body arrived compressed and was unpacked
    expect(second.headers.get('content-encoding')).toBe('gzip');
    expect(second.headers.get('vary')).toBe('Accept-Encoding');
    expect(Number(second.headers.get('content-length'))).toBeLessThan(Buffer.byteLength(firstBody) / 3);
    await expect
      .poll(() => log.lines.filter((line) => line.msg === 'request' && line.path === '/api/catalogue').length)
      .toBe(2);
    const [a, b] = log.lines.filter((line) => line.path === '/api/catalogue');
    expect(b).toMatchObject({ method: 'GET', status: 200 });
    expect(b!.requestId).not.toBe(a!.requestId);
  });

  it('keeps the gzipped and the plain answer apart, each for the clients that ask for it', async () => {
    const raw = (acceptEncoding?: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
        const headers: Record<string, string> = {
          ...https,
          ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}),
        };
        get(`${server.url}/api/catalogue`, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done({ headers: response.headers, body: Buffer.concat(chunks) }));
        }).on('error', fail);
      });
    const browser = 'gzip, deflate, br, zstd';
    const [gzipped, plain, gzippedAgain, plainAgain] = [
      await raw(browser),
      await raw(),
      await raw(browser),
      await raw(),
    ];
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const catalogue = JSON.parse(plain.body.toString()) as { products: unknown[] };
    expect(catalogue.products.length).toBeGreaterThan(10);
    expect(gunzipSync(gzipped.body).toString()).toBe(plain.body.toString());
    expect(gzipped.headers.etag).not.toBe(plain.headers.etag);
    // each sent again as it was, to the client that asked for it
    expect(gzippedAgain.body.equals(gzipped.body)).toBe(true);
    expect(gzippedAgain.headers['content-encoding']).toBe('gzip');
    expect(plainAgain.body.toString()).toBe(plain.body.toString());
    expect(plainAgain.headers['content-encoding']).toBeUndefined();
    expect(Number(plainAgain.headers['content-length'])).toBe(plain.body.length);
  });

  it('still refuses plain HTTP, answers 304 to a conditional request and no-store to a signed-in one', async () => {
    await fetch(`${server.url}/api/catalogue`, { headers: https });
    const plain = await fetch(`${server.url}/api/catalogue`);
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as { code: string }).code).toBe('HTTPS_REQUIRED');

    const etag = (await fetch(`${server.url}/api/catalogue`, { headers: https })).headers.get('etag')!;
    const conditional = await fetch(`${server.url}/api/catalogue`, {
      headers: { ...https, 'If-None-Match': etag, 'Cache-Control': 'max-age=0' },
    });
    expect(conditional.status).toBe(304);

    // a request carrying a session (production has no development sign-in: any session cookie counts)
    const signedIn = await fetch(`${server.url}/api/catalogue`, {
      headers: { ...https, cookie: 'bayou.sid=someone; bayou.sid.sig=signature' },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
  });

  it('once the server is stopping, an answer sent from memory closes its connection too', async () => {
    const stopping = createServer(createHttpApp(server.system, { stopping: () => true }).callback());
    await new Promise<void>((done) => stopping.listen(0, '127.0.0.1', done));
    try {
      const url = `http://127.0.0.1:${(stopping.address() as AddressInfo).port}/api/catalogue`;
      const [first, second] = [await fetch(url, { headers: https }), await fetch(url, { headers: https })];
      for (const answer of [first, second]) {
        expect(answer.status).toBe(200);
        expect(answer.headers.get('connection')).toBe('close');
        expect(answer.headers.get('cache-control')).toBe('public, max-age=60');
      }
      expect(await second.text()).toBe(await first.text());
    } finally {
      await new Promise((done) => stopping.close(done));
    }
  });
});

describe('PublicResponseCache', () => {
  let server: Server;
  let url: string;
  let now = 1_000_000;
  let answered = 0;
  /** what heard the database's announcements */
  const listeners: Array<(key: string) => void> = [];
  const announce = (key: string) => {
    for (const listener of listeners) listener(key);
  };
  beforeAll(async () => {
    const clock = { now: () => new Date(now) };
    const changes = {
      onChange: (listener: (key: string) => void) => {
        listeners.push(listener);
        return () => undefined;
      },
    };
    const answers = new PublicResponseCache(
      clock,
      { httpsOnly: false, trustProxy: false, protective: protectiveHeaders(false) },
      changes,
    );
    const app = new Koa();
    app.use(answers.middleware());
    app.use((ctx) => {
      answered++;
      const cacheControl = typeof ctx.query.cc === 'string' ? ctx.query.cc : 'public, max-age=60';
      ctx.set('Cache-Control', cacheControl);
      if (ctx.query.cookie) ctx.cookies.set('flavour', 'chicory');
      if (typeof ctx.query.vary === 'string') ctx.vary(ctx.query.vary);
      if (ctx.query.close) ctx.set('Connection', 'close');
      ctx.status = ctx.query.status ? Number(ctx.query.status) : 200;
      ctx.body = `answer ${answered}`;
    });
    server = createServer(app.callback());
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));
  const text = async (path: string, init?: RequestInit) => (await fetch(`${url}${path}`, init)).text();

  it('keeps a public answer for its max-age, then asks the app again', async () => {
    const first = await text('/kept');
    expect(await text('/kept')).toBe(first);
    now += 59_000;
    expect(await text('/kept')).toBe(first);
    now += 1_000;
    const fresh = await text('/kept');
    expect(fresh).not.toBe(first);
    expect(await text('/kept')).toBe(fresh);
  });

  it('keeps each address apart and never keeps a private, no-store, cookie-setting, varying or failed answer', async () => {
    const kept = await text('/kept?variant=1');
    expect(await text('/kept?variant=2')).not.toBe(kept);
    for (const path of [
      '/?cc=private,%20max-age=60',
      '/?cc=no-store',
      '/?cc=public',
      '/?cookie=1',
      '/?vary=Accept-Language',
      '/?vary=Accept-Encoding,%20Cookie',
      '/?status=404',
    ]) {
      const first = await text(path);
      expect(await text(path), path).not.toBe(first);
    }
  });

  it('keeps an answer that varies by Accept-Encoding alone once for each Accept-Encoding sent', async () => {
    const path = '/encoded?vary=Accept-Encoding';
    const as = (acceptEncoding: string) => text(path, { headers: { 'Accept-Encoding': acceptEncoding } });
    const gzip = await as('gzip');
    const identity = await as('identity');
    expect(identity).not.toBe(gzip);
    expect(await as('gzip')).toBe(gzip);
    expect(await as('identity')).toBe(identity);
    // another way of asking is another answer of the app's, kept in its turn
    const both = await as('gzip, br');
    expect([gzip, identity]).not.toContain(both);
    expect(await as('gzip, br')).toBe(both);
  });

  it('lets the app answer a write, a conditional request and a request carrying a session', async () => {
    const kept = await text('/again');
    expect(await text('/again', { method: 'POST' })).not.toBe(kept);
    expect(await text('/again', { headers: { 'If-None-Match': '"x"' } })).not.toBe(kept);
    expect(await text('/again', { headers: { cookie: 'bayou.sid=abc; bayou.sid.sig=def' } })).not.toBe(kept);
    expect(await text('/again', { headers: { cookie: 'theme=dark' } })).toBe(kept);
  });

  it("drops every kept answer when the database announces '*' (anything may have changed), not on a change it names", async () => {
    const first = await text('/heard');
    announce('table:purchases');
    announce('session:abc');
    expect(await text('/heard')).toBe(first);
    announce('*');
    const fresh = await text('/heard');
    expect(fresh).not.toBe(first);
    expect(await text('/heard')).toBe(fresh);
  });

  it('makes room for a new address once kept answers are past their max-age', async () => {
    const shortLived = (n: number) => `/short?n=${n}&cc=public,%20max-age=1`;
    for (let n = 0; n < 64; n++) await text(shortLived(n));
    const full = await text('/newcomer');
    expect(await text('/newcomer')).not.toBe(full);
    now += 1_000;
    const kept = await text('/newcomer');
    expect(await text('/newcomer')).toBe(kept);
  });

  it('keeps what belongs to the answer, not to its connection', async () => {
    const first = await fetch(`${url}/closing?close=1`);
    const body = await first.text();
    expect(first.headers.get('connection')).toBe('close');
    const again = await fetch(`${url}/closing?close=1`);
    expect(await again.text()).toBe(body);
    expect(again.headers.get('connection')).not.toBe('close');
  });

  it('reads max-age only from public answers', () => {
    expect(publicMaxAge('public, max-age=60')).toBe(60);
    expect(publicMaxAge('max-age=60, public')).toBe(60);
    expect(publicMaxAge('no-cache')).toBeNull();
    expect(publicMaxAge('public, no-store, max-age=60')).toBeNull();
    expect(publicMaxAge('public, max-age=0')).toBeNull();
  });
});
