import { randomUUID } from 'node:crypto';
import type { Purchase } from '../../core/purchases/model/purchase.ts';

/** A stored purchase as a checkout leaves it (pending, nothing paid or credited yet), with the fields a test sets. */
export function pendingPurchase(
  fields: Pick<Purchase, 'userId' | 'productType' | 'productId' | 'productName' | 'priceCents' | 'tokensGranted'> &
    Partial<Purchase>,
): Purchase {
  const createdAt = fields.createdAt ?? new Date();
  return {
    id: randomUUID(),
    optionId: null,
    currency: 'usd',
    tokensAwarded: 0,
    buyerEmail: null,
    buyerDiscord: null,
    banReason: null,
    paymentIntentId: null,
    status: 'pending',
    failureReason: null,
    createdAt,
    updatedAt: createdAt,
    completedAt: null,
    ...fields,
  };
}
