import { randomUUID } from 'node:crypto';
import type { Coupon } from '../../core/promotions/model/coupon.ts';

/** A coupon as stored: 10 % off everything, no limits, a code of its own, with the fields a test sets. */
export function couponOf(fields: Partial<Coupon> = {}): Coupon {
  return {
    id: randomUUID(),
    code: `C${randomUUID().slice(0, 8).toUpperCase()}`,
    percentOff: 10,
    amountOffCents: null,
    productIds: [],
    productTypes: [],
    maxUses: null,
    perPlayer: null,
    startsAt: null,
    expiresAt: null,
    months: 1,
    disabledAt: null,
    createdBy: null,
    createdAt: new Date('2026-12-01T12:00:00Z'),
    ...fields,
  };
}
