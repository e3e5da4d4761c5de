import { describe, expect, it } from 'vitest';
import {
  PURCHASE_STATUSES,
  type Purchase,
  type PurchaseStatus,
  PurchaseTransitions,
} from '../../core/purchases/model/purchase.ts';

const now = new Date('2026-11-22T12:00:00Z');

function purchase(status: PurchaseStatus): Purchase {
  return {
    id: 'p-1',
    userId: 'u-1',
    productType: 'gang',
    productId: 'starter-gang',
    optionId: null,
    productName: 'Starter Gang',
    priceCents: 5000,
    currency: 'usd',
    tokensGranted: 50,
    tokensAwarded: status === 'completed' ? 50 : 0,
    buyerEmail: null,
    buyerDiscord: null,
    banReason: null,
    paymentIntentId: 'pi_1',
    status,
    failureReason: null,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  };
}

/** the statuses a move answers a change for */
const allowedFrom = (move: (purchase: Purchase) => unknown) =>
  PURCHASE_STATUSES.filter((status) => move(purchase(status)) !== null);

describe("a purchase's transitions", () => {
  it('move only from the statuses each allows', () => {
    expect(allowedFrom((p) => PurchaseTransitions.complete(p, {}, now))).toEqual(['pending', 'failed']);
    expect(allowedFrom((p) => PurchaseTransitions.hold(p, { amountPaidCents: 1 }, 'short', now))).toEqual([
      'pending',
      'failed',
    ]);
    expect(allowedFrom((p) => PurchaseTransitions.fail(p, 'declined', now))).toEqual(['pending', 'failed']);
    expect(allowedFrom((p) => PurchaseTransitions.refund(p, 'asked', now))).toEqual([
      'pending',
      'completed',
      'failed',
      'underpaid',
    ]);
    expect(allowedFrom((p) => PurchaseTransitions.refund(p, 'asked', now, { id: 'admin-1' }))).toEqual(['completed']);
    expect(allowedFrom((p) => PurchaseTransitions.dispute(p, 'fraud', now))).toEqual([
      'pending',
      'completed',
      'failed',
      'refunded',
      'underpaid',
    ]);
  });

  it('complete awards the tokens and records what was paid; a reversal zeroes them and says why', () => {
    expect(PurchaseTransitions.complete(purchase('pending'), { reference: 'tx-1' }, now)).toEqual({
      status: 'completed',
      tokensAwarded: 50,
      failureReason: null,
      paymentAttemptedAt: now,
      completedAt: now,
      updatedAt: now,
      amountPaidCents: 5000,
      paymentReference: 'tx-1',
    });
    // money reversed was money taken: the attempt stays recorded as it was first reported
    const attemptedAt = new Date(now.getTime() - 60_000);
    expect(
      PurchaseTransitions.refund({ ...purchase('completed'), paymentAttemptedAt: attemptedAt }, 'goodwill', now, {
        id: 'admin-1',
      }),
    ).toEqual({
      status: 'refunded',
      tokensAwarded: 0,
      failureReason: 'Refund: goodwill',
      paymentAttemptedAt: attemptedAt,
      updatedAt: now,
      changedBy: 'admin-1',
    });
    expect(PurchaseTransitions.dispute(purchase('completed'), 'fraud', now)).toMatchObject({
      status: 'disputed',
      failureReason: 'Dispute: fraud',
      changedBy: null,
    });
  });

  it('a decline records a payment attempt; a checkout closed by the site records none, and keeps one made before', () => {
    expect(PurchaseTransitions.fail(purchase('pending'), 'Your card was declined.', now)).toEqual({
      status: 'failed',
      failureReason: 'Your card was declined.',
      paymentAttemptedAt: now,
      updatedAt: now,
    });
    const closed = PurchaseTransitions.close(purchase('pending'), 'No payment after 15 minutes.', now);
    expect(closed).toEqual({ status: 'failed', failureReason: 'No payment after 15 minutes.', updatedAt: now });
    const tried = { ...purchase('pending'), paymentAttemptedAt: new Date(now.getTime() - 60_000) };
    expect(PurchaseTransitions.close(tried, 'The payment was canceled.', now)).not.toHaveProperty('paymentAttemptedAt');
    expect(PurchaseTransitions.attempting(purchase('pending'), now)).toEqual({
      paymentAttemptedAt: now,
      updatedAt: now,
    });
    expect(PurchaseTransitions.attempting(tried, now)).toBeNull();
    expect(PurchaseTransitions.attempting(purchase('completed'), now)).toBeNull();
  });
});
