import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_CARDS } from '../../adapters/payments/demo-payment-gateway.ts';
import { CHECKOUT_ABANDONED_AFTER_HOURS, PAYMENT_WINDOW_MINUTES } from '../../core/purchases/model/purchase.ts';
import { purchasesFixture } from './purchases-fixture.ts';
import { AGREED } from '../support/checkout-terms.ts';

describe("a buyer's own purchases", () => {
  it('reads awaiting payment until the checkout lapses, then abandoned; a paid one completed', async () => {
    const fixture = purchasesFixture();
    const started = await fixture.store.startCheckout.execute({
      ...AGREED,
      buyer: fixture.buyer,
      productType: 'whitelist',
      productId: 'swamp-blood',
    });
    const reference = started.purchase.paymentIntentId ?? '';
    const show = () => fixture.store.showMine.execute({ reference, buyerId: fixture.buyer.id });
    expect((await show()).status).toBe('awaiting_payment');
    fixture.advance(CHECKOUT_ABANDONED_AFTER_HOURS * 60 - 1);
    expect((await show()).status).toBe('awaiting_payment');
    fixture.advance(1);
    expect((await show()).status).toBe('abandoned');

    const paid = await fixture.store.startCheckout.execute({
      ...AGREED,
      buyer: fixture.buyer,
      productType: 'gang',
      productId: 'hood-package',
    });
    await fixture.gateway.confirm(paid.clientSecret, { number: DEMO_CARDS.success });
    await fixture.store.complete.execute({
      buyerId: fixture.buyer.id,
      paymentIntentId: paid.purchase.paymentIntentId ?? '',
    });
    const page = await fixture.store.mine.execute({ buyerId: fixture.buyer.id, limit: 10 });
    // the lapsed checkout was never tried: no purchase of theirs
    expect(page.purchases.map((mine) => [mine.purchase.productName, mine.status])).toEqual([
      ['Hood Package', 'completed'],
    ]);
    expect(page.nextBefore).toBeNull();
  });

  it('lists what was paid, declined or is open now; never a checkout closed with no payment tried', async () => {
    const fixture = purchasesFixture();
    const start = (productType: string, productId: string) =>
      fixture.store.startCheckout.execute({ ...AGREED, buyer: fixture.buyer, productType, productId });
    const declined = await start('whitelist', 'bayou-basic');
    await fixture.store.handleEvent.execute({
      id: 'evt_declined',
      type: 'payment_failed',
      intentId: declined.purchase.paymentIntentId ?? '',
      reason: 'Your card was declined.',
    });
    fixture.advance(1);
    const lapsed = await start('whitelist', 'swamp-blood');
    fixture.advance(PAYMENT_WINDOW_MINUTES + 1);
    expect((await fixture.store.reconcile.execute()).failed).toEqual([lapsed.purchase.id]);
    const open = await start('gang', 'hood-package');

    const page = await fixture.store.mine.execute({ buyerId: fixture.buyer.id, limit: 10 });
    expect(page.purchases.map((mine) => [mine.purchase.id, mine.status, mine.purchase.failureReason ?? null])).toEqual([
      [open.purchase.id, 'awaiting_payment', null],
      [declined.purchase.id, 'failed', 'Your card was declined.'],
    ]);
    // the open checkout is a purchase only while it can be paid
    fixture.advance(PAYMENT_WINDOW_MINUTES + 1);
    const later = await fixture.store.mine.execute({ buyerId: fixture.buyer.id, limit: 10 });
    expect(later.purchases.map((mine) => mine.purchase.id)).toEqual([declined.purchase.id]);
    // staff still find both unpaid checkouts, and the counts follow the list
    const unpaid = await fixture.store.list.execute({ unpaid: true });
    expect(unpaid.purchases.map((purchase) => purchase.id)).toEqual([
      open.purchase.id,
      lapsed.purchase.id,
      declined.purchase.id,
    ]);
    const purchases = await fixture.store.list.execute({});
    expect(purchases.purchases.map((purchase) => purchase.id)).toEqual([declined.purchase.id]);
    expect(purchases.summary).toMatchObject({ count: 1, pending: 0, byStatus: { failed: 1, abandoned: 0 } });
    expect(unpaid.summary).toMatchObject({ count: 3, byStatus: { failed: 2, awaiting_payment: 1 } });
  });

  it("finds another buyer's purchase as not found, and pages a buyer's list", async () => {
    const fixture = purchasesFixture();
    const started = await fixture.store.startCheckout.execute({
      ...AGREED,
      buyer: fixture.buyer,
      productType: 'whitelist',
      productId: 'swamp-blood',
    });
    await expect(
      fixture.store.showMine.execute({ reference: started.purchase.id, buyerId: randomUUID() }),
    ).rejects.toMatchObject({ code: 'PURCHASE_NOT_FOUND' });
    expect((await fixture.store.mine.execute({ buyerId: randomUUID(), limit: 10 })).purchases).toEqual([]);
    const first = await fixture.store.mine.execute({ buyerId: fixture.buyer.id, limit: 1 });
    expect(first.nextBefore).toBe(started.purchase.id);
    const next = await fixture.store.mine.execute({
      buyerId: fixture.buyer.id,
      limit: 1,
      before: first.nextBefore ?? '',
    });
    expect(next).toEqual({ purchases: [], nextBefore: null });
  });
});
