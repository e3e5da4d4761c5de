import { DomainError } from '../shared/errors.ts';
import type { Clock } from '../shared/ports.ts';
import type { PaymentGateway, PurchaseRepository } from './ports.ts';
import type { PurchaseSettlement } from './purchase-settlement.ts';

export const RECONCILE_AFTER_MINUTES = 15;

export interface ReconcileReport {
  completed: string[];
  failed: string[];
  /** still being paid (processing, or waiting for the buyer's bank) */
  unchanged: string[];
  errors: Array<{ id: string; message: string }>;
}

/**
 * Asks the provider about every purchase pending for over 15 minutes, so a lost webhook loses nothing:
 * a paid one is completed, an abandoned or declined one is marked failed.
 */
export class ReconcilePurchases {
  constructor(
    private readonly purchases: PurchaseRepository,
    private readonly gateway: PaymentGateway,
    private readonly settlement: PurchaseSettlement,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<ReconcileReport> {
    const cutoff = new Date(this.clock.now().getTime() - RECONCILE_AFTER_MINUTES * 60_000);
    const report: ReconcileReport = { completed: [], failed: [], unchanged: [], errors: [] };
    for (const purchase of await this.purchases.pendingCreatedBefore(cutoff)) {
      try {
        if (!purchase.paymentIntentId) {
          await this.settlement.fail(purchase, 'No payment was started.');
          report.failed.push(purchase.id);
          continue;
        }
        const intent = await this.gateway.retrieveIntent(purchase.paymentIntentId);
        if (intent.status === 'succeeded') {
          const settled = await this.settlement.complete(purchase, intent);
          (settled.status === 'completed' ? report.completed : report.unchanged).push(purchase.id);
        } else if (intent.status === 'canceled' || intent.status === 'requires_payment_method') {
          await this.settlement.fail(
            purchase,
            intent.failureMessage ?? `No payment after ${RECONCILE_AFTER_MINUTES} minutes.`,
          );
          report.failed.push(purchase.id);
        } else {
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
