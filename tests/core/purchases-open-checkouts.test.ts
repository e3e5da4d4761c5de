import { describe, expect, it } from 'vitest';
import { Catalogue } from '../../core/catalogue/model/catalogue.ts';
import { ALL_PRODUCTS } from '../../core/catalogue/model/products.ts';
import { NotFoundError } from '../../core/shared/errors.ts';
import { DEMO_CARDS } from '../../adapters/payments/demo-payment-gateway.ts';
import { purchasesFixture } from './purchases-fixture.ts';
import { AGREED } from '../support/checkout-terms.ts';

// one-time products: a Priority Pass tier is a membership, which a buyer holds once
const swampSyndicate = { productType: 'gang', productId: 'swamp-syndicate' };
const fiveItems = [
  { productType: 'addon', productId: 'bayou-chains', optionId: 'basic' },
  { productType: 'addon', productId: 'bayou-chains', optionId: 'iced-out' },
  { productType: 'gang', productId: 'starter-gang' },
  { productType: 'addon', productId: 'custom-tattoos', optionId: 'upper-body' },
  { productType: 'addon', productId: 'custom-tattoos', optionId: 'lower-body' },
];

type Fixture = ReturnType<typeof purchasesFixture>;
const start = (fixture: Fixture, item: object = swampSyndicate, extra: object = {}) =>
  fixture.store.startCheckout.execute({ ...AGREED, buyer: fixture.buyer, ...item, ...extra } as never);

async function setIntentStatus(
  fixture: Fixture,
  intentId: string,
  status: 'canceled' | 'processing' | 'requires_capture',
) {
  const intent = (await fixture.intents.findById(intentId))!;
  await fixture.intents.update({ ...intent, status });
}

describe('starting a checkout the buyer already has open', () => {
  it('answers the same purchase and the same intent, however often it is started', async () => {
    const fixture = purchasesFixture();
    const first = await start(fixture);
    for (let i = 0; i < 19; i++) {
      const again = await start(fixture);
      expect(again.purchase.id).toBe(first.purchase.id);
      expect(again.clientSecret).toBe(first.clientSecret);
      expect(again.tokensGranted).toBe(150);
    }
    expect(await fixture.purchases.list({})).toHaveLength(1);
  });

  it('ends with one purchase and one intent when starts for one item run at once', async () => {
    const fixture = purchasesFixture();
    const started = await Promise.all(Array.from({ length: 10 }, () => start(fixture)));
    expect(new Set(started.map((s) => s.purchase.id)).size).toBe(1);
    expect(new Set(started.map((s) => s.clientSecret)).size).toBe(1);
    const [only] = await fixture.purchases.list({});
    expect(only?.paymentIntentId).toBe(started[0]!.purchase.paymentIntentId);
  });

  it('takes the contact details a repeat sends, and keeps them when it sends none', async () => {
    const fixture = purchasesFixture();
    const first = await start(fixture, swampSyndicate, { buyerDiscord: 'gator_king' });
    const changed = await start(fixture, swampSyndicate, {
      buyerDiscord: 'gator_queen',
      buyerEmail: 'queen@example.com',
    });
    expect(changed.purchase).toMatchObject({
      id: first.purchase.id,
      buyerDiscord: 'gator_queen',
      buyerEmail: 'queen@example.com',
    });
    const silent = await start(fixture);
    expect(silent.purchase).toMatchObject({
      id: first.purchase.id,
      buyerDiscord: 'gator_queen',
      buyerEmail: 'queen@example.com',
    });
    expect(await fixture.purchases.findById(first.purchase.id)).toMatchObject({
      buyerDiscord: 'gator_queen',
      buyerEmail: 'queen@example.com',
    });
  });

  it('treats each option of a product as its own item', async () => {
    const fixture = purchasesFixture();
    const upper = await start(fixture, fiveItems[3]!);
    const lower = await start(fixture, fiveItems[4]!);
    expect(lower.purchase.id).not.toBe(upper.purchase.id);
    expect((await start(fixture, fiveItems[3]!)).purchase.id).toBe(upper.purchase.id);
  });

  it('follows a catalogue price change: the purchase and the intent take the new amount', async () => {
    const fixture = purchasesFixture();
    const first = await start(fixture);
    const dearer = new Catalogue(
      ALL_PRODUCTS.map((product) => (product.id === 'swamp-syndicate' ? { ...product, priceCents: 6500 } : product)),
    );
    const again = await fixture
      .storeWith(dearer)
      .startCheckout.execute({ ...AGREED, buyer: fixture.buyer, ...swampSyndicate });
    expect(again.purchase).toMatchObject({ id: first.purchase.id, priceCents: 6500 });
    expect(again.clientSecret).toBe(first.clientSecret);
    expect((await fixture.gateway.retrieveIntent(first.purchase.paymentIntentId!)).amountCents).toBe(6500);
    await fixture.gateway.confirm(again.clientSecret, { number: DEMO_CARDS.success });
    const completed = await fixture.store.complete.execute({
      buyerId: fixture.buyer.id,
      paymentIntentId: first.purchase.paymentIntentId!,
    });
    expect(completed.purchase).toMatchObject({ status: 'completed', priceCents: 6500 });
  });
});

describe('what is not an open checkout', () => {
  it('a completed purchase: buying again opens a new one', async () => {
    const fixture = purchasesFixture();
    const first = await start(fixture);
    await fixture.gateway.confirm(first.clientSecret, { number: DEMO_CARDS.success });
    await fixture.store.complete.execute({
      buyerId: fixture.buyer.id,
      paymentIntentId: first.purchase.paymentIntentId!,
    });
    const second = await start(fixture);
    expect(second.purchase.id).not.toBe(first.purchase.id);
    expect(second.clientSecret).not.toBe(first.clientSecret);
  });

  it('a paid one whose completion never came: it is completed, not sold again, and a new checkout opens', async () => {
    const fixture = purchasesFixture();
    const first = await start(fixture);
    await fixture.gateway.confirm(first.clientSecret, { number: DEMO_CARDS.success });
    const second = await start(fixture);
    expect(second.purchase.id).not.toBe(first.purchase.id);
    expect(await fixture.purchases.findById(first.purchase.id)).toMatchObject({
      status: 'completed',
      tokensAwarded: 150,
    });
    expect(fixture.balance(fixture.buyer.id)).toBe(150);
  });

  it('one whose intent was canceled: it is marked failed and a new checkout opens', async () => {
    const fixture = purchasesFixture();
    const first = await start(fixture);
    await setIntentStatus(fixture, first.purchase.paymentIntentId!, 'canceled');
    const second = await start(fixture);
    expect(second.purchase.id).not.toBe(first.purchase.id);
    expect(await fixture.purchases.findById(first.purchase.id)).toMatchObject({
      status: 'failed',
      failureReason: 'The payment was canceled.',
    });
  });

  it('one whose intent the provider does not know (the gateway or account changed since): it is marked failed and a new checkout opens', async () => {
    const fixture = purchasesFixture();
    const first = await start(fixture);
    const retrieve = fixture.gateway.retrieveIntent.bind(fixture.gateway);
    fixture.gateway.retrieveIntent = (id) =>
      id === first.purchase.paymentIntentId
        ? Promise.reject(new NotFoundError('PAYMENT_INTENT_NOT_FOUND', 'unknown'))
        : retrieve(id);
    const second = await start(fixture);
    expect(second.purchase.id).not.toBe(first.purchase.id);
    expect(await fixture.purchases.findById(first.purchase.id)).toMatchObject({
      status: 'failed',
      failureReason: 'The payment provider has no record of this payment.',
    });
  });

  it('a declined attempt leaves the checkout open on the same intent; once the failure is recorded it is closed', async () => {
    const fixture = purchasesFixture();
    const first = await start(fixture);
    await fixture.gateway.confirm(first.clientSecret, { number: DEMO_CARDS.declined });
    const retry = await start(fixture);
    expect(retry.purchase.id).toBe(first.purchase.id);
    expect(retry.clientSecret).toBe(first.clientSecret);
    await fixture.store.handleEvent.execute({
      id: 'evt_declined',
      type: 'payment_failed',
      intentId: first.purchase.paymentIntentId!,
      reason: 'Your card was declined.',
    });
    const fresh = await start(fixture);
    expect(fresh.purchase.id).not.toBe(first.purchase.id);
  });
});

describe('a payment under way', () => {
  it.each(['processing', 'requires_capture'] as const)(
    'is not started again while the intent is %s',
    async (status) => {
      const fixture = purchasesFixture();
      const first = await start(fixture);
      await setIntentStatus(fixture, first.purchase.paymentIntentId!, status);
      await expect(start(fixture)).rejects.toMatchObject({
        code: 'PAYMENT_IN_PROGRESS',
        kind: 'conflict',
        message:
          'Your payment for Swamp Syndicate is still being processed. Wait for it to finish before starting another checkout for it.',
      });
      expect(await fixture.purchases.list({})).toHaveLength(1);
    },
  );
});

describe('at most five open checkouts', () => {
  it('refuses a sixth distinct item with a clear conflict and stores nothing; repeats of the five still work', async () => {
    const fixture = purchasesFixture();
    const open = [];
    for (const item of fiveItems) open.push(await start(fixture, item));
    const sixth = start(fixture);
    await expect(sixth).rejects.toMatchObject({
      code: 'TOO_MANY_OPEN_CHECKOUTS',
      kind: 'conflict',
      message:
        'You have 5 checkouts waiting for payment. Finish paying for one of them before starting another; a checkout left unpaid lapses 24 hours after it was started.',
    });
    expect(await fixture.purchases.list({})).toHaveLength(5);
    expect((await start(fixture, fiveItems[0]!)).purchase.id).toBe(open[0]!.purchase.id);

    // paying for one frees its place
    await fixture.gateway.confirm(open[0]!.clientSecret, { number: DEMO_CARDS.success });
    await fixture.store.complete.execute({
      buyerId: fixture.buyer.id,
      paymentIntentId: open[0]!.purchase.paymentIntentId!,
    });
    expect((await start(fixture)).purchase.status).toBe('pending');
  });

  it('counts neither failed nor abandoned checkouts (unpaid 24 hours after they started)', async () => {
    const fixture = purchasesFixture();
    const first = await start(fixture, fiveItems[0]!);
    await fixture.store.handleEvent.execute({
      id: 'evt_f',
      type: 'payment_failed',
      intentId: first.purchase.paymentIntentId!,
      reason: 'declined',
    });
    for (const item of fiveItems.slice(1)) await start(fixture, item);
    const fifth = await start(fixture);
    await expect(
      start(fixture, {
        productType: 'unban',
        productId: 'discord-unban',
        banReason: 'Banned for RDM at the docks last week.',
      }),
    ).rejects.toMatchObject({
      code: 'TOO_MANY_OPEN_CHECKOUTS',
    });

    fixture.advance(24 * 60 - 1);
    expect((await start(fixture)).purchase.id).toBe(fifth.purchase.id);
    fixture.advance(2);
    const afterADay = await start(fixture);
    expect(afterADay.purchase.id).not.toBe(fifth.purchase.id);
    expect(
      (
        await start(fixture, {
          productType: 'unban',
          productId: 'discord-unban',
          banReason: 'Banned for RDM at the docks last week.',
        })
      ).purchase.status,
    ).toBe('pending');
  });

  it('holds under concurrent starts of many distinct items', async () => {
    const fixture = purchasesFixture();
    const items = [
      ...fiveItems,
      swampSyndicate,
      { productType: 'unban', productId: 'discord-unban', banReason: 'Banned for RDM at the docks last week.' },
      { productType: 'gang', productId: 'hood-package' },
    ];
    const results = await Promise.allSettled(items.map((item) => start(fixture, item)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(
      Array(3).fill('TOO_MANY_OPEN_CHECKOUTS'),
    );
    expect(await fixture.purchases.list({ status: 'pending' })).toHaveLength(5);
  });
});

describe('a provider failure when a checkout is started again', () => {
  it('answers the error and leaves the open checkout as it was', async () => {
    const fixture = purchasesFixture();
    const first = await start(fixture);
    fixture.gateway.retrieveIntent = async () => {
      throw new Error('provider down');
    };
    await expect(start(fixture)).rejects.toThrow('provider down');
    expect(await fixture.purchases.list({})).toEqual([
      expect.objectContaining({ id: first.purchase.id, status: 'pending' }),
    ]);
  });
});
