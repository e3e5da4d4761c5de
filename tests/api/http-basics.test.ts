import { createServer } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestServer } from '../support/shared-server.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

let server: TestServer;
beforeAll(async () => {
  server = await sharedTestServer();
});

describe('HTTP basics', () => {
  it('answers /api/health with 200 while the database is up', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      database: 'up',
      pool: { size: expect.any(Number), used: expect.any(Number), free: expect.any(Number), waiting: 0 },
    });
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await fetch(`${server.url}/api/does-not-exist`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect((await response.json()).message).toContain('/api/does-not-exist');
  });

  it('answers malformed JSON with a 400 and a message', async () => {
    const response = await fetch(`${server.url}/api/catalogue`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"broken":',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('The request body is not valid JSON.');
  });

  it('answers a body over 100 KB with a 413', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(101 * 1024) });
    const response = await fetch(`${server.url}/api/catalogue`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toMatch(/larger than 100 KB/);
  });

  it('answers a form-encoded body on an API route with a 415', async () => {
    const response = await fetch(`${server.url}/api/catalogue`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(response.status).toBe(415);
  });

  it('answers a wrong method on a known route with a 405', async () => {
    const response = await fetch(`${server.url}/api/catalogue`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('GET');
    expect(await response.json()).toEqual({
      message: expect.stringContaining('DELETE is not allowed on /api/catalogue'),
      code: 'METHOD_NOT_ALLOWED',
    });
  });

  it('answers a method no route has with a 501, OPTIONS with the methods of the path, and an unknown API path with a 404', async () => {
    const unknown = await fetch(`${server.url}/api/catalogue`, { method: 'PROPFIND' });
    expect(unknown.status).toBe(501);
    expect(unknown.headers.get('allow')).toContain('GET');
    expect(await unknown.json()).toMatchObject({ code: 'NOT_IMPLEMENTED' });
    const options = await fetch(`${server.url}/api/catalogue`, { method: 'OPTIONS' });
    expect(options.status).toBe(200);
    expect(options.headers.get('allow')).toContain('GET');
    const missing = await fetch(`${server.url}/api/no-such-thing`, { method: 'DELETE' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'No API route DELETE /api/no-such-thing.', code: 'NOT_FOUND' });
  });

  it('sends security headers', async () => {
    const response = await fetch(`${server.url}/api/catalogue`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('health with the database unreachable', () => {
  it('answers 503 with a JSON message when DATABASE_URL points at a closed port', async () => {
    const port = await closedPort();
    const down = await startTestServer({
      env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` },
      migrate: false,
      target: 'pglite',
    });
    try {
      const started = Date.now();
      const response = await fetch(`${down.url}/api/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ message: 'The database is unreachable.', database: 'down' });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await down.stop();
    }
  });
});

function closedPort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}
