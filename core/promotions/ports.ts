import type { Coupon, CouponWithUses } from './model/coupon.ts';
import type { Sale } from './model/sale.ts';

export interface CouponUses {
  total: number;
  byPlayer: number;
  /** the player's uses held by checkouts awaiting payment */
  openByPlayer: number;
}

/** the outcome of keeping a use of a coupon for a purchase */
export type Redemption = 'redeemed' | 'used_up' | 'used_up_by_player';

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
   * Keeps a use of the coupon for the purchase unless that goes past its limits. A limited coupon's uses are
   * counted under its row lock, so of concurrent redemptions only as many as it allows are accepted; an unlimited one
   * is written without a lock. A purchase keeps at most one use.
   */
  redeem(coupon: Coupon, use: { purchaseId: string; userId: string; at: Date }, openSince: Date): Promise<Redemption>;
  addSale(sale: Sale): Promise<void>;
  /** newest first */
  listSales(): Promise<Sale[]>;
  /** the sales on at `at` */
  liveSales(at: Date): Promise<Sale[]>;
  /** ends a sale at `at` when it would end later; answers it as it now stands, or null for an unknown id */
  endSale(id: string, at: Date): Promise<Sale | null>;
}
