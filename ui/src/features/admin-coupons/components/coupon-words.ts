import type { CouponDto } from '@contract/promotions.ts';
import { day } from '@/lib/dates.ts';
import { formatMoney } from '@/lib/format.ts';

export const COUPON_STATE_WORDS: Record<CouponDto['state'], string> = {
  active: 'Active',
  scheduled: 'Not started',
  expired: 'Expired',
  used_up: 'Used up',
  disabled: 'Disabled',
};

export const discountOf = (coupon: CouponDto) =>
  coupon.percentOff !== null ? `${coupon.percentOff}% off` : `${formatMoney(coupon.amountOff ?? 0)} off`;

/** uses so far against the limit in all, and the limit per player */
export const usesOf = (coupon: CouponDto) =>
  `${coupon.uses} of ${coupon.maxUses ?? 'unlimited'}; ${
    coupon.perPlayer === null ? 'no limit per player' : `${coupon.perPlayer} per player`
  }`;

/** the monthly Priority Pass charges it lowers */
export const passMonthsOf = (coupon: CouponDto) =>
  coupon.months === null ? 'Every month' : coupon.months === 1 ? 'First month' : `First ${coupon.months} months`;

/** from when to when a checkout takes it */
export function validityOf(coupon: CouponDto): string {
  const from = coupon.startsAt ? `From ${day(coupon.startsAt)}` : 'From creation';
  return `${from}, ${coupon.expiresAt ? `until ${day(coupon.expiresAt)}` : 'never expires'}`;
}

/** What the toast says of a coupon just created: whether a checkout takes it now, from a day, or never. */
export function readinessOf(coupon: CouponDto): string {
  switch (coupon.state) {
    case 'scheduled':
      return `${coupon.code} can be used from ${day(coupon.startsAt ?? coupon.createdAt)}${
        coupon.expiresAt ? ` until ${day(coupon.expiresAt)}` : ''
      }.`;
    case 'expired':
      return `${coupon.code} expired on ${day(coupon.expiresAt ?? coupon.createdAt)}: no checkout will take it.`;
    case 'used_up':
      return `${coupon.code} is used up: no checkout will take it.`;
    case 'disabled':
      return `${coupon.code} is disabled: no checkout will take it.`;
    default:
      return `${coupon.code} can be used now${coupon.expiresAt ? ` until ${day(coupon.expiresAt)}` : ''}.`;
  }
}
