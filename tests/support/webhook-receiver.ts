import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver took, with the headers the Standard Webhooks specification names. */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/** How the receiver answers a request to a path: a status and body, after a wait; `hang`: never. */
export type Answer = { status: number; body?: string; delayMs?: number } | 'hang';

/**
 * A local HTTP server standing in for the owners' tools: it records every request and answers each path as the test
 * says (a script of answers, the last repeated), and counts connections made to it.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const scripts = new Map<string, Answer[]>();
  const hanging = new Set<ServerResponse>();
  let connections = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({
        path,
        headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const script = scripts.get(path) ?? [];
      const answer = (script.length > 1 ? script.shift() : script[0]) ?? { status: 200, body: 'ok' };
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      setTimeout(() => {
        if (!response.destroyed) response.writeHead(answer.status).end(answer.body ?? '');
      }, answer.delayMs ?? 0);
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    connections: () => connections,
    /** the answers to a path, in order; the last one stays */
    answer(path: string, ...answers: Answer[]) {
      scripts.set(path, answers);
    },
    to: (path: string) => received.filter((each) => each.path === path),
    close: () =>
      new Promise<void>((done) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
