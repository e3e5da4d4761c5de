import { describe, expect, it } from 'vitest';
import { Catalogue } from '../../core/catalogue/model/catalogue.ts';
import type { Coupon } from '../../core/promotions/model/coupon.ts';
import { liveSaleFor, priceItem } from '../../core/promotions/model/pricing.ts';
import type { Sale } from '../../core/promotions/model/sale.ts';
import { renewalDiscount } from '../../core/purchases/model/discount.ts';
import { NO_PAYMENT_REASON, PAYMENT_WINDOW_MINUTES } from '../../core/purchases/model/purchase.ts';
import { couponOf } from '../support/promotion-builders.ts';
import { purchasesFixture } from './purchases-fixture.ts';
import { AGREED } from '../support/checkout-terms.ts';

const catalogue = new Catalogue();
const hood = catalogue.price('hood-package', 'gang');
const at = new Date('2026-12-01T12:00:00Z');

const sale = (fields: Partial<Sale>): Sale => ({
  id: 's1',
  name: 'Sale',
  percentOff: 25,
  productIds: [],
  productTypes: [],
  startsAt: new Date('2026-11-30T00:00:00Z'),
  endsAt: new Date('2026-12-02T00:00:00Z'),
  createdBy: null,
  createdAt: at,
  ...fields,
});
const coupon = (fields: Partial<Coupon>) => couponOf({ percentOff: null, ...fields });

describe('the one pricing rule', () => {
  it('takes the sale off the catalogue price, then the coupon off the sale price', () => {
    const quote = priceItem(hood, sale({}), coupon({ percentOff: 10 }));
    expect(quote).toMatchObject({ listPriceCents: 8000, sale: { priceCents: 6000 }, coupon: { cents: 600 } });
    expect(quote.totalCents).toBe(5400);
    expect(priceItem(hood, null, coupon({ amountOffCents: 500 })).totalCents).toBe(7500);
    expect(priceItem(hood, null, null)).toMatchObject({ totalCents: 8000, sale: null, coupon: null });
  });

  it('never charges below $0.50, and rounds a percent to whole cents', () => {
    expect(priceItem(hood, null, coupon({ percentOff: 100 })).totalCents).toBe(50);
    expect(priceItem(hood, null, coupon({ amountOffCents: 100_000 })).totalCents).toBe(50);
    const odd = catalogue.price('discord-unban', 'unban');
    expect(priceItem(odd, null, coupon({ percentOff: 15 })).coupon?.cents).toBe(300);
  });

  it('picks the live sale taking the most off the product, by id or type, and none outside its dates', () => {
    const sales = [
      sale({ id: 'type', percentOff: 10, productTypes: ['gang'] }),
      sale({ id: 'id', percentOff: 30, productIds: ['hood-package'] }),
      sale({ id: 'other', percentOff: 50, productTypes: ['unban'] }),
      sale({
        id: 'later',
        percentOff: 60,
        startsAt: new Date('2026-12-05T00:00:00Z'),
        endsAt: new Date('2026-12-06T00:00:00Z'),
      }),
    ];
    expect(liveSaleFor(sales, hood.product, at)?.id).toBe('id');
    expect(liveSaleFor(sales, hood.product, new Date('2026-12-02T00:00:00Z'))).toBeNull();
  });

  it("lowers a membership's later months while the coupon covers them, by what it took off the first month's tier price", () => {
    const first = {
      listPriceCents: 6000,
      sale: { id: 's', name: 'Sale', percentOff: 50 },
      coupon: { id: 'c', code: 'PASS', percentOff: 25, amountOffCents: null, cents: 750, months: 2 },
    };
    expect(renewalDiscount(first, 1, 6000).priceCents).toBe(4500);
    expect(renewalDiscount(first, 2, 6000)).toEqual({ priceCents: 6000, discount: null });
    // 25 % of the first month's $60 tier (not of its sale price): $15 off every month, on whatever tier
    expect(renewalDiscount({ ...first, coupon: { ...first.coupon, months: null } }, 40, 10000).priceCents).toBe(8500);
    // never below the smallest charge
    expect(renewalDiscount({ ...first, coupon: { ...first.coupon, months: null } }, 3, 1000).priceCents).toBe(50);
    expect(renewalDiscount(null, 1, 6000).priceCents).toBe(6000);
  });
});

describe('coupons at checkout, on the in-memory store', () => {
  it('prices the checkout with the coupon and keeps one use; a one-use coupon raced by 20 buyers is kept once', async () => {
    const f = purchasesFixture();
    const promotions = f.memory.core.promotions;
    await promotions.createCoupon.execute({ code: 'once', percentOff: 50, maxUses: 1, createdBy: null });
    const buyers = Array.from({ length: 20 }, (_, n) => ({
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      email: null,
      discordUsername: `p${n}`,
      username: null,
    }));
    const base = f.users.rows.get(f.buyer.id);
    if (!base) throw new Error('the fixture has no buyer');
    for (const buyer of buyers) f.users.rows.set(buyer.id, { ...base, ...buyer, discordId: `9${buyer.id.slice(-12)}` });
    const answers = await Promise.allSettled(
      buyers.map((buyer) =>
        f.store.startCheckout.execute({
          ...AGREED,
          buyer,
          productType: 'gang',
          productId: 'hood-package',
          couponCode: 'ONCE',
        }),
      ),
    );
    const started = answers.filter((answer) => answer.status === 'fulfilled');
    expect(started).toHaveLength(1);
    expect(started[0]?.value.purchase).toMatchObject({
      priceCents: 4000,
      tokensGranted: 80,
      discount: { listPriceCents: 8000, coupon: { code: 'ONCE', cents: 4000 } },
    });
    for (const answer of answers)
      if (answer.status === 'rejected') expect(answer.reason).toMatchObject({ code: 'COUPON_USED_UP' });
    expect((await promotions.showCoupon.execute({ code: 'once' })).uses).toBe(1);
  });

  it("gives an unpaid checkout's coupon use back when its payment window passes, not a day later", async () => {
    const f = purchasesFixture();
    const promotions = f.memory.core.promotions;
    await promotions.createCoupon.execute({ code: 'LAST', percentOff: 50, maxUses: 1, createdBy: null });
    const other = { id: '00000000-0000-4000-8000-00000000000b', email: null, discordUsername: 'late', username: null };
    const base = f.users.rows.get(f.buyer.id);
    if (!base) throw new Error('the fixture has no buyer');
    f.users.rows.set(other.id, { ...base, ...other, discordId: '900000000000000011' });
    const start = (buyer: {
      id: string;
      email: string | null;
      discordUsername: string | null;
      username: string | null;
    }) =>
      f.store.startCheckout.execute({
        ...AGREED,
        buyer,
        productType: 'gang',
        productId: 'hood-package',
        couponCode: 'last',
      });

    const abandoned = await start(f.buyer);
    await expect(start(other)).rejects.toMatchObject({ code: 'COUPON_USED_UP' });
    f.advance(PAYMENT_WINDOW_MINUTES);
    await expect(start(other)).rejects.toMatchObject({ code: 'COUPON_USED_UP' });
    f.advance(1);
    const taken = await start(other);
    expect(taken.purchase.discount?.coupon?.code).toBe('LAST');
    expect((await promotions.showCoupon.execute({ code: 'last' })).uses).toBe(1);

    // the first buyer is refused too now, and the reconciler ends their checkout
    await expect(start(f.buyer)).rejects.toMatchObject({ code: 'COUPON_USED_UP' });
    await f.store.reconcile.execute();
    expect(await f.purchases.findById(abandoned.purchase.id)).toMatchObject({
      status: 'failed',
      failureReason: NO_PAYMENT_REASON,
    });
    expect((await promotions.showCoupon.execute({ code: 'last' })).uses).toBe(1);
  });

  it('opens a new checkout, keeping a new use, for a buyer back after their payment window with the same coupon', async () => {
    const f = purchasesFixture();
    const promotions = f.memory.core.promotions;
    await promotions.createCoupon.execute({ code: 'SPARE', percentOff: 50, maxUses: 2, createdBy: null });
    const start = () =>
      f.store.startCheckout.execute({
        ...AGREED,
        buyer: f.buyer,
        productType: 'gang',
        productId: 'hood-package',
        couponCode: 'spare',
      });
    const first = await start();
    f.advance(5);
    expect((await start()).purchase.id).toBe(first.purchase.id);
    f.advance(PAYMENT_WINDOW_MINUTES);
    const second = await start();
    expect(second.purchase.id).not.toBe(first.purchase.id);
    expect(await f.purchases.findById(first.purchase.id)).toMatchObject({
      status: 'failed',
      failureReason: NO_PAYMENT_REASON,
    });
    expect((await promotions.showCoupon.execute({ code: 'spare' })).uses).toBe(1);
  });

  it('quotes a refused code with why, and the price without it', async () => {
    const f = purchasesFixture();
    await f.memory.core.promotions.createCoupon.execute({
      code: 'UNBAN5',
      amountOffCents: 500,
      productTypes: ['unban'],
      createdBy: null,
    });
    const quoted = await f.memory.core.promotions.quote.execute({
      productType: 'gang',
      productId: 'hood-package',
      couponCode: 'unban5',
      buyerId: f.buyer.id,
    });
    expect(quoted.refusal).toEqual({
      code: 'COUPON_WRONG_PRODUCT',
      message: 'The coupon code UNBAN5 does not apply to Hood Package.',
    });
    expect(quoted.quote.totalCents).toBe(8000);
  });
});
