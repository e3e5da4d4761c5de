import { DomainError } from '../../shared/errors.ts';
import type { Clock } from '../../shared/ports.ts';
import { NO_PAYMENT_REASON, paymentWindowSince } from '../model/purchase.ts';
import type { IntentStatus, PaymentGateway, PurchaseRepository } from '../ports.ts';
import type { PurchaseSettlement } from '../model/purchase-settlement.ts';

/** a pending purchase is asked about once it is this old: the webhook or the buyer's page usually completes it first */
export const ASK_AFTER_SECONDS = 60;

/** an intent in these states is a payment attempt under way: the buyer is authenticating, or it is being processed */
const BEING_PAID: readonly IntentStatus[] = ['processing', 'requires_action', 'requires_capture'];

export interface ReconcileReport {
  completed: string[];
  failed: string[];
  /** still being paid (processing, or waiting for the buyer's bank or card) */
  unchanged: string[];
  errors: Array<{ id: string; message: string }>;
}

/**
 * Asks the provider about every purchase pending for over a minute, so a lost webhook or a process killed while
 * completing loses nothing: a paid one is completed, and one still unpaid after PAYMENT_WINDOW_MINUTES (abandoned
 * or declined) is marked failed. The server runs it every minute and at start-up; operators run it as `purchases reconcile`.
 */
export class ReconcilePurchases {
  constructor(
    private readonly purchases: PurchaseRepository,
    private readonly gateway: PaymentGateway,
    private readonly settlement: PurchaseSettlement,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<ReconcileReport> {
    const now = this.clock.now().getTime();
    const lapsed = paymentWindowSince(new Date(now));
    const report: ReconcileReport = { completed: [], failed: [], unchanged: [], errors: [] };
    for (const purchase of await this.purchases.pendingCreatedBefore(new Date(now - ASK_AFTER_SECONDS * 1000))) {
      const unpaidTooLong = purchase.createdAt < lapsed;
      try {
        if (!purchase.paymentIntentId) {
          if (!unpaidTooLong) report.unchanged.push(purchase.id);
          else {
            await this.settlement.close(purchase, 'No payment was started.');
            report.failed.push(purchase.id);
          }
          continue;
        }
        const intent = await this.gateway.retrieveIntent(purchase.paymentIntentId);
        if (intent.status === 'succeeded') {
          const settled = await this.settlement.complete(purchase, intent);
          (settled.status === 'completed' ? report.completed : report.unchanged).push(purchase.id);
        } else if (unpaidTooLong && (intent.status === 'canceled' || intent.status === 'requires_payment_method')) {
          // a reason from the provider is an attempt it reported (a decline); none: the checkout was only opened
          if (intent.failureMessage) await this.settlement.fail(purchase, intent.failureMessage);
          else await this.settlement.close(purchase, NO_PAYMENT_REASON);
          report.failed.push(purchase.id);
        } else {
          if (BEING_PAID.includes(intent.status)) await this.settlement.attempting(purchase);
          report.unchanged.push(purchase.id);
        }
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        report.errors.push({ id: purchase.id, message: error.message });
      }
    }
    return report;
  }
}
