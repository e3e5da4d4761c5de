import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { Catalogue } from '../../core/catalogue/model/catalogue.ts';
import type { StartSubscriptionRequest, SubscriptionGateway } from '../../core/memberships/ports.ts';
import { InMemoryDemoIntentStore } from '../../adapters/memory/in-memory-demo-intent-store.ts';
import { DemoPaymentGateway } from '../../adapters/payments/demo-payment-gateway.ts';
import { DemoSubscriptionGateway } from '../../adapters/payments/demo-subscription-gateway.ts';
import { createStripeClient } from '../../adapters/payments/stripe-payment-gateway.ts';
import { StripeSubscriptionGateway } from '../../adapters/payments/stripe-subscription-gateway.ts';
import { TebexClient } from '../../adapters/payments/tebex/tebex-client.ts';
import { TebexPaymentGateway, TebexSubscriptionGateway } from '../../adapters/payments/tebex/tebex-gateway.ts';
import { TebexPackageMap } from '../../adapters/payments/tebex/tebex-packages.ts';
import { InMemoryTebexPackageStore } from '../../adapters/memory/in-memory-tebex-package-store.ts';
import { type ContractImplementation, describeContract } from '../support/contract-suite.ts';
import { FAKE_STRIPE_KEY, FakeStripe } from '../support/fake-stripe.ts';
import {
  FAKE_TEBEX_PRIVATE_KEY,
  FAKE_TEBEX_TOKEN,
  FAKE_TEBEX_WEBHOOK_SECRET,
  FakeTebex,
} from '../support/fake-tebex.ts';

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
  {
    name: 'Tebex subscription packages (stand-in)',
    target: 'tebex',
    inProcess: false,
    open: async () => {
      const fake = await new FakeTebex().start();
      const packages = new TebexPackageMap(
        { 'swamp-blood': fake.packageNamed('Swamp Blood').id },
        new InMemoryTebexPackageStore(),
      );
      const payments = new TebexPaymentGateway(
        new TebexClient({ publicToken: FAKE_TEBEX_TOKEN, privateKey: FAKE_TEBEX_PRIVATE_KEY, apiBase: fake.url }),
        packages,
        new Catalogue(),
        'http://127.0.0.1:3000',
        FAKE_TEBEX_WEBHOOK_SECRET,
      );
      return { gateway: new TebexSubscriptionGateway(payments), close: () => fake.stop() };
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

describeContract('subscription gateway', implementations, (h, target) => {
  // Tebex keeps the basket's data as the site opened it, and opens a basket per call (the site keeps the purchase's)
  const fixedAtProvider = target === 'tebex';

  it("opens a subscription whose first month is an unpaid intent for the tier's price", async () => {
    const asked = start();
    const { subscriptionId, intent } = await h.gateway.start(asked);
    expect(subscriptionId).not.toBe('');
    expect(intent).toMatchObject({ amountCents: asked.amountCents, currency: 'usd', metadata: asked.metadata });
    expect(intent.status).not.toBe('succeeded');
    expect((await h.gateway.start(start())).subscriptionId).not.toBe(subscriptionId);
  });

  it.skipIf(fixedAtProvider)("names the subscription in the first month's intent", async () => {
    const { subscriptionId, intent } = await h.gateway.start(start());
    expect(intent.metadata.subscriptionId).toBe(subscriptionId);
  });

  it.skipIf(fixedAtProvider)('answers the same subscription and intent for the same key', async () => {
    const asked = start();
    const first = await h.gateway.start(asked);
    const again = await h.gateway.start(asked);
    expect(again.subscriptionId).toBe(first.subscriptionId);
    expect(again.intent.id).toBe(first.intent.id);
  });

  // Tebex's buyers cancel at Tebex: its gateway has no cancellation
  it.skipIf(target === 'tebex')(
    'cancels at the period end and back, then now, and a second cancel is no error',
    async () => {
      const cancellation = h.gateway.capabilities.cancellation;
      if (!cancellation) throw new Error(`${h.gateway.mode} cannot cancel`);
      const { subscriptionId } = await h.gateway.start(start());
      await cancellation.setCancelAtPeriodEnd(subscriptionId, true);
      await cancellation.setCancelAtPeriodEnd(subscriptionId, false);
      await cancellation.cancelNow(subscriptionId);
      await expect(cancellation.cancelNow(subscriptionId)).resolves.toBeUndefined();
    },
  );
});
