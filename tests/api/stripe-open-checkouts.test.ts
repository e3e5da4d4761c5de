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

const starterGang = { productType: 'gang', productId: 'starter-gang', productName: 'Starter Gang', amount: 50 };

async function buyer() {
  const signed = await signIn(server);
  return { user: signed.user, api: client(server.url, signed.cookie) };
}

/** The requests that asked Stripe for a new intent on this buyer's behalf. */
const creationsFor = (userId: string) =>
  fake.creations().filter((r) => (r.body.metadata as Record<string, string> | undefined)?.userId === userId);
const updatesOf = (intentId: string) =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intentId}`);

const purchaseRow = async (id: string) =>
  (
    await server.system.database.withContext(() =>
      server.system.database.em
        .getConnection()
        .execute<{ status: string; tokens_awarded: number }[]>(
          `select status, tokens_awarded from purchases where id = ?`,
          [id],
        ),
    )
  )[0];

describe('starting a checkout again on Stripe', () => {
  it('20 repeated starts create exactly one PaymentIntent and answer its client secret each time', async () => {
    const { api, user } = await buyer();
    const answers = [];
    for (let i = 0; i < 20; i++)
      answers.push(await api.post('/api/create-payment-intent', { ...AGREED, ...starterGang }));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.purchaseId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.clientSecret)).size).toBe(1);
    const intentId = answers[0]!.body.paymentIntentId as string;
    expect(creationsFor(user.id)).toHaveLength(1);
    expect(
      [...fake.intents.values()].filter((intent) => intent.metadata.userId === user.id).map((intent) => intent.id),
    ).toEqual([intentId]);
    expect(
      fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intentId}`),
    ).toHaveLength(19);
    // nothing changed, so nothing was sent to update
    expect(updatesOf(intentId)).toEqual([]);
  });

  it('brings the reused intent back in line with paymentIntents.update when its amount or metadata drifted', async () => {
    const { api } = await buyer();
    const first = await api.post('/api/create-payment-intent', { ...AGREED, ...starterGang });
    const intent = fake.intents.get(first.body.paymentIntentId)!;
    intent.amount = 4000;
    delete intent.metadata.productId;
    const again = await api.post('/api/create-payment-intent', { ...AGREED, ...starterGang });
    expect(again.body).toMatchObject({
      purchaseId: first.body.purchaseId,
      clientSecret: first.body.clientSecret,
      amount: 50,
    });
    const [update] = updatesOf(intent.id);
    expect(update?.body).toMatchObject({
      amount: '5000',
      metadata: { purchaseId: first.body.purchaseId, productId: 'starter-gang' },
    });
    expect(fake.intents.get(intent.id)).toMatchObject({ amount: 5000, metadata: { productId: 'starter-gang' } });
  });

  it('completes an intent paid without the page reporting back, instead of selling it again, and opens a new one', async () => {
    const { api, user } = await buyer();
    const first = await api.post('/api/create-payment-intent', { ...AGREED, ...starterGang });
    fake.succeed(first.body.paymentIntentId);
    const second = await api.post('/api/create-payment-intent', { ...AGREED, ...starterGang });
    expect(second.status).toBe(200);
    expect(second.body.purchaseId).not.toBe(first.body.purchaseId);
    expect(second.body.paymentIntentId).not.toBe(first.body.paymentIntentId);
    expect(await purchaseRow(first.body.purchaseId)).toEqual({ status: 'completed', tokens_awarded: 50 });
    expect((await api.get('/api/user/tokens')).body.tokens).toBe(50);
    expect(creationsFor(user.id)).toHaveLength(2);
  });

  it('does not reuse a canceled intent: its purchase is marked failed and a new one opens', async () => {
    const { api } = await buyer();
    const first = await api.post('/api/create-payment-intent', { ...AGREED, ...starterGang });
    fake.cancel(first.body.paymentIntentId);
    const second = await api.post('/api/create-payment-intent', { ...AGREED, ...starterGang });
    expect(second.body.purchaseId).not.toBe(first.body.purchaseId);
    expect((await purchaseRow(first.body.purchaseId))?.status).toBe('failed');
  });

  it('answers 409 while the payment is processing, and creates nothing', async () => {
    const { api, user } = await buyer();
    const first = await api.post('/api/create-payment-intent', { ...AGREED, ...starterGang });
    fake.process(first.body.paymentIntentId);
    const again = await api.post('/api/create-payment-intent', { ...AGREED, ...starterGang });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'Your payment for Starter Gang is still being processed. Wait for it to finish before starting another checkout for it.',
    );
    expect(creationsFor(user.id)).toHaveLength(1);
  });

  it('opens a new purchase once a decline was recorded by the webhook', async () => {
    const { api } = await buyer();
    const first = await api.post('/api/create-payment-intent', { ...AGREED, ...starterGang });
    const declined = fake.decline(first.body.paymentIntentId, 'Your card was declined.');
    await deliverWebhook(server, fake.signedEvent('payment_intent.payment_failed', declined));
    expect((await purchaseRow(first.body.purchaseId))?.status).toBe('failed');
    const second = await api.post('/api/create-payment-intent', { ...AGREED, ...starterGang });
    expect(second.body.purchaseId).not.toBe(first.body.purchaseId);
  });
});
