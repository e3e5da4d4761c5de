import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AsyncLocalStorage } from 'node:async_hooks';
import { RequestContext, TransactionContext } from '@mikro-orm/core';
import Koa from 'koa';

/**
 * The catalogue's limit: `node:http` alone sending the site's own answer, its status line, headers and body byte
 * for byte (as the site sent them at start, fetched with each Accept-Encoding the bench asks with), and nothing
 * else: no framework, no lookup, no log line. ENCODINGS lists the Accept-Encoding headers, `|` between them
 * (`identity` for no compression asked); `/N` sends the answer fetched with the Nth, from 0. Whatever the site does
 * on top of this costs it the difference.
 */
const siteUrl = process.env.SITE_URL;
const path = process.env.ANSWER_PATH ?? '/api/catalogue';
const encodings = (process.env.ENCODINGS ?? 'identity').split('|');
if (!siteUrl) throw new Error('SITE_URL is required');

interface Answer {
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** what belongs to one connection, not to the answer (node:http writes its own, as the site's server does) */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'date', 'transfer-encoding']);

function fetchAnswer(encoding: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const asked = request(
      new URL(path, siteUrl),
      { headers: { 'x-forwarded-proto': 'https', 'accept-encoding': encoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) return fail(new Error(`${path} answered ${response.statusCode}`));
          const headers: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(response.headers))
            if (value !== undefined && !CONNECTION_HEADERS.has(name)) headers[name] = value;
          done({ headers, body: Buffer.concat(chunks) });
        });
      },
    );
    asked.on('error', fail);
    asked.end();
  });
}

const answers: Answer[] = [];
for (const encoding of encodings) answers.push(await fetchAnswer(encoding));

/**
 * FRAMEWORK=koa: a bare Koa app sends the answer instead (its headers set on the context, the body a buffer): the
 * limit the site's framework allows, everything Koa itself does per request included and nothing the site adds.
 */
const koa = process.env.FRAMEWORK === 'koa' || process.env.FRAMEWORK === 'koa-with-contexts';
/**
 * FRAMEWORK=koa-with-contexts: bare Koa in a process where the async contexts the site's database layer keeps are
 * turned on, as they are in every site process once it has run a query and a transaction: MikroORM's request and
 * transaction contexts and the site's own after-commit one (adapters/persistence/database.ts). No request runs inside
 * them; on Node 20, their being on makes every promise, tick and timer of every request pass their hook.
 */
if (process.env.FRAMEWORK === 'koa-with-contexts') {
  RequestContext.create([], () => undefined);
  TransactionContext.create({ _id: 0, name: 'default' } as never, () => undefined);
  new AsyncLocalStorage<unknown[]>().run([], () => undefined);
}
const app = new Koa();
app.use((ctx) => {
  const answer = answers[Number(ctx.url.slice(1))];
  if (!answer) {
    ctx.status = 404;
    return;
  }
  ctx.set(answer.headers);
  ctx.body = answer.body;
});
const server = koa
  ? createServer(app.callback())
  : createServer((req, res) => {
      const answer = answers[Number(req.url?.slice(1))];
      if (!answer) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, answer.headers);
      res.end(answer.body);
    });
server.listen(0, '127.0.0.1', () => {
  const summary = answers.map(
    (a, n) => `/${n}: ${encodings[n]}, ${Object.keys(a.headers).length} headers, ${a.body.length} bytes`,
  );
  console.log(
    `Same-answer baseline (${koa ? process.env.FRAMEWORK : 'node:http'}) ready on http://127.0.0.1:${(server.address() as AddressInfo).port} (${summary.join('; ')})`,
  );
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
