import { describe, expect, it } from 'vitest';
import type { BasketPayment } from '../../core/purchases/use-cases/prove-basket-payment.ts';
import { addBuyer, purchasesFixture } from './purchases-fixture.ts';
import { AGREED } from '../support/checkout-terms.ts';

const swampBlood = { productType: 'whitelist', productId: 'swamp-blood' };

/** a pending purchase of Swamp Blood by the fixture's buyer, and the payment Tebex would report for its basket */
async function basket(fixture: ReturnType<typeof purchasesFixture>) {
  const { purchase } = await fixture.store.startCheckout.execute({ ...AGREED, buyer: fixture.buyer, ...swampBlood });
  const payment = (transactionId: string, changes: Partial<BasketPayment> = {}): BasketPayment => ({
    transactionId,
    currency: 'usd',
    items: [{ key: purchase.productId, basePriceCents: purchase.priceCents }],
    paidCents: purchase.priceCents,
    discounted: false,
    reportedCodes: { creatorCode: null, couponCodes: [] },
    subscriptionReference: null,
    claimedPurchaseId: purchase.id,
    signed: { purchaseId: purchase.id, userId: purchase.userId },
    ...changes,
  });
  return { purchase, payment };
}

describe('which purchase a basket payment proves', () => {
  it('completes the purchase its signed custom data names, once, and a redelivery of its transaction credits nothing more', async () => {
    const fixture = purchasesFixture();
    const { purchase, payment } = await basket(fixture);
    const prove = fixture.store.proveBasketPayment;
    const first = await prove.execute({
      id: 'tebex_1',
      type: 'completed',
      name: 'payment.completed',
      payment: payment('tbx-1'),
    });
    expect(first).toMatchObject({
      applied: true,
      subscription: false,
      purchase: { id: purchase.id, status: 'completed' },
    });
    const tokens = fixture.balance(fixture.buyer.id);
    expect(tokens).toBeGreaterThan(0);
    // the same transaction again, now recorded, even without its signed custom data
    const again = await prove.execute({
      id: 'tebex_2',
      type: 'completed',
      name: 'recurring-payment.started',
      payment: payment('tbx-1', { signed: null }),
    });
    expect(again.applied).toBe(false);
    expect(again.unmatched).toBeUndefined();
    expect(fixture.balance(fixture.buyer.id)).toBe(tokens);
    expect((await fixture.purchases.findById(purchase.id))?.paymentReference).toBe('tbx-1');
  });

  it('records unmatched, and changes nothing, a payment whose custom data the site did not sign or signed for another buyer', async () => {
    const fixture = purchasesFixture();
    const { purchase, payment } = await basket(fixture);
    const prove = fixture.store.proveBasketPayment;
    const unsigned = await prove.execute({
      id: 'tebex_unsigned',
      type: 'completed',
      name: 'payment.completed',
      payment: payment('tbx-2', { signed: null }),
    });
    expect(unsigned.unmatched).toEqual({
      namedPurchaseId: purchase.id,
      reason: 'Its custom data was not signed by this site.',
    });
    const other = addBuyer(fixture.users, new Date(), {
      discordId: '100000000000000002',
      email: null,
      discordUsername: 'marie',
      username: null,
    });
    const someoneElse = await prove.execute({
      id: 'tebex_other',
      type: 'completed',
      name: 'payment.completed',
      payment: payment('tbx-3', { signed: { purchaseId: purchase.id, userId: other.id } }),
    });
    expect(someoneElse.unmatched?.reason).toBe("Its signed buyer is not the purchase's buyer.");
    const unknown = await prove.execute({
      id: 'tebex_unknown',
      type: 'completed',
      name: 'payment.completed',
      payment: payment('tbx-4', { signed: { purchaseId: 'no-such-purchase', userId: fixture.buyer.id } }),
    });
    expect(unknown.unmatched?.reason).toBe('It names a purchase this site does not have.');
    expect((await fixture.purchases.findById(purchase.id))?.status).toBe('pending');
    expect(fixture.balance(fixture.buyer.id)).toBe(0);
    expect((await fixture.store.unmatched.execute()).map((event) => event.id).sort()).toEqual([
      'tebex_other',
      'tebex_unknown',
      'tebex_unsigned',
    ]);
  });

  it('records unmatched a second transaction for a purchase another one already paid', async () => {
    const fixture = purchasesFixture();
    const { purchase, payment } = await basket(fixture);
    const prove = fixture.store.proveBasketPayment;
    await prove.execute({ id: 'tebex_paid', type: 'completed', name: 'payment.completed', payment: payment('tbx-5') });
    const tokens = fixture.balance(fixture.buyer.id);
    const second = await prove.execute({
      id: 'tebex_second',
      type: 'completed',
      name: 'payment.completed',
      payment: payment('tbx-6'),
    });
    expect(second.applied).toBe(false);
    expect(second.unmatched?.reason).toBe('It names a purchase that is no longer awaiting payment (completed).');
    expect((await fixture.purchases.findById(purchase.id))?.paymentReference).toBe('tbx-5');
    expect(fixture.balance(fixture.buyer.id)).toBe(tokens);
  });

  it("leaves the purchase pending when the package Tebex charged for is not the purchase's price", async () => {
    const fixture = purchasesFixture();
    const { purchase, payment } = await basket(fixture);
    const cheaper = payment('tbx-7', { items: [{ key: purchase.productId, basePriceCents: 1 }] });
    const result = await fixture.store.proveBasketPayment.execute({
      id: 'tebex_cheap',
      type: 'completed',
      name: 'payment.completed',
      payment: cheaper,
    });
    expect(result.applied).toBe(false);
    expect((await fixture.purchases.findById(purchase.id))?.status).toBe('pending');
    expect(fixture.balance(fixture.buyer.id)).toBe(0);
  });

  it('leaves a first payment declined alone, fails a recorded transaction, and records an unsigned decline', async () => {
    const fixture = purchasesFixture();
    const { purchase, payment } = await basket(fixture);
    const prove = fixture.store.proveBasketPayment;
    const first = await prove.execute({
      id: 'tebex_d1',
      type: 'declined',
      payment: payment('tbx-8'),
      reason: 'No funds.',
    });
    expect(first).toMatchObject({ applied: false, subscription: false });
    expect(first.unmatched).toBeUndefined();
    expect((await fixture.purchases.findById(purchase.id))?.status).toBe('pending');
    const unsigned = await prove.execute({
      id: 'tebex_d2',
      type: 'declined',
      payment: payment('tbx-9', { signed: null }),
      reason: 'No funds.',
    });
    expect(unsigned.unmatched?.reason).toBe('Its custom data was not signed by this site.');
    // the basket the site opened is a recorded payment id: its decline fails the purchase
    const recorded = await prove.execute({
      id: 'tebex_d3',
      type: 'declined',
      payment: payment(purchase.paymentIntentId ?? '', { signed: null, claimedPurchaseId: null }),
      reason: 'No funds.',
    });
    expect(recorded.applied).toBe(true);
    expect(await fixture.purchases.findById(purchase.id)).toMatchObject({
      status: 'failed',
      failureReason: 'No funds.',
    });
  });

  it("records unmatched a subscription's event when no Priority Pass of the site started with it", async () => {
    const fixture = purchasesFixture();
    const result = await fixture.store.proveBasketPayment.execute({
      id: 'tebex_sub',
      type: 'subscription',
      name: 'recurring-payment.renewed',
      subscriptionId: 'tbx-sub-unknown',
      claimedPurchaseId: null,
    });
    expect(result).toMatchObject({ applied: false, subscription: false });
    expect(result.unmatched?.reason).toBe(
      'No Priority Pass of this site started with Tebex subscription tbx-sub-unknown.',
    );
  });
});
