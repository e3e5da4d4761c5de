import type { Clock, TransactionRunner } from '../../shared/ports.ts';
import type { Purchase } from '../model/purchase.ts';
import type { PaymentEventLog, PaymentIntent, PurchaseRepository } from '../ports.ts';
import { checkIntent, paidBy, type PurchaseSettlement } from '../model/purchase-settlement.ts';
import type { MembershipCheckout } from '../ports.ts';
import { PaymentNotConfirmedError } from '../errors.ts';

/** A provider event, already verified and translated by the adapter that received it. */
export type PaymentEvent =
  | { id: string; type: 'payment_succeeded'; intent: PaymentIntent }
  | { id: string; type: 'payment_failed'; intentId: string; reason: string }
  | ({ id: string; type: 'refunded' | 'disputed'; intentId: string; reason: string } & ClaimedPurchase)
  /** an event the adapter could not tie to a purchase it paid: recorded for staff, changes nothing */
  | ({ id: string; type: 'unmatched'; name: string; reason: string } & ClaimedPurchase)
  | { id: string; type: 'other'; name: string };

/** the purchase an event's payload names (custom data, metadata), which proves nothing by itself */
interface ClaimedPurchase {
  claimedPurchaseId?: string | null;
}

export interface PaymentEventResult {
  /** false for an event id seen before, an event type we do not act on, or an unknown payment */
  applied: boolean;
  purchase: Purchase | null;
  /** set when this delivery was recorded as unmatched (a first delivery only): the server logs it */
  unmatched?: { namedPurchaseId: string | null; reason: string };
}

export interface HandlePaymentEventDeps {
  purchases: PurchaseRepository;
  events: PaymentEventLog;
  settlement: PurchaseSettlement;
  transactions: TransactionRunner;
  clock: Clock;
  memberships?: MembershipCheckout | null;
}

/** Applies a provider event once: the event id is recorded in the same transaction as its effect. */
export class HandlePaymentEvent {
  private readonly purchases: PurchaseRepository;
  private readonly events: PaymentEventLog;
  private readonly settlement: PurchaseSettlement;
  private readonly transactions: TransactionRunner;
  private readonly clock: Clock;
  private readonly memberships: MembershipCheckout | null;

  constructor(deps: HandlePaymentEventDeps) {
    this.purchases = deps.purchases;
    this.events = deps.events;
    this.settlement = deps.settlement;
    this.transactions = deps.transactions;
    this.clock = deps.clock;
    this.memberships = deps.memberships ?? null;
  }

  async execute(event: PaymentEvent): Promise<PaymentEventResult> {
    const result = await this.apply(event);
    // a refunded membership month that ended its membership stops the subscription too; a redelivery retries it
    if ((event.type === 'refunded' || event.type === 'disputed') && result.purchase?.billing)
      await this.memberships?.refunded(result.purchase);
    return result;
  }

  private async apply(event: PaymentEvent): Promise<PaymentEventResult> {
    if (event.type === 'other') return { applied: false, purchase: null };
    if (event.type === 'unmatched')
      return this.recordUnmatched(event.id, event.name, event.claimedPurchaseId ?? null, event.reason);
    const intentId = event.type === 'payment_succeeded' ? event.intent.id : event.intentId;
    return this.transactions.run(async () => {
      // a payment is tied to a purchase only by the id the site recorded for it: never by what its payload names.
      // Read once, under its lock: the settlement below writes it without reading it again.
      let purchase = await this.purchases.lockByPayment(intentId);
      if (!purchase) {
        const claimed =
          event.type === 'payment_succeeded'
            ? (event.intent.metadata.purchaseId ?? null)
            : 'claimedPurchaseId' in event
              ? (event.claimedPurchaseId ?? null)
              : null;
        // an unknown payment that names none of ours (another integration's) is nothing to look at
        if (claimed)
          return this.recordUnmatched(
            event.id,
            event.type,
            claimed,
            `No purchase of this site was paid by ${intentId}.`,
          );
        await this.events.record({ id: event.id, type: event.type, purchaseId: null, receivedAt: this.clock.now() });
        return { applied: false, purchase: null };
      }
      const fresh = await this.events.record({
        id: event.id,
        type: event.type,
        purchaseId: purchase.id,
        receivedAt: this.clock.now(),
      });
      if (!fresh) return { applied: false, purchase };
      switch (event.type) {
        case 'payment_succeeded':
          // an intent that does not match its purchase is recorded as seen: redelivering it cannot make it match
          if (!matches(purchase, event.intent)) return { applied: false, purchase };
          purchase = await this.startedSubscription(purchase, event.intent);
          return {
            applied: true,
            purchase: await this.settlement.settleReported({ held: purchase }, paidBy(event.intent)),
          };
        case 'payment_failed':
          return { applied: true, purchase: await this.settlement.fail({ held: purchase }, event.reason) };
        case 'refunded':
          return { applied: true, purchase: await this.settlement.refund({ held: purchase }, event.reason) };
        case 'disputed':
          return { applied: true, purchase: await this.settlement.dispute({ held: purchase }, event.reason) };
      }
    });
  }

  /**
   * A first month paid at a provider that names its subscription only once paid (Tebex): the purchase records that
   * subscription before it completes, so the membership starts under it and the provider's later events find it.
   */
  private async startedSubscription(purchase: Purchase, intent: PaymentIntent): Promise<Purchase> {
    const reference = intent.subscriptionReference;
    const billing = purchase.billing;
    if (!reference || billing?.reason !== 'start' || billing.subscriptionId === reference) return purchase;
    if (purchase.status !== 'pending' && purchase.status !== 'failed') return purchase;
    if (!purchase.paymentIntentId) return purchase;
    await this.purchases.attachIntent(purchase.id, purchase.paymentIntentId, reference);
    return { ...purchase, billing: { ...billing, subscriptionId: reference } };
  }

  private async recordUnmatched(
    id: string,
    type: string,
    claimedPurchaseId: string | null,
    reason: string,
  ): Promise<PaymentEventResult> {
    const fresh = await this.events.record({
      id,
      type,
      purchaseId: null,
      receivedAt: this.clock.now(),
      unmatched: { namedPurchaseId: claimedPurchaseId, reason },
    });
    return {
      applied: false,
      purchase: null,
      ...(fresh ? { unmatched: { namedPurchaseId: claimedPurchaseId, reason } } : {}),
    };
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
