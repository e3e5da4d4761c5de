import { afterAll, describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { databaseTargets } from '../support/databases.ts';
import { deliverWebhook, startStripeTestServer } from '../support/stripe-server.ts';
import { AGREED } from '../support/checkout-terms.ts';

describe.each(databaseTargets())('exactly-once completion on %s', (target) => {
  const stops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it('50 concurrent complete-purchase calls and 25 duplicate webhook deliveries leave one completed purchase and one credit', async () => {
    const { server, fake, stop } = await startStripeTestServer({ target });
    stops.push(stop);
    const signed = await signIn(server);
    const api = client(server.url, signed.cookie);
    const started = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'swamp-blood',
      amount: 60,
    });
    const intentId: string = started.body.paymentIntentId;
    const event = fake.signedEvent('payment_intent.succeeded', fake.succeed(intentId));

    const completions = Array.from({ length: 50 }, () =>
      api.post('/api/complete-purchase', { paymentIntentId: intentId, price: 60 }),
    );
    const deliveries = Array.from({ length: 25 }, () =>
      deliverWebhook(server, event).then(async (r) => ({ status: r.status, body: await r.json() })),
    );
    const [completed, delivered] = await Promise.all([Promise.all(completions), Promise.all(deliveries)]);

    expect(completed.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(new Set(completed.map((r) => r.body.tokensAwarded))).toEqual(new Set([100]));
    expect(delivered.map((r) => r.status)).toEqual(Array(25).fill(200));
    expect(delivered.filter((r) => r.body.applied)).toHaveLength(1);

    const sql = <T extends object[]>(query: string, params: unknown[]) =>
      server.system.database.withContext(() => server.system.database.em.getConnection().execute<T>(query, params));
    const purchases = await sql<{ status: string }[]>(`select status from purchases where user_id = ?`, [
      signed.user.id,
    ]);
    expect(purchases).toEqual([{ status: 'completed' }]);
    const credits = await sql<{ delta: number }[]>(`select delta from token_ledger where user_id = ?`, [
      signed.user.id,
    ]);
    expect(credits).toEqual([{ delta: 100 }]);
    expect((await api.get('/api/user/tokens')).body.tokens).toBe(100);
  });

  it('20 concurrent starts of one product by one buyer leave one open purchase and one PaymentIntent', async () => {
    const { server, fake, stop } = await startStripeTestServer({ target });
    stops.push(stop);
    const signed = await signIn(server);
    const api = client(server.url, signed.cookie);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.post('/api/create-payment-intent', {
          ...AGREED,
          productType: 'gang',
          productId: 'hood-package',
          amount: 80,
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((r) => r.body.purchaseId)).size).toBe(1);
    expect(new Set(answers.map((r) => r.body.clientSecret)).size).toBe(1);
    const purchases = await server.system.database.withContext(() =>
      server.system.database.em
        .getConnection()
        .execute<{ id: string; status: string; payment_intent_id: string }[]>(
          `select id, status, payment_intent_id from purchases where user_id = ?`,
          [signed.user.id],
        ),
    );
    expect(purchases).toEqual([
      { id: answers[0]!.body.purchaseId, status: 'pending', payment_intent_id: answers[0]!.body.paymentIntentId },
    ]);
    // a request that found the purchase before its intent was attached asked with the same idempotency key
    const creations = fake
      .creations()
      .filter((r) => (r.body.metadata as Record<string, string>).userId === signed.user.id);
    expect(new Set(creations.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set([`purchase-${answers[0]!.body.purchaseId}`]),
    );
    expect([...fake.intents.values()].filter((intent) => intent.metadata.userId === signed.user.id)).toHaveLength(1);
  });
});
