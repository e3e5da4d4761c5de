import type { Coupon, CouponWithUses } from '../../core/promotions/model/coupon.ts';
import type {
  CouponUse,
  CouponUses,
  PromotionRepository,
  Redemption,
  UseDecision,
} from '../../core/promotions/ports.ts';
import { isLive, type Sale } from '../../core/promotions/model/sale.ts';
import type { Purchase, PurchaseStatus } from '../../core/purchases/model/purchase.ts';
import { snapshotMap, type SnapshotStore } from './in-memory-transactions.ts';

/** a use counts while its purchase is one of these, or pending since the open-checkout cut-off */
export const USE_COUNTING_STATUSES: readonly PurchaseStatus[] = ['completed', 'underpaid', 'refunded', 'disputed'];

interface Use {
  couponId: string;
  userId: string;
  at: Date;
}

/** Coupons, their uses and sales in memory; a use counts by its purchase's status, read from the purchases. */
export class InMemoryPromotionRepository implements PromotionRepository, SnapshotStore {
  private readonly coupons = new Map<string, Coupon>();
  /** by purchase id */
  private readonly uses = new Map<string, Use>();
  private readonly sales = new Map<string, Sale>();
  /** redemptions take turns, as under the coupon's row lock */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(private readonly purchases: { findById(id: string): Promise<Purchase | null> }) {}

  snapshot(): () => void {
    const restores = [snapshotMap(this.coupons), snapshotMap(this.uses), snapshotMap(this.sales)];
    return () => {
      for (const restore of restores) restore();
    };
  }

  async addCoupon(coupon: Coupon): Promise<boolean> {
    if ([...this.coupons.values()].some((stored) => stored.code === coupon.code)) return false;
    this.coupons.set(coupon.id, structuredClone(coupon));
    return true;
  }

  async findCoupon(code: string): Promise<Coupon | null> {
    const found = [...this.coupons.values()].find((coupon) => coupon.code === code);
    return found ? structuredClone(found) : null;
  }

  async listCoupons(openSince: Date): Promise<CouponWithUses[]> {
    const coupons = [...this.coupons.values()].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id),
    );
    return Promise.all(
      coupons.map(async (coupon) => ({
        ...structuredClone(coupon),
        uses: (await this.usesOf(coupon.id, '', openSince)).total,
      })),
    );
  }

  async disableCoupon(code: string, at: Date): Promise<Coupon | null> {
    const coupon = [...this.coupons.values()].find((stored) => stored.code === code);
    if (!coupon) return null;
    coupon.disabledAt ??= at;
    return structuredClone(coupon);
  }

  async usesOf(couponId: string, userId: string, openSince: Date): Promise<CouponUses> {
    let total = 0;
    let byPlayer = 0;
    let openByPlayer = 0;
    for (const [purchaseId, use] of this.uses) {
      if (use.couponId !== couponId) continue;
      const purchase = await this.purchases.findById(purchaseId);
      const counts =
        purchase !== null &&
        (USE_COUNTING_STATUSES.includes(purchase.status) ||
          (purchase.status === 'pending' && purchase.createdAt >= openSince));
      if (!counts) continue;
      total++;
      if (use.userId !== userId) continue;
      byPlayer++;
      if (purchase.status === 'pending') openByPlayer++;
    }
    return { total, byPlayer, openByPlayer };
  }

  redeem(couponId: string, use: CouponUse, decision: UseDecision | null): Promise<Redemption> {
    const redeemed = this.turn.then(async (): Promise<Redemption> => {
      if (decision) {
        const uses = await this.usesOf(couponId, use.userId, decision.openSince);
        const reserved = this.uses.get(use.purchaseId)?.couponId === couponId;
        const outcome = decision.decide({ ...uses, reserved });
        if (outcome !== 'redeemed') return outcome;
      }
      // a purchase keeps at most one use
      if (!this.uses.has(use.purchaseId)) this.uses.set(use.purchaseId, { couponId, userId: use.userId, at: use.at });
      return 'redeemed';
    });
    this.turn = redeemed.catch(() => {});
    return redeemed;
  }

  async addSale(sale: Sale): Promise<void> {
    this.sales.set(sale.id, structuredClone(sale));
  }

  async listSales(): Promise<Sale[]> {
    return [...this.sales.values()]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .map((sale) => structuredClone(sale));
  }

  async liveSales(at: Date): Promise<Sale[]> {
    return (await this.listSales()).filter((sale) => isLive(sale, at));
  }

  async endSale(id: string, at: Date): Promise<Sale | null> {
    const sale = this.sales.get(id);
    if (!sale) return null;
    if (sale.endsAt > at) sale.endsAt = at;
    if (sale.startsAt > at) sale.startsAt = at;
    return structuredClone(sale);
  }
}
