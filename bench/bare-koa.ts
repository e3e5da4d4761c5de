import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';

/** The baseline: a bare Koa app answering one small JSON document, nothing else in the way. */
const app = new Koa();
app.use((ctx) => {
  ctx.body = { status: 'ok', products: [{ id: 'bayou-basic', name: 'Bayou Basic', price: 20 }] };
});
const server = createServer(app.callback());
server.listen(0, '127.0.0.1', () => {
  console.log(`Bare Koa ready on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
