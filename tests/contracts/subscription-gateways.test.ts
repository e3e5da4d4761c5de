import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { Catalogue } from '../../core/catalogue/model/catalogue.ts';
import type { StartSubscriptionRequest, SubscriptionGateway } from '../../core/memberships/ports.ts';
import { InMemoryDemoIntentStore } from '../../adapters/memory/in-memory-demo-intent-store.ts';
import { DemoPaymentGateway } from '../../adapters/payments/demo-payment-gateway.ts';
import { DemoSubscriptionGateway } from '../../adapters/payments/demo-subscription-gateway.ts';
import { createStripeClient } from '../../adapters/payments/stripe-payment-gateway.ts';
import { StripeSubscriptionGateway } from '../../adapters/payments/stripe-subscription-gateway.ts';
import { type ContractImplementation, describeContract } from '../support/contract-suite.ts';
import { FAKE_STRIPE_KEY, FakeStripe } from '../support/fake-stripe.ts';

interface Harness {
  gateway: SubscriptionGateway;
}

const implementations: Array<ContractImplementation<Harness>> = [
  {
    name: 'the demo gateway',
    target: 'demo',
    inProcess: true,
    open: async () => {
      const intents = new InMemoryDemoIntentStore();
      return { gateway: new DemoSubscriptionGateway(new DemoPaymentGateway(intents), intents) };
    },
  },
  {
    name: 'Stripe Billing (stand-in)',
    target: 'stripe',
    inProcess: false,
    open: async () => {
      const fake = await new FakeStripe().start();
      const stripe = createStripeClient({ secretKey: FAKE_STRIPE_KEY, apiBase: fake.url, maxNetworkRetries: 0 });
      return { gateway: new StripeSubscriptionGateway(stripe, new Catalogue()), close: () => fake.stop() };
    },
  },
];

/** a month of Swamp Blood, at the catalogue's price */
const start = (): StartSubscriptionRequest => ({
  tierId: 'swamp-blood',
  amountCents: new Catalogue().price('swamp-blood', 'whitelist').priceCents,
  currency: 'usd',
  description: 'Priority Pass: Swamp Blood',
  customer: { userId: randomUUID(), email: 'remy@example.com', name: 'Remy' },
  metadata: { purchaseId: randomUUID(), productType: 'whitelist', productId: 'swamp-blood' },
  idempotencyKey: `membership-${randomUUID()}`,
});

describeContract('subscription gateway', implementations, (h) => {
  it("opens a subscription whose first month is an unpaid intent for the tier's price, naming the subscription", async () => {
    const asked = start();
    const { subscriptionId, intent } = await h.gateway.start(asked);
    expect(subscriptionId).not.toBe('');
    expect(intent).toMatchObject({
      amountCents: asked.amountCents,
      currency: 'usd',
      metadata: { ...asked.metadata, subscriptionId },
    });
    expect(intent.status).not.toBe('succeeded');
  });

  it('answers the same subscription and intent for the same key, and another for another key', async () => {
    const asked = start();
    const first = await h.gateway.start(asked);
    const again = await h.gateway.start(asked);
    expect(again.subscriptionId).toBe(first.subscriptionId);
    expect(again.intent.id).toBe(first.intent.id);
    expect((await h.gateway.start(start())).subscriptionId).not.toBe(first.subscriptionId);
  });

  it('cancels where the site cancels: at the period end and back, then now, and a second cancel is no error', async () => {
    const cancellation = h.gateway.capabilities.cancellation;
    if (!cancellation) return;
    const { subscriptionId } = await h.gateway.start(start());
    await cancellation.setCancelAtPeriodEnd(subscriptionId, true);
    await cancellation.setCancelAtPeriodEnd(subscriptionId, false);
    await cancellation.cancelNow(subscriptionId);
    await expect(cancellation.cancelNow(subscriptionId)).resolves.toBeUndefined();
  });
});
