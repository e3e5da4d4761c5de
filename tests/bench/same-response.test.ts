import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const plain = Buffer.from(
  JSON.stringify({ products: Array.from({ length: 40 }, (_, id) => ({ id, name: `P${id}` })) }),
);
const gzipped = gzipSync(plain);

/** A site whose answer varies by Accept-Encoding and carries headers of its own. */
let site: Server;
let siteUrl = '';
/** the same-answer baseline sent by node:http alone, and by bare Koa */
const baselines: Record<'node' | 'koa', { child?: ChildProcess; url: string }> = {
  node: { url: '' },
  koa: { url: '' },
};
beforeAll(async () => {
  site = createServer((req, res) => {
    const gzip = /gzip/.test(req.headers['accept-encoding'] ?? '') && req.headers['x-forwarded-proto'] === 'https';
    res.writeHead(200, {
      'Content-Security-Policy': "default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
      'Content-Type': 'application/json; charset=utf-8',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      'Content-Length': String((gzip ? gzipped : plain).length),
    });
    res.end(gzip ? gzipped : plain);
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  for (const framework of ['node', 'koa'] as const) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/same-answer.ts'], {
      env: {
        ...process.env,
        SITE_URL: siteUrl,
        ANSWER_PATH: '/api/catalogue',
        ENCODINGS: 'gzip, br|identity',
        FRAMEWORK: framework,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    baselines[framework].child = child;
    baselines[framework].url = await new Promise<string>((done) => {
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const ready = /ready on (http:\/\/\S+)/.exec(output);
        if (ready) done(ready[1] as string);
      });
    });
  }
});
afterAll(async () => {
  for (const { child } of Object.values(baselines)) child?.kill('SIGTERM');
  await new Promise<void>((done) => site.close(() => done()));
});

/** status, headers (but the connection's own) and body bytes, as they came */
function fetchRaw(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status?: number; headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
    get(url, { headers }, (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = response.headers;
        done({ status: response.statusCode, headers: rest, body: Buffer.concat(chunks) });
      });
    }).on('error', fail);
  });
}

describe.each(['node', 'koa'] as const)("the catalogue's same-answer baseline (%s)", (framework) => {
  it("sends the site's answer for each Accept-Encoding, headers and bytes, as the site sent it", async () => {
    const baselineUrl = baselines[framework].url;
    const [zipped, uncompressed] = [await fetchRaw(`${baselineUrl}/0`), await fetchRaw(`${baselineUrl}/1`)];
    const siteZipped = await fetchRaw(`${siteUrl}/api/catalogue`, {
      'x-forwarded-proto': 'https',
      'accept-encoding': 'gzip, br',
    });
    const sitePlain = await fetchRaw(`${siteUrl}/api/catalogue`, { 'x-forwarded-proto': 'https' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped).toEqual(siteZipped);
    expect(uncompressed.headers['content-encoding']).toBeUndefined();
    expect(uncompressed).toEqual(sitePlain);
    expect(uncompressed.body.equals(plain)).toBe(true);
  });

  it('answers 404 for an answer it was not given', async () => {
    expect((await fetchRaw(`${baselines[framework].url}/2`)).status).toBe(404);
  });
});
