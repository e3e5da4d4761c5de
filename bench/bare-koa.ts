import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';

/** answers of /sized/N, made once per size */
const sized = new Map<number, string>();

/** A JSON document of exactly `bytes` bytes. */
function documentOf(bytes: number): string {
  const shell = '{"status":"ok","padding":""}';
  return `${shell.slice(0, -2)}${'x'.repeat(Math.max(0, bytes - shell.length))}"}`;
}

/**
 * The baseline: a bare Koa app answering one small JSON document, nothing else in the way; /sized/N answers a
 * document of N bytes (up to 1 MB), to tell what sending a bigger answer costs whatever makes it.
 */
const app = new Koa();
app.use((ctx) => {
  const size = /^\/sized\/(\d{1,7})$/.exec(ctx.path);
  if (size) {
    const bytes = Math.min(Number(size[1]), 1_000_000);
    let body = sized.get(bytes);
    if (body === undefined) {
      body = documentOf(bytes);
      sized.set(bytes, body);
    }
    ctx.type = 'application/json';
    ctx.body = body;
    return;
  }
  ctx.body = { status: 'ok', products: [{ id: 'bayou-basic', name: 'Bayou Basic', price: 20 }] };
});
const server = createServer(app.callback());
server.listen(0, '127.0.0.1', () => {
  console.log(`Bare Koa ready on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
