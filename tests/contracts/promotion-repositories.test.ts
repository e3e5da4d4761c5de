import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { type Coupon, isLimited, redemptionFor } from '../../core/promotions/model/coupon.ts';
import type { CouponUses, PromotionRepository, Redemption, UseDecision } from '../../core/promotions/ports.ts';
import type { Sale } from '../../core/promotions/model/sale.ts';
import type { PurchaseRepository } from '../../core/purchases/ports.ts';
import type { PurchaseDiscount, PurchaseStatus } from '../../core/purchases/model/purchase.ts';
import { InMemoryPromotionRepository } from '../../adapters/memory/in-memory-promotion-repository.ts';
import { InMemoryPurchaseRepository } from '../../adapters/memory/in-memory-purchase-repository.ts';
import { CachedPromotions } from '../../adapters/persistence/cached-promotions.ts';
import { ChangeFeed } from '../../adapters/persistence/change-feed.ts';
import { createLogger } from '../../adapters/logger.ts';
import { MikroOrmPurchaseRepository } from '../../adapters/persistence/mikro-orm-purchase-repository.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';
import { couponOf } from '../support/promotion-builders.ts';
import { pendingPurchase } from '../support/purchase-builders.ts';

interface Harness {
  promotions: PromotionRepository;
  purchases: PurchaseRepository;
  addUser(): Promise<string>;
  run<T>(work: () => Promise<T>): Promise<T>;
  close?(): Promise<void>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => {
    const purchases = new InMemoryPurchaseRepository();
    return {
      promotions: new InMemoryPromotionRepository(purchases),
      purchases,
      addUser: async () => randomUUID(),
      run: (work) => work(),
    };
  },
  // the repository as the site composes it: coupons and sales kept in memory while the change feed hears
  database: async (db) => {
    const feed = new ChangeFeed(db.database, createLogger('silent'));
    await feed.start();
    return {
      promotions: new CachedPromotions(db.database, feed),
      purchases: new MikroOrmPurchaseRepository(db.database),
      addUser: db.addUser,
      run: (work) => db.database.withContext(work),
      close: () => feed.stop(),
    };
  },
  // a pool as large as the races below, so they wait on the coupon's lock and not on connections
  poolMax: 25,
};

const NOW = new Date('2026-12-01T12:00:00Z');
const OPEN_SINCE = new Date(NOW.getTime() - 24 * 3_600_000);
/** core's rule for the coupon's limits, as the checkout passes it; none for an unlimited coupon */
const decidedBy = (coupon: Coupon): UseDecision | null =>
  isLimited(coupon) ? { openSince: OPEN_SINCE, decide: (uses) => redemptionFor(coupon, uses) } : null;

const newCoupon = (fields: Partial<Coupon> = {}) => couponOf({ createdAt: NOW, ...fields });

describeRepositoryContract('promotions', adapters, (h) => {
  /** a purchase of a new buyer (or `userId`'s), pending since `createdAt`, then moved to `status` */
  async function purchaseOf(userId?: string, status: PurchaseStatus = 'pending', createdAt = NOW) {
    const buyer = userId ?? (await h.addUser());
    const purchase = pendingPurchase({
      userId: buyer,
      productType: 'gang',
      productId: 'hood-package',
      productName: 'Hood Package',
      priceCents: 8000,
      tokensGranted: 80,
      createdAt,
    });
    await h.run(() => h.purchases.add(purchase));
    if (status !== 'pending') await h.run(() => h.purchases.update(purchase.id, () => ({ status, updatedAt: NOW })));
    return { purchaseId: purchase.id, userId: buyer };
  }

  it('stores a coupon once by its code, finds it, lists it newest first with its uses, and disables it once', async () => {
    const coupon = newCoupon({
      productIds: ['hood-package'],
      productTypes: ['gang', 'addon'],
      percentOff: null,
      amountOffCents: 500,
      maxUses: 5,
      perPlayer: 2,
      startsAt: new Date('2026-11-01T00:00:00Z'),
      expiresAt: new Date('2027-01-01T00:00:00Z'),
      months: null,
    });
    expect(await h.run(() => h.promotions.addCoupon(coupon))).toBe(true);
    expect(await h.run(() => h.promotions.addCoupon({ ...newCoupon(), code: coupon.code }))).toBe(false);
    expect(await h.run(() => h.promotions.findCoupon(coupon.code))).toEqual(coupon);
    expect(await h.run(() => h.promotions.findCoupon('NO-SUCH-CODE'))).toBeNull();
    const newer = newCoupon({ createdAt: new Date(NOW.getTime() + 1000) });
    await h.run(() => h.promotions.addCoupon(newer));
    const listed = await h.run(() => h.promotions.listCoupons(OPEN_SINCE));
    const codes = listed.map((c) => c.code);
    expect(codes.indexOf(newer.code)).toBeLessThan(codes.indexOf(coupon.code));
    expect(listed.find((c) => c.code === coupon.code)).toEqual({ ...coupon, uses: 0 });

    const at = new Date(NOW.getTime() + 5000);
    expect((await h.run(() => h.promotions.disableCoupon(coupon.code, at)))?.disabledAt).toEqual(at);
    const later = new Date(NOW.getTime() + 9000);
    expect((await h.run(() => h.promotions.disableCoupon(coupon.code, later)))?.disabledAt).toEqual(at);
    expect(await h.run(() => h.promotions.disableCoupon('NO-SUCH-CODE', at))).toBeNull();
  });

  it('counts a use while its purchase is paid, held, reversed or awaiting payment, not once it failed or lapsed', async () => {
    const coupon = newCoupon();
    await h.run(() => h.promotions.addCoupon(coupon));
    const player = await h.addUser();
    const counted: PurchaseStatus[] = ['completed', 'underpaid', 'refunded', 'disputed', 'pending'];
    for (const status of counted) {
      const use = await purchaseOf(player, status);
      expect(await h.run(() => h.promotions.redeem(coupon.id, { ...use, at: NOW }, decidedBy(coupon)))).toBe(
        'redeemed',
      );
    }
    const failed = await purchaseOf(player, 'failed');
    await h.run(() => h.promotions.redeem(coupon.id, { ...failed, at: NOW }, decidedBy(coupon)));
    const lapsed = await purchaseOf(player, 'pending', new Date(OPEN_SINCE.getTime() - 1000));
    await h.run(() => h.promotions.redeem(coupon.id, { ...lapsed, at: NOW }, decidedBy(coupon)));
    const other = await purchaseOf();
    await h.run(() => h.promotions.redeem(coupon.id, { ...other, at: NOW }, decidedBy(coupon)));
    // the same purchase again keeps one use
    await h.run(() => h.promotions.redeem(coupon.id, { ...other, at: NOW }, decidedBy(coupon)));
    expect(await h.run(() => h.promotions.usesOf(coupon.id, player, OPEN_SINCE))).toEqual({
      total: 6,
      byPlayer: 5,
      openByPlayer: 1,
    });
    // a purchase removed (its checkout never opened) takes its use with it
    await h.run(() => h.purchases.discardUnstarted(other.purchaseId));
    expect(await h.run(() => h.promotions.usesOf(coupon.id, player, OPEN_SINCE))).toEqual({
      total: 5,
      byPlayer: 5,
      openByPlayer: 1,
    });
  });

  it('keeps no use past a limit: in all, and per player', async () => {
    const limited = newCoupon({ maxUses: 2, perPlayer: 1 });
    await h.run(() => h.promotions.addCoupon(limited));
    const first = await purchaseOf();
    expect(await h.run(() => h.promotions.redeem(limited.id, { ...first, at: NOW }, decidedBy(limited)))).toBe(
      'redeemed',
    );
    const same = await purchaseOf(first.userId);
    expect(await h.run(() => h.promotions.redeem(limited.id, { ...same, at: NOW }, decidedBy(limited)))).toBe(
      'used_up_by_player',
    );
    const second = await purchaseOf();
    expect(await h.run(() => h.promotions.redeem(limited.id, { ...second, at: NOW }, decidedBy(limited)))).toBe(
      'redeemed',
    );
    const third = await purchaseOf();
    expect(await h.run(() => h.promotions.redeem(limited.id, { ...third, at: NOW }, decidedBy(limited)))).toBe(
      'used_up',
    );
    expect((await h.run(() => h.promotions.listCoupons(OPEN_SINCE))).find((c) => c.id === limited.id)?.uses).toBe(2);
  });

  it('decides nothing itself: it hands the decision the uses counted under the lock, and keeps a use only when allowed', async () => {
    const coupon = newCoupon({ maxUses: 1 });
    await h.run(() => h.promotions.addCoupon(coupon));
    const first = await purchaseOf();
    const seen: Array<CouponUses & { reserved: boolean }> = [];
    const deciding =
      (outcome: Redemption): UseDecision['decide'] =>
      (uses) => {
        seen.push(uses);
        return outcome;
      };
    const refuse: UseDecision = { openSince: OPEN_SINCE, decide: deciding('used_up') };
    expect(await h.run(() => h.promotions.redeem(coupon.id, { ...first, at: NOW }, refuse))).toBe('used_up');
    expect((await h.run(() => h.promotions.usesOf(coupon.id, first.userId, OPEN_SINCE))).total).toBe(0);
    const allow: UseDecision = { openSince: OPEN_SINCE, decide: deciding('redeemed') };
    expect(await h.run(() => h.promotions.redeem(coupon.id, { ...first, at: NOW }, allow))).toBe('redeemed');
    expect(await h.run(() => h.promotions.redeem(coupon.id, { ...first, at: NOW }, allow))).toBe('redeemed');
    expect(seen).toEqual([
      { total: 0, byPlayer: 0, openByPlayer: 0, reserved: false },
      { total: 0, byPlayer: 0, openByPlayer: 0, reserved: false },
      { total: 1, byPlayer: 1, openByPlayer: 1, reserved: true },
    ]);
    expect((await h.run(() => h.promotions.usesOf(coupon.id, first.userId, OPEN_SINCE))).total).toBe(1);
  });

  it('of 20 concurrent redemptions of a one-use coupon, exactly one is kept', async () => {
    const once = newCoupon({ maxUses: 1 });
    await h.run(() => h.promotions.addCoupon(once));
    const uses = await Promise.all(Array.from({ length: 20 }, () => purchaseOf()));
    const outcomes = await Promise.all(
      uses.map((use) => h.run(() => h.promotions.redeem(once.id, { ...use, at: NOW }, decidedBy(once)))),
    );
    expect(outcomes.filter((outcome) => outcome === 'redeemed')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'used_up')).toHaveLength(19);
  });

  it('stores sales, answers those live at an instant, and ends one early', async () => {
    const sale: Sale = {
      id: randomUUID(),
      name: 'Winter sale',
      percentOff: 20,
      productIds: ['hood-package'],
      productTypes: ['unban'],
      startsAt: new Date('2026-12-05T00:00:00Z'),
      endsAt: new Date('2026-12-10T00:00:00Z'),
      createdBy: null,
      createdAt: NOW,
    };
    await h.run(() => h.promotions.addSale(sale));
    expect((await h.run(() => h.promotions.listSales())).find((s) => s.id === sale.id)).toEqual(sale);
    const live = (at: string) => h.run(async () => (await h.promotions.liveSales(new Date(at))).map((s) => s.id));
    expect(await live('2026-12-04T23:59:59Z')).not.toContain(sale.id);
    expect(await live('2026-12-05T00:00:00Z')).toContain(sale.id);
    expect(await live('2026-12-10T00:00:00Z')).not.toContain(sale.id);
    const endedAt = new Date('2026-12-06T00:00:00Z');
    expect(await h.run(() => h.promotions.endSale(sale.id, endedAt))).toEqual({ ...sale, endsAt: endedAt });
    expect(await live('2026-12-06T00:00:01Z')).not.toContain(sale.id);
    expect(await h.run(() => h.promotions.endSale(randomUUID(), endedAt))).toBeNull();
    expect(await h.run(() => h.promotions.endSale('not-an-id', endedAt))).toBeNull();
  });

  it("keeps a purchase's discount as it was written, and changes it with its checkout", async () => {
    const discount: PurchaseDiscount = {
      listPriceCents: 8000,
      sale: { id: randomUUID(), name: 'Gang week', percentOff: 25 },
      coupon: { id: randomUUID(), code: 'GANG10', percentOff: 10, amountOffCents: null, cents: 600, months: 1 },
    };
    const purchase = pendingPurchase({
      userId: await h.addUser(),
      productType: 'gang',
      productId: 'hood-package',
      productName: 'Hood Package',
      priceCents: 5400,
      tokensGranted: 80,
      discount,
    });
    await h.run(() => h.purchases.add(purchase));
    expect((await h.run(() => h.purchases.findById(purchase.id)))?.discount).toEqual(discount);
    const revised = await h.run(() =>
      h.purchases.reviseCheckout(purchase.id, { priceCents: 8000, discount: null, updatedAt: NOW }),
    );
    expect(revised?.priceCents).toBe(8000);
    expect(revised?.discount ?? null).toBeNull();
  });
});
