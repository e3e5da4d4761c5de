import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient, StripePaymentGateway } from '../../adapters/payments/stripe-payment-gateway.ts';
import { StripeWebhookVerifier } from '../../adapters/payments/stripe-webhook-verifier.ts';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, FakeStripe } from '../support/fake-stripe.ts';

let fake: FakeStripe;
let gateway: StripePaymentGateway;
beforeAll(async () => {
  fake = await new FakeStripe().start();
  gateway = new StripePaymentGateway(
    createStripeClient({ secretKey: FAKE_STRIPE_KEY, apiBase: fake.url, maxNetworkRetries: 0 }),
  );
});
afterAll(() => fake?.stop());

const request = {
  amountCents: 6000,
  currency: 'usd',
  description: 'Swamp Blood',
  idempotencyKey: 'purchase-123',
  metadata: { purchaseId: '123', userId: 'u-1', productType: 'whitelist', productId: 'swamp-blood' },
};

describe('Stripe gateway against a local Stripe', () => {
  it('creates an intent with the amount in cents, usd, the metadata and an idempotency key', async () => {
    const intent = await gateway.createIntent(request);
    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/payment_intents');
    expect(sent.headers['idempotency-key']).toBe('purchase-123');
    expect(sent.body).toMatchObject({ amount: '6000', currency: 'usd', metadata: request.metadata });
    expect(intent).toMatchObject({
      amountCents: 6000,
      currency: 'usd',
      status: 'requires_payment_method',
      metadata: request.metadata,
    });
    expect(intent.clientSecret).toMatch(/_secret_/);
    const again = await gateway.createIntent(request);
    expect(again.id).toBe(intent.id);
  });

  it('reads an intent back with its status and decline message', async () => {
    const intent = await gateway.createIntent({ ...request, idempotencyKey: 'purchase-456' });
    fake.decline(intent.id, 'Your card has insufficient funds.');
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      failureMessage: 'Your card has insufficient funds.',
    });
    fake.succeed(intent.id);
    expect((await gateway.retrieveIntent(intent.id)).status).toBe('succeeded');
    expect((await gateway.refund(intent.id, { idempotencyKey: 'refund-456', reason: 'goodwill' })).id).toMatch(/^re_/);
    expect(fake.requests.at(-1)).toMatchObject({ path: '/v1/refunds', body: { payment_intent: intent.id } });
    expect(fake.requests.at(-1)!.headers['idempotency-key']).toBe('refund-456');
  });

  it('updates an unpaid intent with only the fields given, form-encoded, and is refused once it is paid', async () => {
    const intent = await gateway.createIntent({ ...request, idempotencyKey: 'purchase-update' });
    const updated = await gateway.updateIntent(intent.id, {
      amountCents: 6500,
      description: 'Swamp Blood (new price)',
      metadata: { productId: 'swamp-blood', note: 'repriced' },
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payment_intents/${intent.id}`,
      body: {
        amount: '6500',
        description: 'Swamp Blood (new price)',
        metadata: { productId: 'swamp-blood', note: 'repriced' },
      },
    });
    expect(updated).toMatchObject({
      id: intent.id,
      clientSecret: intent.clientSecret,
      amountCents: 6500,
      metadata: { ...request.metadata, note: 'repriced' },
    });
    await gateway.updateIntent(intent.id, { amountCents: 6000 });
    expect(fake.requests.at(-1)!.body).toEqual({ amount: '6000' });

    fake.succeed(intent.id);
    await expect(gateway.updateIntent(intent.id, { amountCents: 7000 })).rejects.toMatchObject({
      code: 'PAYMENT_INTENT_UNEXPECTED_STATE',
      kind: 'conflict',
      message:
        'This payment has moved on: it is being paid, or was paid or canceled. Reload the page to see where it stands.',
    });
    expect(fake.intents.get(intent.id)?.amount).toBe(6000);
  });

  it('turns Stripe errors into clear messages', async () => {
    await expect(gateway.retrieveIntent('pi_missing')).rejects.toMatchObject({
      code: 'PAYMENT_INTENT_NOT_FOUND',
      kind: 'not_found',
      message: 'The payment provider has no record of this payment.',
    });
    fake.failNext(402, { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' });
    await expect(gateway.createIntent({ ...request, idempotencyKey: 'k2' })).rejects.toMatchObject({
      code: 'CARD_ERROR',
      message: 'Your card was declined.',
    });
    fake.failNext(400, { type: 'invalid_request_error', message: 'Amount must be at least $0.50 usd' });
    await expect(gateway.createIntent({ ...request, idempotencyKey: 'k3' })).rejects.toMatchObject({
      message: 'The payment provider refused the request: Amount must be at least $0.50 usd',
    });
    const wrongKey = new StripePaymentGateway(
      createStripeClient({ secretKey: 'sk_test_wrong', apiBase: fake.url, maxNetworkRetries: 0 }),
    );
    await expect(wrongKey.retrieveIntent('pi_x')).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'Card payments are unavailable: the payment provider refused our credentials.',
    });
    const nowhere = new StripePaymentGateway(
      createStripeClient({ secretKey: FAKE_STRIPE_KEY, apiBase: 'http://127.0.0.1:9', maxNetworkRetries: 1 }),
    );
    await expect(nowhere.retrieveIntent('pi_x')).rejects.toMatchObject({
      code: 'PAYMENT_PROVIDER_UNREACHABLE',
      message: 'The payment provider could not be reached. Please try again.',
    });
  });

  it('retries a failed request with the same idempotency key, so a retry never makes a second intent', async () => {
    const retrying = new StripePaymentGateway(createStripeClient({ secretKey: FAKE_STRIPE_KEY, apiBase: fake.url }));
    fake.failNext(503, { type: 'api_error', message: 'Service unavailable' });
    const before = fake.requests.length;
    const intent = await retrying.createIntent({ ...request, idempotencyKey: 'purchase-retry' });
    const attempts = fake.requests.slice(before);
    expect(attempts).toHaveLength(2);
    expect(attempts.map((r) => r.headers['idempotency-key'])).toEqual(['purchase-retry', 'purchase-retry']);
    expect(intent.amountCents).toBe(6000);
  });

  it('verifies webhook signatures and refuses tampered, wrongly signed or stale ones', async () => {
    const verifier = new StripeWebhookVerifier(createStripeClient({ secretKey: FAKE_STRIPE_KEY }), FAKE_WEBHOOK_SECRET);
    const intent = {
      id: 'pi_1',
      object: 'payment_intent',
      amount: 6000,
      currency: 'usd',
      metadata: {},
      status: 'succeeded',
      client_secret: 's',
      last_payment_error: null,
    };
    const good = fake.signedEvent('payment_intent.succeeded', intent);
    expect(await verifier.parse(good.body, good.signature)).toMatchObject({
      kind: 'payment',
      event: { id: good.id, type: 'payment_succeeded', intent: { id: 'pi_1', amountCents: 6000 } },
    });
    await expect(verifier.parse(good.body.replace('6000', '100'), good.signature)).rejects.toThrow(/signature/);
    const wrong = fake.signedEvent('payment_intent.succeeded', intent, { secret: 'whsec_other' });
    await expect(verifier.parse(wrong.body, wrong.signature)).rejects.toThrow(/signature/);
    const stale = fake.signedEvent('payment_intent.succeeded', intent, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    await expect(verifier.parse(stale.body, stale.signature)).rejects.toThrow(/tolerance|timestamp/i);
    await expect(verifier.parse(good.body, undefined)).rejects.toThrow(/Missing/);
  });
});
