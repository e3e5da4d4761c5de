import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { PaymentGateway, PaymentIntent } from '../../core/purchases/ports.ts';
import { InMemoryDemoIntentStore } from '../../adapters/memory/in-memory-demo-intent-store.ts';
import { DEMO_CARDS, DemoPaymentGateway } from '../../adapters/payments/demo-payment-gateway.ts';
import { createStripeClient, StripePaymentGateway } from '../../adapters/payments/stripe-payment-gateway.ts';
import { TebexClient } from '../../adapters/payments/tebex/tebex-client.ts';
import { TebexPaymentGateway } from '../../adapters/payments/tebex/tebex-gateway.ts';
import { TebexPackageMap } from '../../adapters/payments/tebex/tebex-packages.ts';
import { InMemoryTebexPackageStore } from '../../adapters/memory/in-memory-tebex-package-store.ts';
import { Catalogue } from '../../core/catalogue/model/catalogue.ts';
import { type ContractImplementation, describeContract } from '../support/contract-suite.ts';
import { FAKE_STRIPE_KEY, FakeStripe } from '../support/fake-stripe.ts';
import {
  FAKE_TEBEX_PRIVATE_KEY,
  FAKE_TEBEX_TOKEN,
  FAKE_TEBEX_WEBHOOK_SECRET,
  FakeTebex,
} from '../support/fake-tebex.ts';

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
  {
    name: "Tebex's hosted checkout (stand-in)",
    target: 'tebex',
    inProcess: false,
    open: async () => {
      const fake = await new FakeTebex().start();
      // the stand-in's webhooks after a payment go back to itself: the gateway's contract ends at the basket
      fake.webhookUrl = `${fake.url}/webhooks-sent`;
      const packages = new TebexPackageMap(
        { [ITEM.id]: fake.packageNamed(ITEM.name).id },
        new InMemoryTebexPackageStore(),
      );
      const gateway = new TebexPaymentGateway(
        new TebexClient({ publicToken: FAKE_TEBEX_TOKEN, privateKey: FAKE_TEBEX_PRIVATE_KEY, apiBase: fake.url }),
        packages,
        new Catalogue(),
        'http://127.0.0.1:3000',
        FAKE_TEBEX_WEBHOOK_SECRET,
      );
      return {
        gateway,
        pay: async (intent) => {
          fake.signIn(intent.id);
          await gateway.continueCheckout(intent.id);
          await fake.pay(intent.id);
        },
        close: () => fake.stop(),
      };
    },
  },
];

/** one item every provider sells: a gang package, a single payment */
const ITEM = (() => {
  const product = new Catalogue().list().find((each) => each.id === 'starter-gang')!;
  const { name, priceCents } = new Catalogue().price(product.id, product.type);
  return { id: product.id, type: product.type, name, priceCents };
})();

const request = (metadata: Record<string, string> = {}) => ({
  amountCents: ITEM.priceCents,
  currency: 'usd',
  description: ITEM.name,
  idempotencyKey: `purchase-${randomUUID()}`,
  metadata: { purchaseId: randomUUID(), userId: randomUUID(), productType: ITEM.type, productId: ITEM.id, ...metadata },
});

describeContract('payment gateway', implementations, (h, target) => {
  // Tebex sells at its packages' prices and keeps the basket's data as the site opened it: an intent's amount and
  // metadata are not changed there, and a basket is one per call (the site keeps the purchase's basket itself)
  const fixedAtProvider = target === 'tebex';

  it('opens an unpaid intent for the amount, currency and metadata asked, payable by card form or hosted checkout', async () => {
    const asked = request();
    const intent = await h.gateway.createIntent(asked);
    expect(intent).toMatchObject({
      amountCents: ITEM.priceCents,
      currency: 'usd',
      metadata: asked.metadata,
      failureMessage: null,
    });
    expect(intent.status).not.toBe('succeeded');
    expect(intent.clientSecret || intent.checkoutUrl).toBeTruthy();
    expect((await h.gateway.createIntent(request())).id).not.toBe(intent.id);
  });

  it.skipIf(fixedAtProvider)('answers the same intent for the same idempotency key', async () => {
    const asked = request();
    const intent = await h.gateway.createIntent(asked);
    expect((await h.gateway.createIntent(asked)).id).toBe(intent.id);
  });

  it('reads an intent back as it stands: unpaid, then paid once the buyer paid', async () => {
    const intent = await h.gateway.createIntent(request());
    expect(await h.gateway.retrieveIntent(intent.id)).toMatchObject({ id: intent.id, amountCents: ITEM.priceCents });
    await h.pay(intent);
    expect((await h.gateway.retrieveIntent(intent.id)).status).toBe('succeeded');
  });

  it('answers an intent it never opened with a not-found error', async () => {
    await expect(h.gateway.retrieveIntent(`pi_${randomUUID().replaceAll('-', '')}`)).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it.skipIf(fixedAtProvider)(
    "changes an unpaid intent's amount and the metadata keys named, leaving the others as they were",
    async () => {
      const intent = await h.gateway.createIntent(request({ note: 'first' }));
      const changed = await h.gateway.updateIntent(intent.id, { amountCents: 5400, metadata: { note: 'coupon' } });
      expect(changed).toMatchObject({
        id: intent.id,
        amountCents: 5400,
        metadata: { ...intent.metadata, note: 'coupon' },
      });
      expect(await h.gateway.retrieveIntent(intent.id)).toMatchObject({
        amountCents: 5400,
        metadata: changed.metadata,
      });
    },
  );

  it.skipIf(fixedAtProvider)(
    'refuses, as a conflict, to change an intent once it is paid, and keeps its amount',
    async () => {
      const intent = await h.gateway.createIntent(request());
      await h.pay(intent);
      await expect(h.gateway.updateIntent(intent.id, { amountCents: 7000 })).rejects.toMatchObject({
        kind: 'conflict',
      });
      expect((await h.gateway.retrieveIntent(intent.id)).amountCents).toBe(ITEM.priceCents);
    },
  );

  // Tebex's refunds are made in its creator panel, and reported by its webhook
  it.skipIf(target === 'tebex')('refunds a paid intent where the site makes refunds', async () => {
    const refunds = h.gateway.capabilities.refunds;
    if (!refunds) throw new Error(`${h.gateway.mode} offers no refunds`);
    const intent = await h.gateway.createIntent(request());
    await h.pay(intent);
    const refund = await refunds.refund(intent.id, { idempotencyKey: `refund-${intent.id}`, reason: 'requested' });
    expect(refund.id).not.toBe('');
  });
});
