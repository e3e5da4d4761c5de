import type { Purchase, PurchaseDiscount } from './purchase.ts';

/** An amount off a subscription's monthly charges, for the months it covers (1: the first; null: every month). */
export interface SubscriptionDiscount {
  amountOffCents: number;
  months: number | null;
  name: string;
}

/** No discount takes a charge below this (card providers' smallest charge in dollars). */
export const MIN_CHARGE_CENTS = 50;

/** a percent of a price, in whole cents */
export const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);

/** what a coupon takes off a price, never below MIN_CHARGE_CENTS (nor below the price itself, if that is less) */
export function couponCents(
  coupon: { percentOff: number | null; amountOffCents: number | null },
  priceCents: number,
): number {
  const off = coupon.percentOff !== null ? percentOf(priceCents, coupon.percentOff) : (coupon.amountOffCents ?? 0);
  return Math.max(0, Math.min(off, priceCents - MIN_CHARGE_CENTS));
}

/**
 * What a Priority Pass's coupon takes off each month it covers: the amount it takes off the first month's tier price
 * (before any sale), fixed in cents whatever tier a later month is on. It is the amount Stripe holds as the
 * subscription's coupon (`subscriptionDiscounts`), so a month after a tier change costs the same at every gateway.
 */
export function passCouponCents(first: Pick<PurchaseDiscount, 'coupon' | 'listPriceCents'>): number {
  return first.coupon ? couponCents(first.coupon, first.listPriceCents) : 0;
}

/**
 * A membership's later month: the first month's coupon lowers it while the month is among the first `months`
 * (`monthIndex` 0 is the first month), by the coupon's fixed amount (`passCouponCents`), never below
 * MIN_CHARGE_CENTS; a sale lowers only the first month.
 */
export function renewalDiscount(
  first: PurchaseDiscount | null | undefined,
  monthIndex: number,
  priceCents: number,
): { priceCents: number; discount: PurchaseDiscount | null } {
  const coupon = first?.coupon;
  if (!first || !coupon || (coupon.months !== null && monthIndex >= coupon.months))
    return { priceCents, discount: null };
  const cents = Math.max(0, Math.min(passCouponCents(first), priceCents - MIN_CHARGE_CENTS));
  return {
    priceCents: priceCents - cents,
    discount: { listPriceCents: priceCents, sale: null, coupon: { ...coupon, cents } },
  };
}

/**
 * A membership's first month's discount as amounts off its subscription, for a provider that bills the months
 * itself (Stripe): the coupon's amount off the tier's price for the months it covers, and the sale's part of the
 * first month on top, so the first month costs exactly the purchase's price and later ones what `renewalDiscount`
 * prices.
 */
export function subscriptionDiscounts(purchase: Purchase): SubscriptionDiscount[] {
  const discount = purchase.discount;
  if (!discount) return [];
  const discounts: SubscriptionDiscount[] = [];
  const coupon = discount.coupon;
  const couponOff = passCouponCents(discount);
  if (coupon && couponOff > 0) discounts.push({ amountOffCents: couponOff, months: coupon.months, name: coupon.code });
  const firstMonthRest = discount.listPriceCents - purchase.priceCents - couponOff;
  if (firstMonthRest > 0)
    discounts.push({ amountOffCents: firstMonthRest, months: 1, name: discount.sale?.name ?? 'First month' });
  return discounts;
}
