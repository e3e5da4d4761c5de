import { beforeAll, describe, expect, it } from 'vitest';
import { runCliOn } from '../support/cli.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

let server: TestServer;
beforeAll(async () => {
  server = await sharedTestServer();
});

const sql = <T extends object[]>(query: string, params: unknown[] = []) =>
  server.system.database.withContext(() => server.system.database.em.getConnection().execute<T>(query, params));

/** a player who bought the Starter Gang with the demo card */
async function buyer() {
  const player = await signIn(server);
  const http = client(server.url, player.cookie);
  const started = await http.post('/api/create-payment-intent', {
    ...AGREED,
    productType: 'gang',
    productId: 'starter-gang',
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await http.post('/api/payments/demo/confirm', {
    clientSecret: started.body.clientSecret,
    cardNumber: '4242424242424242',
  });
  const completed = await http.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId });
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  return { player, purchaseId: started.body.purchaseId as string };
}

describe('cli db verify', () => {
  it('finds a consistent store consistent, then names each breach and exits 1', async () => {
    const { player, purchaseId } = await buyer();
    const clean = await runCliOn(server.system, ['db', 'verify']);
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/All 9 checks hold/);

    await sql(`update users set tokens = tokens + 5, bought_tokens = bought_tokens - 1 where id = ?`, [player.user.id]);
    await sql(
      `insert into token_ledger (id, user_id, delta, balance_after, reason, reference, created_at)
       values (gen_random_uuid(), ?, -10, 0, 'Refund: twice', ?, now()), (gen_random_uuid(), ?, -10, 0, 'Dispute', ?, now())`,
      [player.user.id, `refunded:${purchaseId}`, player.user.id, `disputed:${purchaseId}`],
    );
    await sql(
      `insert into deliveries (id, kind, status, user_id, dedupe_key, locked_until, updated_at)
       values (gen_random_uuid(), 'message_user', 'sending', ?, 'stuck-test', now() - interval '1 hour', now() - interval '1 hour')`,
      [player.user.id],
    );
    const broken = await runCliOn(server.system, ['db', 'verify']);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(`BREACH balance equals ledger: user ${player.user.id}: balance`);
    expect(broken.stdout).toContain(`BREACH bought tokens equal ledger: user ${player.user.id}: `);
    expect(broken.stdout).toContain(`BREACH refund debited once: purchase ${purchaseId} (completed)`);
    expect(broken.stdout).toMatch(/BREACH no delivery stuck in sending: delivery .* \(message_user\)/);
    expect(broken.stderr).toMatch(
      /breaks 4 invariant\(s\): balance equals ledger, bought tokens equal ledger, refund debited once, no delivery stuck/,
    );
  });
});
