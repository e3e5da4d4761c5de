import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { FAKE_TEBEX_PRIVATE_KEY, FAKE_TEBEX_TOKEN, FAKE_TEBEX_WEBHOOK_SECRET, FakeTebex } from './fake-tebex.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './test-system.ts';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

/** The site with Tebex taking payments, on a known address (Tebex sends buyers back to PUBLIC_URL). */
export async function startTebexTestServer(
  options: TestServerOptions = {},
): Promise<{ server: TestServer; fake: FakeTebex; stop(): Promise<void> }> {
  const fake = await new FakeTebex().start();
  const port = await freePort();
  const server = await startTestServer({
    ...options,
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PAYMENT_GATEWAY: 'tebex',
      TEBEX_PUBLIC_TOKEN: FAKE_TEBEX_TOKEN,
      TEBEX_PRIVATE_KEY: FAKE_TEBEX_PRIVATE_KEY,
      TEBEX_WEBHOOK_SECRET: FAKE_TEBEX_WEBHOOK_SECRET,
      TEBEX_API_BASE: fake.url,
      ...options.env,
    },
  });
  fake.webhookUrl = `${server.url}/api/tebex/webhook`;
  return {
    server,
    fake,
    stop: async () => {
      await server.stop();
      await fake.stop();
    },
  };
}
