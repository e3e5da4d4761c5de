import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../support/pglite-template.ts';
import { composeSystem } from '../../adapters/compose.ts';
import { loadConfig } from '../../adapters/config.ts';
import { startServer } from '../../adapters/http/server.ts';
import { createLogger } from '../../adapters/logger.ts';
import { runCliInProcess as runCli } from '../support/cli.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import type { TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

// The server runs on the embedded database with the demo gateway; the CLI reaches the same database
// (and so the same demo payments) through the address the server publishes in DATA_DIR. Commands run in
// this process (no start-up per command); tests/cli/applications.test.ts runs the CLI as its own process.
const dataDir = migratedDataDir('cli-purchases-');
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  STRIPE_SECRET_KEY: '',
  STRIPE_PUBLISHABLE_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
};
let server: TestServer;

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RATE_LIMIT_WRITES_PER_MINUTE: '1000',
    // the commands are what is tested here, not the server's own reconciliation
    PURCHASE_RECONCILE_POLL_MS: '3600000',
  });
  const system = await composeSystem(config, { dataDir, logger: createLogger('silent') });
  const running = await startServer(system, { port: 0, host: '127.0.0.1' });
  server = { url: running.url, system, stop: running.stop };
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const sql = (query: string, params: unknown[]) =>
  server.system.database.withContext(() => server.system.database.em.getConnection().execute(query, params));

/** A buyer who paid with 4242 but whose page never reported back (and no webhook exists in demo mode). */
async function paidButNeverCompleted(productId = 'swamp-blood') {
  const buyer = await signIn(server, { username: 'Jean Baptiste' });
  const http = client(server.url, buyer.cookie);
  const started = await http.post('/api/create-payment-intent', { ...AGREED, productType: 'whitelist', productId });
  const paid = await http.post('/api/payments/demo/confirm', {
    clientSecret: started.body.clientSecret,
    cardNumber: '4242424242424242',
  });
  expect(paid.body.paymentIntent.status).toBe('succeeded');
  return { http, purchaseId: started.body.purchaseId as string, intentId: started.body.paymentIntentId as string };
}

describe('cli purchases', () => {
  it('reconcile completes a paid purchase whose completion never came, once it is a minute old', async () => {
    const { http, purchaseId } = await paidButNeverCompleted();
    const early = await runCli(['purchases', 'reconcile', '--json'], env);
    expect(early.code).toBe(0);
    expect(JSON.parse(early.stdout).completed).not.toContain(purchaseId);

    await sql(`update purchases set created_at = now() - interval '2 minutes' where id = ?`, [purchaseId]);
    const result = await runCli(['purchases', 'reconcile'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`completed ${purchaseId}`);
    // the CLI is another process: the server hears of the new balance within a second
    await expect.poll(async () => (await http.get('/api/user/tokens')).body.tokens, { timeout: 1000 }).toBe(100);

    const again = await runCli(['purchases', 'reconcile', '--json'], env);
    expect(JSON.parse(again.stdout).completed).toEqual([]);
    expect((await http.get('/api/user/tokens')).body.tokens).toBe(100);
  }, 60_000);

  it('lists with a status filter as text, JSON and CSV, and shows one purchase', async () => {
    const { purchaseId, intentId } = await paidButNeverCompleted('bayou-basic');
    const json = await runCli(['purchases', 'list', '--status', 'awaiting_payment', '--json'], env);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout);
    expect(parsed.purchases.map((p: { id: string }) => p.id)).toContain(purchaseId);
    expect(parsed.purchases.every((p: { status: string }) => p.status === 'awaiting_payment')).toBe(true);
    const csv = await runCli(['purchases', 'list', '--csv'], env);
    // the same header as the admin page's export (tests/api/admin-purchases.test.ts)
    expect(csv.stdout.split('\n')[0]).toBe(
      'id,createdAt,status,productType,productId,productName,optionId,price,amountPaid,buyerDiscord,buyerEmail,userId,tokensAwarded,failureReason,refundReason,completedAt,paymentAttemptedAt,paymentIntentId,paymentReference,gateway,listPrice,discount,couponCode,saleName,creatorCode,giftTo,giftMonths,consentGivenAt,consentVersion,consentAddress',
    );
    expect(csv.stdout).toContain(`${purchaseId},`);
    const text = await runCli(['purchases', 'list'], env);
    expect(text.stdout).toMatch(/\d+ purchases, revenue \$60\.00, 1 completed, \d+ pending/);
    const show = await runCli(['purchases', 'show', intentId], env);
    expect(show.stdout).toMatch(new RegExp(`id\\s+${purchaseId}`));
    const missing = await runCli(['purchases', 'show', 'pi_nope'], env);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain("No purchase matches 'pi_nope'.");
  }, 60_000);

  it('lists a checkout closed with no payment tried only with --unpaid', async () => {
    const buyer = await signIn(server, { username: 'Unpaid Ursule' });
    const started = await client(server.url, buyer.cookie).post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'starter-gang',
    });
    await sql(`update purchases set created_at = now() - interval '20 minutes' where id = ?`, [
      started.body.purchaseId,
    ]);
    expect((await runCli(['purchases', 'reconcile'], env)).stdout).toMatch(
      new RegExp(`failed\\s+${started.body.purchaseId}`),
    );
    const listed = (args: string[]) =>
      runCli(['purchases', 'list', '--json', ...args], env).then((result) =>
        JSON.parse(result.stdout).purchases.map((p: { id: string }) => p.id),
      );
    expect(await listed([])).not.toContain(started.body.purchaseId);
    expect(await listed(['--unpaid'])).toContain(started.body.purchaseId);
  }, 60_000);

  it("shows an unban's Discord username and ban reason", async () => {
    const buyer = await signIn(server, { username: 'Banned Bertrand' });
    const started = await client(server.url, buyer.cookie).post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'unban',
      productId: 'discord-unban',
      buyerDiscord: 'bertrand_old',
      banReason: 'Banned for spamming invites in the trade channel.',
    });
    expect(started.status).toBe(200);
    const show = await runCli(['purchases', 'show', started.body.purchaseId], env);
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(/buyerDiscord\s+bertrand_old/);
    expect(show.stdout).toMatch(/banReason\s+Banned for spamming invites in the trade channel\./);
  }, 60_000);

  it('shows and lists a gift with its recipient', async () => {
    const buyer = await signIn(server, { username: 'Generous Gus' });
    const started = await client(server.url, buyer.cookie).post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'hood-package',
      giftTo: '300000000000000003',
    });
    expect(started.status).toBe(200);
    const show = await runCli(['purchases', 'show', started.body.purchaseId], env);
    expect(show.stdout).toMatch(/giftTo\s+300000000000000003 \(300000000000000003\)/);
    expect(show.stdout).not.toContain('[object Object]');
    const text = await runCli(['purchases', 'list'], env);
    expect(text.stdout).toContain('Generous Gus (gift for 300000000000000003)');
  }, 60_000);

  it('refunds a completed purchase through the gateway and removes the tokens', async () => {
    const { http, purchaseId, intentId } = await paidButNeverCompleted('parish-life');
    expect((await http.post('/api/complete-purchase', { paymentIntentId: intentId })).body.tokensAwarded).toBe(50);
    const refunded = await runCli(['purchases', 'refund', purchaseId, '--reason', 'Bought the wrong tier'], env);
    expect(refunded.code).toBe(0);
    expect(refunded.stdout).toContain('Status: refunded');
    expect(refunded.stdout).toContain(
      'It was the month being served: the Priority Pass has ended and is not charged again.',
    );
    expect((await http.get('/api/user/tokens')).body.tokens).toBe(0);
    const twice = await runCli(['purchases', 'refund', purchaseId, '--reason', 'again'], env);
    expect(twice.code).toBe(5);
    expect(twice.stderr).toContain('Only a completed purchase can be refunded; this one is refunded.');
  }, 60_000);
});
