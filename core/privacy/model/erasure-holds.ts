import { isGifted, isLive, type Membership } from '../../memberships/model/membership.ts';
import { type Purchase, paymentWindowSince } from '../../purchases/model/purchase.ts';

/**
 * How long a dispute holds an erasure after it was opened: card networks leave a merchant weeks to answer, and a
 * second round (pre-arbitration) can run to about four months in all. The purchase's records are the evidence.
 */
export const DISPUTE_HOLD_DAYS = 120;

/**
 * What stops an erasure for now: money still moving on one of the player's purchases (a payment being made, or held
 * for staff as underpaid), a dispute with the bank recent enough to be answered, or a Priority Pass still billed by a
 * provider the site cannot cancel at (Tebex: the player cancels it there). The request is recorded and waits.
 */
export interface ErasureHold {
  code: 'PAYMENT_IN_PROGRESS' | 'DISPUTE_OPEN' | 'SUBSCRIPTION_AT_PROVIDER';
  /** the purchase concerned; null for a pass */
  purchaseId: string | null;
  /** when it stops holding by itself, where that is known */
  until: Date | null;
  message: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The holds on an erasure, as of `now`: among the purchases the player made (not gifts they received), and their live
 * pass when the provider that bills it cannot be told to stop (`cancelsAtProvider` false) and it still renews.
 */
export function erasureHolds(
  userId: string,
  purchases: readonly Purchase[],
  now: Date,
  pass: { membership: Membership | null; cancelsAtProvider: boolean } = { membership: null, cancelsAtProvider: true },
): ErasureHold[] {
  const windowSince = paymentWindowSince(now);
  const holds: ErasureHold[] = [];
  const { membership } = pass;
  if (
    membership &&
    isLive(membership) &&
    !pass.cancelsAtProvider &&
    !membership.cancelAtPeriodEnd &&
    !isGifted(membership)
  )
    holds.push({
      code: 'SUBSCRIPTION_AT_PROVIDER',
      purchaseId: null,
      until: null,
      message: `Your Priority Pass is billed by ${membership.gateway === 'tebex' ? 'Tebex' : 'the payment provider'}: cancel it there first, and nothing more is charged.`,
    });
  for (const purchase of purchases) {
    if (purchase.userId !== userId) continue;
    const paying =
      purchase.status === 'underpaid' ||
      (purchase.status === 'pending' && (Boolean(purchase.paymentAttemptedAt) || purchase.createdAt >= windowSince));
    if (paying)
      holds.push({
        code: 'PAYMENT_IN_PROGRESS',
        purchaseId: purchase.id,
        until: null,
        message: `The payment for ${purchase.productName} (purchase ${purchase.id}) is not settled yet.`,
      });
    const disputeEnds = new Date(purchase.updatedAt.getTime() + DISPUTE_HOLD_DAYS * 86_400_000);
    if (purchase.status === 'disputed' && disputeEnds > now)
      holds.push({
        code: 'DISPUTE_OPEN',
        purchaseId: purchase.id,
        until: disputeEnds,
        message: `${purchase.productName} (purchase ${purchase.id}) is disputed with the bank; its records are needed until ${day(disputeEnds)}.`,
      });
  }
  return holds;
}
