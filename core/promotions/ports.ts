import type { Coupon, CouponUses, CouponWithUses, Redemption } from './model/coupon.ts';
import type { Sale } from './model/sale.ts';

export type { CouponUses, Redemption };

/** A use to keep for a purchase, and, for a limited coupon, how core decides it on the uses counted under the lock. */
export interface CouponUse {
  purchaseId: string;
  userId: string;
  at: Date;
}
export interface UseDecision {
  /** checkouts started since then still hold their use */
  openSince: Date;
  /** core's rule (redemptionFor): given the uses that count, and whether this purchase keeps one already */
  decide(uses: CouponUses & { reserved: boolean }): Redemption;
}

/**
 * Coupons, their uses, and sales. A use is a row per purchase that used the coupon; it counts while its purchase
 * is paid, held, reversed (refunded or disputed), or awaiting payment since `openSince` (a failed or abandoned checkout gives it back).
 */
export interface PromotionRepository {
  /** false when a coupon has the code already (nothing is written then) */
  addCoupon(coupon: Coupon): Promise<boolean>;
  /** by its code, in capitals */
  findCoupon(code: string): Promise<Coupon | null>;
  /** newest first, each with its uses */
  listCoupons(openSince: Date): Promise<CouponWithUses[]>;
  /** sets `disabledAt` unless set; answers the coupon as it now stands, or null for an unknown code */
  disableCoupon(code: string, at: Date): Promise<Coupon | null>;
  /** the uses that count: in all, by one player, and how many of the player's are checkouts awaiting payment */
  usesOf(couponId: string, userId: string, openSince: Date): Promise<CouponUses>;
  /**
   * Keeps a use of the coupon for the purchase when `decision` allows it; the repository locks and counts, and decides
   * nothing. With a decision, the coupon's row is locked and its uses counted first, so of concurrent redemptions each
   * is decided on what the one before stored; without one (an unlimited coupon), the use is written without a lock. A
   * purchase keeps at most one use. Answers the decision ('redeemed' when written without one).
   */
  redeem(couponId: string, use: CouponUse, decision: UseDecision | null): Promise<Redemption>;
  addSale(sale: Sale): Promise<void>;
  /** newest first */
  listSales(): Promise<Sale[]>;
  /** the sales on at `at` */
  liveSales(at: Date): Promise<Sale[]>;
  /** ends a sale at `at` when it would end later; answers it as it now stands, or null for an unknown id */
  endSale(id: string, at: Date): Promise<Sale | null>;
}
