import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { PaymentGateway, PaymentIntent } from '../../core/purchases/ports.ts';
import { InMemoryDemoIntentStore } from '../../adapters/memory/in-memory-demo-intent-store.ts';
import { DEMO_CARDS, DemoPaymentGateway } from '../../adapters/payments/demo-payment-gateway.ts';
import { createStripeClient, StripePaymentGateway } from '../../adapters/payments/stripe-payment-gateway.ts';
import { type ContractImplementation, describeContract } from '../support/contract-suite.ts';
import { FAKE_STRIPE_KEY, FakeStripe } from '../support/fake-stripe.ts';

/** A card payment gateway, and the buyer paying an intent on the provider's side. */
interface Harness {
  gateway: PaymentGateway;
  pay(intent: PaymentIntent): Promise<void>;
}

const implementations: Array<ContractImplementation<Harness>> = [
  {
    name: 'the demo gateway',
    target: 'demo',
    inProcess: true,
    open: async () => {
      const gateway = new DemoPaymentGateway(new InMemoryDemoIntentStore());
      return {
        gateway,
        pay: async (intent) => {
          await gateway.confirm(intent.clientSecret, { number: DEMO_CARDS.success });
        },
      };
    },
  },
  {
    name: 'Stripe (stand-in)',
    target: 'stripe',
    inProcess: false,
    open: async () => {
      const fake = await new FakeStripe().start();
      return {
        gateway: new StripePaymentGateway(
          createStripeClient({ secretKey: FAKE_STRIPE_KEY, apiBase: fake.url, maxNetworkRetries: 0 }),
        ),
        pay: async (intent) => {
          fake.succeed(intent.id);
        },
        close: () => fake.stop(),
      };
    },
  },
];

const request = (metadata: Record<string, string> = {}) => ({
  amountCents: 6000,
  currency: 'usd',
  description: 'Swamp Blood',
  idempotencyKey: `purchase-${randomUUID()}`,
  metadata: { purchaseId: randomUUID(), productType: 'whitelist', productId: 'swamp-blood', ...metadata },
});

describeContract('payment gateway', implementations, (h) => {
  it('opens an unpaid intent for the amount, currency and metadata asked, and the same key answers the same one', async () => {
    const asked = request();
    const intent = await h.gateway.createIntent(asked);
    expect(intent).toMatchObject({
      amountCents: 6000,
      currency: 'usd',
      metadata: asked.metadata,
      failureMessage: null,
    });
    expect(intent.status).not.toBe('succeeded');
    expect(intent.clientSecret).not.toBe('');
    expect((await h.gateway.createIntent(asked)).id).toBe(intent.id);
    expect((await h.gateway.createIntent(request())).id).not.toBe(intent.id);
  });

  it('reads an intent back as it stands: unpaid, then paid once the buyer paid', async () => {
    const intent = await h.gateway.createIntent(request());
    expect(await h.gateway.retrieveIntent(intent.id)).toMatchObject({ id: intent.id, amountCents: 6000 });
    await h.pay(intent);
    expect((await h.gateway.retrieveIntent(intent.id)).status).toBe('succeeded');
  });

  it('answers an intent it never opened with a not-found error', async () => {
    await expect(h.gateway.retrieveIntent(`pi_${randomUUID().replaceAll('-', '')}`)).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it("changes an unpaid intent's amount and the metadata keys named, leaving the others as they were", async () => {
    const intent = await h.gateway.createIntent(request({ note: 'first' }));
    const changed = await h.gateway.updateIntent(intent.id, { amountCents: 5400, metadata: { note: 'coupon' } });
    expect(changed).toMatchObject({
      id: intent.id,
      amountCents: 5400,
      metadata: { ...intent.metadata, note: 'coupon' },
    });
    expect(await h.gateway.retrieveIntent(intent.id)).toMatchObject({ amountCents: 5400, metadata: changed.metadata });
  });

  it('refuses, as a conflict, to change an intent once it is paid, and keeps its amount', async () => {
    const intent = await h.gateway.createIntent(request());
    await h.pay(intent);
    await expect(h.gateway.updateIntent(intent.id, { amountCents: 7000 })).rejects.toMatchObject({ kind: 'conflict' });
    expect((await h.gateway.retrieveIntent(intent.id)).amountCents).toBe(6000);
  });

  it('refunds a paid intent where the site makes refunds', async () => {
    const refunds = h.gateway.capabilities.refunds;
    if (!refunds) return;
    const intent = await h.gateway.createIntent(request());
    await h.pay(intent);
    const refund = await refunds.refund(intent.id, { idempotencyKey: `refund-${intent.id}`, reason: 'requested' });
    expect(refund.id).not.toBe('');
  });
});
