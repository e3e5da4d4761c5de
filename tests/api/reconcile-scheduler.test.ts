import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PURCHASE_RECONCILE_POLL_MS: '1000' } });
});
afterAll(() => server?.stop());

const sql = <T extends object[]>(query: string, params: unknown[] = []) =>
  server.system.database.withContext(() => server.system.database.em.getConnection().execute<T>(query, params));

/** A buyer who paid with 4242 and whose page never reported back (the process died, the tab closed). */
async function paidButNeverCompleted(productId: string) {
  const buyer = await signIn(server);
  const http = client(server.url, buyer.cookie);
  const started = await http.post('/api/create-payment-intent', { ...AGREED, productType: 'whitelist', productId });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const paid = await http.post('/api/payments/demo/confirm', {
    clientSecret: started.body.clientSecret,
    cardNumber: '4242424242424242',
  });
  expect(paid.body.paymentIntent.status).toBe('succeeded');
  // paid a little over a minute ago
  await sql(`update purchases set created_at = now() - interval '70 seconds' where id = ?`, [started.body.purchaseId]);
  return { http, purchaseId: started.body.purchaseId as string };
}

const statusOf = async (id: string) =>
  (await sql<Array<{ status: string }>>(`select status from purchases where id = ?`, [id]))[0]?.status;

describe("the server's own reconciliation", () => {
  it('completes a paid purchase nobody completed, once, with its tokens, without anyone running a command', async () => {
    const { http, purchaseId } = await paidButNeverCompleted('swamp-blood');
    await expect.poll(() => statusOf(purchaseId), { timeout: 15_000, interval: 200 }).toBe('completed');
    expect((await http.get('/api/user/tokens')).body.tokens).toBe(100);
  });

  it('completes at start-up what a crash left paid but pending', async () => {
    await server.system.reconcileScheduler.stop();
    const { http, purchaseId } = await paidButNeverCompleted('bayou-basic');
    expect(await statusOf(purchaseId)).toBe('pending');
    server.system.reconcileScheduler.start();
    await expect.poll(() => statusOf(purchaseId), { timeout: 15_000, interval: 100 }).toBe('completed');
    expect((await http.get('/api/user/tokens')).body.tokens).toBeGreaterThan(0);
  });
});
