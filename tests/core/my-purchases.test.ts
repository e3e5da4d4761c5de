import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_CARDS } from '../../adapters/payments/demo-payment-gateway.ts';
import { CHECKOUT_ABANDONED_AFTER_HOURS } from '../../core/purchases/purchase.ts';
import { purchasesFixture } from './purchases-fixture.ts';

describe("a buyer's own purchases", () => {
  it('reads awaiting payment until the checkout lapses, then abandoned; a paid one completed', async () => {
    const fixture = purchasesFixture();
    const started = await fixture.store.startCheckout.execute({
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
    expect(page.purchases.map((mine) => [mine.purchase.productName, mine.status])).toEqual([
      ['Hood Package', 'completed'],
      ['Swamp Blood', 'abandoned'],
    ]);
    expect(page.nextBefore).toBeNull();
  });

  it("finds another buyer's purchase as not found, and pages a buyer's list", async () => {
    const fixture = purchasesFixture();
    const started = await fixture.store.startCheckout.execute({
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
