import type { Clock, TransactionRunner } from '../shared/ports.ts';
import type { Purchase } from './purchase.ts';
import type { PaymentEventLog, PaymentIntent, PurchaseRepository } from './ports.ts';
import { checkIntent, type PurchaseSettlement } from './purchase-settlement.ts';
import type { MembershipCheckout } from './start-checkout.ts';
import { PaymentNotConfirmedError } from './errors.ts';

/** A provider event, already verified and translated by the adapter that received it. */
export type PaymentEvent =
  | { id: string; type: 'payment_succeeded'; intent: PaymentIntent }
  | { id: string; type: 'payment_failed'; intentId: string; reason: string }
  | { id: string; type: 'refunded'; intentId: string; reason: string }
  | { id: string; type: 'disputed'; intentId: string; reason: string }
  | { id: string; type: 'other'; name: string };

export interface PaymentEventResult {
  /** false for an event id seen before, an event type we do not act on, or an unknown payment */
  applied: boolean;
  purchase: Purchase | null;
}

/** Applies a provider event once: the event id is recorded in the same transaction as its effect. */
export class HandlePaymentEvent {
  constructor(
    private readonly purchases: PurchaseRepository,
    private readonly events: PaymentEventLog,
    private readonly settlement: PurchaseSettlement,
    private readonly transactions: TransactionRunner,
    private readonly clock: Clock,
    private readonly memberships: MembershipCheckout | null = null,
  ) {}

  async execute(event: PaymentEvent): Promise<PaymentEventResult> {
    const result = await this.apply(event);
    // a refunded membership month that ended its membership stops the subscription too; a redelivery retries it
    if ((event.type === 'refunded' || event.type === 'disputed') && result.purchase?.billing)
      await this.memberships?.refunded(result.purchase);
    return result;
  }

  private async apply(event: PaymentEvent): Promise<PaymentEventResult> {
    if (event.type === 'other') return { applied: false, purchase: null };
    const intentId = event.type === 'payment_succeeded' ? event.intent.id : event.intentId;
    return this.transactions.run(async () => {
      const purchase = await this.purchases.findByPaymentIntent(intentId);
      const fresh = await this.events.record({
        id: event.id,
        type: event.type,
        purchaseId: purchase?.id ?? null,
        receivedAt: this.clock.now(),
      });
      if (!fresh || !purchase) return { applied: false, purchase };
      switch (event.type) {
        case 'payment_succeeded':
          // an intent that does not match its purchase is kept as seen: redelivering it cannot make it match
          if (!matches(purchase, event.intent)) return { applied: false, purchase };
          return { applied: true, purchase: await this.settlement.complete(purchase, event.intent) };
        case 'payment_failed':
          return { applied: true, purchase: await this.settlement.fail(purchase, event.reason) };
        case 'refunded':
          return { applied: true, purchase: await this.settlement.refund(purchase, event.reason) };
        case 'disputed':
          return { applied: true, purchase: await this.settlement.dispute(purchase, event.reason) };
      }
    });
  }
}

function matches(purchase: Purchase, intent: PaymentIntent): boolean {
  try {
    checkIntent(purchase, intent);
    return true;
  } catch (error) {
    if (error instanceof PaymentNotConfirmedError) return false;
    throw error;
  }
}
