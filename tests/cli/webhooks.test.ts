import { rmSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeSystem } from '../../adapters/compose.ts';
import { loadConfig } from '../../adapters/config.ts';
import { startServer } from '../../adapters/http/server.ts';
import { createLogger } from '../../adapters/logger.ts';
import { runCliInProcess as runCli } from '../support/cli.ts';
import { eventually } from '../support/eventually.ts';
import { migratedDataDir } from '../support/pglite-template.ts';
import { signIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import type { TestServer } from '../support/test-system.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

// The server runs on the embedded database; the CLI reaches the same database through DATA_DIR. An endpoint the CLI
// registers is heard by the server's worker and its purchases.
const dataDir = migratedDataDir('cli-webhooks-');
let env: Record<string, string>;
let server: TestServer;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  env = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    STRIPE_SECRET_KEY: '',
    STRIPE_PUBLISHABLE_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    DELIVERY_POLL_MS: '50',
    DELIVERY_RETRY_BASE_MS: '100',
  };
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT_WRITES_PER_MINUTE: '1000',
    ...env,
  });
  const system = await composeSystem(config, { dataDir, logger: createLogger('silent') });
  const running = await startServer(system, { port: 0, host: '127.0.0.1' });
  server = { url: running.url, system, stop: running.stop };
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('cli webhooks', () => {
  it('adds an endpoint (its secret printed once) that the running server then sends signed purchases to', async () => {
    const added = await runCli(
      [
        'webhooks',
        'add',
        receiver.url('/cli'),
        '--events',
        'purchase.completed, player.banned',
        '--description',
        'Board',
      ],
      env,
    );
    expect(added.code, added.stderr).toBe(0);
    const [, id] = /^Endpoint ([0-9a-f-]{36}) registered for purchase\.completed, player\.banned\.$/m.exec(
      added.stdout,
    )!;
    const [, secret] = /^Signing secret: (whsec_\S+)$/m.exec(added.stdout)!;
    expect(added.stdout).toContain('Keep it now: it is not shown again.');

    const listed = await runCli(['webhooks', 'list'], env);
    expect(listed.stdout).toContain(
      `${id}  ${receiver.url('/cli')}  purchase.completed,player.banned  nothing sent yet  Board`,
    );
    expect(listed.stdout).not.toContain(secret!.slice(6));
    expect(JSON.stringify(JSON.parse((await runCli(['webhooks', 'list', '--json'], env)).stdout))).not.toContain(
      secret!.slice(6),
    );

    // the server heard of the endpoint the CLI added (the change feed): its next purchase goes there
    await eventually(async () => {
      const buyer = await signIn(server);
      const { purchaseId } = await buyWithDemoCard(server.url, buyer, {
        productType: 'gang',
        productId: 'hood-package',
      });
      await eventually(
        () => expect(receiver.to('/cli').map((r) => JSON.parse(r.body).data.purchaseId)).toContain(purchaseId),
        3_000,
      );
    }, 15_000);
    const [delivery] = receiver.to('/cli');
    expect(new Webhook(secret!).verify(delivery!.body, delivery!.headers)).toMatchObject({
      type: 'purchase.completed',
    });

    const tested = await runCli(['webhooks', 'test', id!], env);
    expect(tested.code, tested.stderr).toBe(0);
    expect(tested.stdout).toMatch(/delivered\s+webhook\.test\s+tries 1\n\s+try 1 .* 200 /);
    expect(receiver.to('/cli').some((r) => JSON.parse(r.body).type === 'webhook.test')).toBe(true);

    const messages = await runCli(['webhooks', 'messages', id!], env);
    expect(messages.stdout).toMatch(/webhook\.test/);
    expect(messages.stdout).toMatch(/purchase\.completed/);
    const [first] = JSON.parse((await runCli(['webhooks', 'messages', id!, '--json'], env)).stdout);
    const resent = await runCli(['webhooks', 'resend', first.id], env);
    expect(resent.code, resent.stderr).toBe(0);
    expect(resent.stdout).toMatch(
      new RegExp(`delivered\\s+${first.type.replace('.', '\\.')}\\s+tries 1\\s+resends ${first.id}`),
    );

    expect((await runCli(['webhooks', 'remove', id!], env)).stdout).toContain(`Endpoint ${id} removed.`);
    expect((await runCli(['webhooks', 'list'], env)).stdout).toContain('No webhook endpoints.');
    const again = await runCli(['webhooks', 'remove', id!], env);
    expect([again.code, again.stderr.trim()]).toEqual([4, `Error: No webhook endpoint matches '${id}'.`]);
  }, 90_000);

  it('refuses bad input with a clear message and the invalid exit code', async () => {
    const unknown = await runCli(['webhooks', 'add', receiver.url('/x'), '--events', 'purchase.eaten'], env);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('Choose events from the list.');
    const notUrl = await runCli(['webhooks', 'add', 'nope', '--events', 'purchase.completed'], env);
    expect([notUrl.code, notUrl.stderr.trim()]).toEqual([
      3,
      'Error: The address must be a full URL, such as https://example.com/hooks.',
    ]);
    expect((await runCli(['webhooks', 'list'], env)).stdout).toContain('No webhook endpoints.');
  });
});
