import type { DeliveryEffects } from '../delivery/effects.ts';
import type { Clock, TransactionRunner } from '../shared/ports.ts';
import { PaymentNotConfirmedError, PurchaseNotFoundError } from './errors.ts';
import { CURRENCY, type Purchase, type PurchaseStatus } from './purchase.ts';
import type { PaymentIntent, PurchaseRepository, StoreBans, PurchaseTokenGrants } from './ports.ts';

/** The reference the ledger keeps for a purchase's tokens; the ledger credits a reference once. */
export const ledgerReference = (purchaseId: string) => `purchase:${purchaseId}`;

/** Checks that the provider's intent is this purchase's payment, paid in full. */
export function checkIntent(purchase: Purchase, intent: PaymentIntent): void {
  if (intent.status !== 'succeeded') {
    throw new PaymentNotConfirmedError(
      intent.failureMessage
        ? `The payment did not go through: ${intent.failureMessage}`
        : `The payment has not gone through yet (status: ${intent.status.replace(/_/g, ' ')}).`,
    );
  }
  const problems: string[] = [];
  if (intent.id !== purchase.paymentIntentId) problems.push('intent');
  if (intent.amountCents !== purchase.priceCents) problems.push('amount');
  if (intent.currency.toLowerCase() !== CURRENCY) problems.push('currency');
  if (intent.metadata.purchaseId !== purchase.id || intent.metadata.userId !== purchase.userId)
    problems.push('metadata');
  if (problems.length > 0)
    throw new PaymentNotConfirmedError(`The payment does not match this purchase (${problems.join(', ')}).`);
}

/**
 * Every status change of a purchase. Each runs in one transaction with its ledger entry, and moves the
 * status only from the states it may come from, so duplicates and late or early events change nothing.
 */
export class PurchaseSettlement {
  constructor(
    private readonly purchases: PurchaseRepository,
    private readonly ledger: PurchaseTokenGrants,
    private readonly bans: StoreBans,
    private readonly transactions: TransactionRunner,
    private readonly clock: Clock,
    private readonly effects: DeliveryEffects,
  ) {}

  /** pending or failed -> completed with the tokens credited; answers the purchase as it now stands. */
  async complete(purchase: Purchase, intent: PaymentIntent): Promise<Purchase> {
    checkIntent(purchase, intent);
    return this.transactions.run(async () => {
      const now = this.clock.now();
      const won = await this.purchases.transition(purchase.id, ['pending', 'failed'], {
        status: 'completed',
        tokensAwarded: purchase.tokensGranted,
        failureReason: null,
        completedAt: now,
        updatedAt: now,
      });
      if (won && purchase.tokensGranted > 0) {
        await this.ledger.credit({
          userId: purchase.userId,
          amount: purchase.tokensGranted,
          reason: `Purchase: ${purchase.productName}`,
          reference: ledgerReference(purchase.id),
        });
      }
      const completed = await this.reload(purchase.id);
      if (won) await this.effects.purchaseCompleted(completed);
      return completed;
    });
  }

  /** pending -> failed; a completed purchase stays completed when a failure arrives late. */
  async fail(purchase: Purchase, reason: string): Promise<Purchase> {
    const now = this.clock.now();
    await this.purchases.transition(purchase.id, ['pending'], {
      status: 'failed',
      failureReason: reason,
      updatedAt: now,
    });
    return this.reload(purchase.id);
  }

  /** -> refunded, taking back the tokens that were credited. */
  async refund(purchase: Purchase, reason: string): Promise<Purchase> {
    return this.takeBack(purchase, ['pending', 'failed', 'completed'], 'refunded', `Refund: ${reason}`);
  }

  /** -> disputed, taking back the tokens, and the buyer is banned from the store. */
  async dispute(purchase: Purchase, reason: string): Promise<Purchase> {
    return this.transactions.run(async () => {
      const result = await this.takeBack(
        purchase,
        ['pending', 'failed', 'completed', 'refunded'],
        'disputed',
        `Dispute: ${reason}`,
      );
      await this.bans.ban(purchase.userId, `Payment dispute on purchase ${purchase.id}: ${reason}`);
      return result;
    });
  }

  private takeBack(
    purchase: Purchase,
    from: PurchaseStatus[],
    to: 'refunded' | 'disputed',
    reason: string,
  ): Promise<Purchase> {
    return this.transactions.run(async () => {
      const now = this.clock.now();
      const before = await this.purchases.transition(purchase.id, from, {
        status: to,
        tokensAwarded: 0,
        failureReason: reason,
        updatedAt: now,
      });
      if (before && before.tokensAwarded > 0) {
        await this.ledger.debit({
          userId: purchase.userId,
          amount: before.tokensAwarded,
          reason,
          reference: `${to}:${purchase.id}`,
        });
      }
      const after = await this.reload(purchase.id);
      if (before) await this.effects.purchaseTakenBack(after, before.status, to);
      return after;
    });
  }

  private async reload(id: string): Promise<Purchase> {
    const found = await this.purchases.findById(id);
    if (!found) throw new PurchaseNotFoundError(id);
    return found;
  }
}
