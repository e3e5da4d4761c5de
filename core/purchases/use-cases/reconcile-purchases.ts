import { DomainError } from '../../shared/errors.ts';
import type { Clock } from '../../shared/ports.ts';
import { NO_PAYMENT_REASON, type Purchase, UNKNOWN_PAYMENT_REASON, paymentWindowSince } from '../model/purchase.ts';
import type { IntentStatus, PaymentGateway, PurchaseRepository } from '../ports.ts';
import type { PurchaseSettlement } from '../model/purchase-settlement.ts';
import { intentIfKnown } from '../model/payment-providers.ts';

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
  /** pending purchases are left for the next pass: this one asked its share, or stopped as the provider did not answer */
  more: boolean;
}

/** a pass asks about at most this many purchases; the next goes on after the last one asked, so every one is asked */
export const PURCHASES_PER_PASS = 100;

type Asked = 'asked' | 'provider unavailable';

/**
 * Asks the provider about the purchases pending for over a minute, so a lost webhook or a process killed while
 * completing loses nothing: a paid one is completed, and one still unpaid after PAYMENT_WINDOW_MINUTES (abandoned,
 * declined, or unknown to the provider) is marked failed. The server runs a pass every minute and at start-up, of at
 * most PURCHASES_PER_PASS purchases, oldest first, each pass going on after the last; operators run every pass at once
 * as `purchases reconcile`. A pass stops at the first purchase the provider cannot be reached about, and the next
 * begins with it.
 */
export class ReconcilePurchases {
  /** the last purchase asked about: the next pass goes on after it, and from the oldest again once none is left */
  private cursor: { createdAt: Date; id: string } | undefined;

  constructor(
    private readonly purchases: PurchaseRepository,
    private readonly gateway: PaymentGateway,
    private readonly settlement: PurchaseSettlement,
    private readonly clock: Clock,
  ) {}

  /** one pass; with `all`, passes until every pending purchase was asked about once or the provider stops answering */
  async execute(options: { all?: boolean } = {}): Promise<ReconcileReport> {
    const report: ReconcileReport = { completed: [], failed: [], unchanged: [], errors: [], more: false };
    // every pending purchase, from the oldest
    if (options.all) this.cursor = undefined;
    do {
      const now = this.clock.now().getTime();
      const page = await this.purchases.pendingCreatedBefore(new Date(now - ASK_AFTER_SECONDS * 1000), {
        limit: PURCHASES_PER_PASS,
        after: this.cursor,
      });
      report.more = page.length === PURCHASES_PER_PASS;
      for (const purchase of page) {
        if ((await this.ask(purchase, now, report)) === 'provider unavailable') {
          report.more = true;
          return report;
        }
        this.cursor = { createdAt: purchase.createdAt, id: purchase.id };
      }
      // none left after the last asked: the next pass begins with the oldest again
      if (!report.more) this.cursor = undefined;
    } while (options.all && report.more);
    return report;
  }

  private async ask(purchase: Purchase, now: number, report: ReconcileReport): Promise<Asked> {
    const unpaidTooLong = purchase.createdAt < paymentWindowSince(new Date(now));
    try {
      if (!purchase.paymentIntentId) {
        if (!unpaidTooLong) report.unchanged.push(purchase.id);
        else {
          await this.settlement.close(purchase, 'No payment was started.');
          report.failed.push(purchase.id);
        }
        return 'asked';
      }
      // within its time to be paid, an intent the provider does not know is reported as the error it is
      const intent = unpaidTooLong
        ? await intentIfKnown(this.gateway, purchase.paymentIntentId)
        : await this.gateway.retrieveIntent(purchase.paymentIntentId);
      if (!intent) {
        await this.settlement.close(purchase, UNKNOWN_PAYMENT_REASON);
        report.failed.push(purchase.id);
      } else if (intent.status === 'succeeded') {
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
      if (error.kind === 'unavailable') return 'provider unavailable';
    }
    return 'asked';
  }
}
