import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../support/fake-stripe.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { deliverWebhook, startStripeTestServer } from '../support/stripe-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

let server: TestServer;
let fake: FakeStripe;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ server, fake, stop } = await startStripeTestServer());
});
afterAll(() => stop?.());

async function startPurchase(productId = 'swamp-blood', productType = 'whitelist') {
  const signed = await signIn(server);
  const api = client(server.url, signed.cookie);
  const started = await api.post('/api/create-payment-intent', { ...AGREED, productType, productId });
  expect(started.status).toBe(200);
  return {
    api,
    user: signed.user,
    intentId: started.body.paymentIntentId as string,
    purchaseId: started.body.purchaseId as string,
  };
}

const purchaseStatus = async (purchaseId: string) =>
  (
    await server.system.database.withContext(() =>
      server.system.database.em
        .getConnection()
        .execute<{ status: string }[]>(`select status from purchases where id = ?`, [purchaseId]),
    )
  )[0].status;

describe('Stripe webhooks (signed with generateTestHeaderString)', () => {
  it('configures the browser with the publishable key and has no demo confirm route', async () => {
    expect((await client(server.url).get('/api/payments/config')).body).toEqual({
      mode: 'stripe',
      publishableKey: 'pk_test_fake_local',
    });
    const { api } = await startPurchase();
    expect(
      (await api.post('/api/payments/demo/confirm', { clientSecret: 'x_secret_y', cardNumber: '4242424242424242' }))
        .status,
    ).toBe(404);
  });

  it('sent the intent to Stripe with the catalogue amount, usd, metadata and an idempotency key', async () => {
    const { intentId, purchaseId, user } = await startPurchase('hood-package', 'gang');
    const sent = fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST').at(-1)!;
    expect(sent.body).toMatchObject({
      amount: '8000',
      currency: 'usd',
      metadata: { purchaseId, userId: user.id, productType: 'gang', productId: 'hood-package' },
    });
    expect(sent.headers['idempotency-key']).toBe(`purchase-${purchaseId}`);
    expect(fake.intents.get(intentId)?.amount).toBe(8000);
  });

  it('processes a valid payment_intent.succeeded once: completed, tokens credited', async () => {
    const { api, intentId, purchaseId } = await startPurchase();
    const event = fake.signedEvent('payment_intent.succeeded', fake.succeed(intentId));
    const response = await deliverWebhook(server, event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, applied: true });
    expect(await (await deliverWebhook(server, event)).json()).toEqual({ received: true, applied: false });
    expect(await purchaseStatus(purchaseId)).toBe('completed');
    expect((await api.get('/api/user/tokens')).body.tokens).toBe(100);
    expect((await api.post('/api/complete-purchase', { paymentIntentId: intentId })).body.tokensAwarded).toBe(100);
  });

  it('refuses a changed body, a wrong secret or a timestamp over 5 minutes old with 400, changing nothing', async () => {
    const { api, intentId, purchaseId } = await startPurchase();
    const paid = fake.succeed(intentId);
    const good = fake.signedEvent('payment_intent.succeeded', paid);
    const tampered = { body: good.body.replace('"amount":6000', '"amount":6001'), signature: good.signature };
    expect(tampered.body).not.toBe(good.body);
    const wrongSecret = fake.signedEvent('payment_intent.succeeded', paid, { secret: 'whsec_someone_else' });
    const stale = fake.signedEvent('payment_intent.succeeded', paid, {
      timestamp: Math.floor(Date.now() / 1000) - 6 * 60,
    });
    for (const event of [tampered, wrongSecret, stale, { body: good.body, signature: '' }]) {
      const response = await deliverWebhook(server, event);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toMatch(/signature/i);
    }
    expect(await purchaseStatus(purchaseId)).toBe('pending');
    expect((await api.get('/api/user/tokens')).body.tokens).toBe(0);
    expect((await deliverWebhook(server, good)).status).toBe(200);
    expect(await purchaseStatus(purchaseId)).toBe('completed');
  });

  it('marks a failed payment failed, and a late failure does not undo a completion', async () => {
    const { intentId, purchaseId } = await startPurchase();
    const declined = fake.decline(intentId, 'Your card was declined.');
    await deliverWebhook(server, fake.signedEvent('payment_intent.payment_failed', declined));
    expect(await purchaseStatus(purchaseId)).toBe('failed');
    await deliverWebhook(server, fake.signedEvent('payment_intent.succeeded', fake.succeed(intentId)));
    await deliverWebhook(server, fake.signedEvent('payment_intent.payment_failed', declined));
    expect(await purchaseStatus(purchaseId)).toBe('completed');
  });

  it('a refund marks the purchase refunded and removes the tokens', async () => {
    const { api, intentId, purchaseId } = await startPurchase();
    await api.post('/api/complete-purchase', { paymentIntentId: (fake.succeed(intentId), intentId) });
    expect((await api.get('/api/user/tokens')).body.tokens).toBe(100);
    const charge = {
      id: `ch_${intentId}`,
      object: 'charge',
      payment_intent: intentId,
      refunded: true,
      amount: 6000,
      amount_refunded: 6000,
    };
    expect((await deliverWebhook(server, fake.signedEvent('charge.refunded', charge))).status).toBe(200);
    expect(await purchaseStatus(purchaseId)).toBe('refunded');
    expect((await api.get('/api/user/tokens')).body.tokens).toBe(0);
  });

  it('a dispute marks the purchase disputed and bans the buyer from the store: a later checkout gets 403', async () => {
    const { api, intentId, purchaseId } = await startPurchase();
    await api.post('/api/complete-purchase', { paymentIntentId: (fake.succeed(intentId), intentId) });
    const dispute = {
      id: 'dp_1',
      object: 'dispute',
      payment_intent: intentId,
      charge: `ch_${intentId}`,
      reason: 'fraudulent',
      amount: 6000,
    };
    expect((await deliverWebhook(server, fake.signedEvent('charge.dispute.created', dispute))).status).toBe(200);
    expect(await purchaseStatus(purchaseId)).toBe('disputed');
    expect((await api.get('/api/user/tokens')).body.tokens).toBe(0);
    const later = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'unban',
      productId: 'discord-unban',
      banReason: 'Banned for RDM at the docks last week.',
    });
    expect(later.status).toBe(403);
    expect(later.body.message).toBe(
      'Your account is banned from the store after a payment dispute. Open a ticket in our Discord if you think this is a mistake.',
    );
  });

  it('reports a provider failure at checkout clearly and stores nothing', async () => {
    const signed = await signIn(server);
    const api = client(server.url, signed.cookie);
    fake.failNext(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
    const failed = await api.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'starter-gang',
    });
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe('Card payments are unavailable: the payment provider refused our credentials.');
    const rows = await server.system.database.withContext(() =>
      server.system.database.em
        .getConnection()
        .execute<{ n: number }[]>(`select count(*)::int as n from purchases where user_id = ?`, [signed.user.id]),
    );
    expect(rows[0].n).toBe(0);
  });
});
