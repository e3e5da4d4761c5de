import type { Catalogue } from '../catalogue/catalogue.ts';
import { CURRENCY, type BillingReason, type Purchase } from '../purchases/purchase.ts';
import type { PurchaseSettlement } from '../purchases/purchase-settlement.ts';
import type { PaymentEventLog, PaymentIntent, PurchaseRepository } from '../purchases/ports.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../shared/ports.ts';
import type { MembershipLifecycle } from './lifecycle.ts';
import { periodEndAfter, type Membership } from './membership.ts';
import type { BillingEvent, MembershipRepository, PaidInvoice, SubscriptionGateway } from './ports.ts';

interface Deps {
  memberships: MembershipRepository;
  purchases: PurchaseRepository;
  settlement: PurchaseSettlement;
  lifecycle: MembershipLifecycle;
  gateway: SubscriptionGateway;
  catalogue: Catalogue;
  events: PaymentEventLog;
  transactions: TransactionRunner;
  ids: IdGenerator;
  clock: Clock;
}

/**
 * A membership's month (or upgrade) as a purchase: stored once per subscription, reason, month and tier, then
 * completed once. Whoever reports it (the scheduler, a webhook, the provider's API, twenty at once) ends with
 * one purchase and one grant.
 */
export class MembershipPayments {
  constructor(private readonly d: Deps) {}

  /** the purchase for a membership's month or upgrade, stored if it was not (pending) */
  async billed(
    membership: Membership,
    bill: {
      reason: Exclude<BillingReason, 'start'>;
      tierId: string;
      periodStart: Date;
      periodEnd: Date;
      amountCents: number;
      tokens: number;
      intentId: string | null;
    },
  ): Promise<Purchase> {
    const tier = this.d.catalogue.price(bill.tierId, 'whitelist');
    const now = this.d.clock.now();
    const { purchase } = await this.d.purchases.addBilled({
      id: this.d.ids.next(),
      userId: membership.userId,
      productType: 'whitelist',
      productId: tier.product.id,
      optionId: null,
      productName: tier.name,
      priceCents: bill.amountCents,
      currency: CURRENCY,
      tokensGranted: bill.tokens,
      tokensAwarded: 0,
      buyerEmail: null,
      buyerDiscord: null,
      banReason: null,
      paymentIntentId: bill.intentId,
      status: 'pending',
      failureReason: null,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
      gateway: membership.gateway,
      billing: {
        reason: bill.reason,
        subscriptionId: membership.subscriptionId,
        membershipId: membership.id,
        periodStart: bill.periodStart,
        periodEnd: bill.periodEnd,
      },
    });
    return purchase;
  }

  /** A paid invoice the provider reported: the month or the upgrade completes once. */
  async recordPaid(invoice: PaidInvoice): Promise<Purchase | null> {
    if (invoice.reason === 'start') {
      const first = await this.d.purchases.findStart(invoice.subscriptionId);
      return first ? this.d.settlement.completeReported(first) : null;
    }
    const membership = await this.d.memberships.findBySubscription(invoice.subscriptionId);
    if (!membership) return null;
    const tierId = invoice.tierId ?? membership.tierId;
    const tokens =
      invoice.reason === 'renewal'
        ? this.d.catalogue.price(tierId, 'whitelist').tokens
        : Math.max(0, this.d.catalogue.price(tierId, 'whitelist').tokens - this.tokensOf(membership.tierId));
    // an upgrade is for the month the membership is in, however the provider dates its prorated lines: the
    // charge this server asked for and the provider's report of it are one purchase
    const upgrade = invoice.reason === 'upgrade';
    const purchase = await this.billed(membership, {
      reason: invoice.reason,
      tierId,
      periodStart: upgrade ? membership.currentPeriodStart : invoice.periodStart,
      periodEnd: upgrade ? membership.currentPeriodEnd : invoice.periodEnd,
      amountCents: invoice.amountCents,
      tokens,
      intentId: invoice.intentId,
    });
    return this.d.settlement.completeReported(purchase);
  }

  tokensOf(tierId: string): number {
    return this.d.catalogue.price(tierId, 'whitelist').tokens;
  }
}

export interface RenewalReport {
  /** months charged and granted */
  renewed: number;
  /** renewal payments declined (the membership's grace started) */
  failed: number;
  ended: number;
  /** memberships looked at */
  checked: number;
  /** memberships that could not be brought up to date, each with why (the next run takes them again) */
  errors: Array<{ membershipId: string; userId: string; message: string }>;
}

/** a membership is caught up through at most this many months in one run */
const MAX_PERIODS_PER_RUN = 36;
/** tries of one step turned away by a busy store (a lock wait, deadlock or serialization failure) */
const TRIES = 4;

/**
 * Runs what is due at `now`: each active membership past its period end renews (the demo gateway charges the
 * saved card; with Stripe, which charges by itself, the provider is asked for the paid invoice a webhook may
 * have missed), or ends when it was canceled; a past-due one whose grace ran out ends. Each membership is brought
 * up to date alone, month by month in order (each month charged and granted once, in short transactions of its
 * own), a step the store turned away tried again; one that still fails is named in the report, and the others go on.
 */
export class RenewDueMemberships {
  constructor(
    private readonly d: Deps,
    private readonly payments: MembershipPayments,
  ) {}

  async execute(input: { now: Date; limit?: number }): Promise<RenewalReport> {
    const report: RenewalReport = { renewed: 0, failed: 0, ended: 0, checked: 0, errors: [] };
    const due = await this.d.memberships.due(input.now, input.limit ?? 200);
    for (const membership of due) {
      report.checked++;
      try {
        await this.catchUp(membership, input.now, report);
      } catch (error) {
        report.errors.push({
          membershipId: membership.id,
          userId: membership.userId,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return report;
  }

  private async catchUp(first: Membership, now: Date, report: RenewalReport): Promise<void> {
    let membership: Membership | null = first;
    for (let step = 0; membership && step < MAX_PERIODS_PER_RUN; step++) {
      const current: Membership = membership;
      const outcome = await this.retrying(() => this.advance(current, now));
      if (!outcome) return;
      report[outcome]++;
      if (outcome === 'ended') return;
      membership = await this.d.memberships.findById(current.id);
    }
  }

  private async retrying<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (attempt >= TRIES || !this.d.transactions.isTransient?.(error)) throw error;
        await new Promise((done) => setTimeout(done, 50 * 2 ** attempt * Math.random()));
      }
    }
  }

  private async advance(membership: Membership, now: Date): Promise<'renewed' | 'failed' | 'ended' | null> {
    if (membership.status === 'past_due') {
      if (!membership.graceUntil || membership.graceUntil > now) return null;
      await this.d.gateway.cancelNow(membership.subscriptionId);
      const ended = await this.d.transactions.run(() =>
        this.d.lifecycle.end(membership, 'the renewal payment failed and was not made within the grace period.'),
      );
      return ended ? 'ended' : null;
    }
    if (membership.currentPeriodEnd > now) return null;
    if (membership.cancelAtPeriodEnd) {
      const ended = await this.d.transactions.run(() =>
        this.d.lifecycle.end(membership, 'it was canceled, and the last paid month is over.'),
      );
      return ended ? 'ended' : null;
    }
    const charge = this.d.gateway.chargeRenewal;
    if (!charge) {
      const reported = await this.d.gateway.latestPaidRenewal?.(membership.subscriptionId);
      if (!reported || reported.periodEnd <= membership.currentPeriodEnd) return null;
      const purchase = await this.payments.recordPaid(reported);
      return purchase?.status === 'completed' ? 'renewed' : null;
    }
    return this.chargeDemo(membership, charge);
  }

  private async chargeDemo(
    membership: Membership,
    charge: NonNullable<SubscriptionGateway['chargeRenewal']>,
  ): Promise<'renewed' | 'failed' | null> {
    if (!membership.paymentRef) return null;
    const periodStart = membership.currentPeriodEnd;
    const tierId = membership.pendingTierId ?? membership.tierId;
    const tier = this.d.catalogue.price(tierId, 'whitelist');
    const purchase = await this.payments.billed(membership, {
      reason: 'renewal',
      tierId,
      periodStart,
      periodEnd: periodEndAfter(membership.anchor, periodStart),
      amountCents: tier.priceCents,
      tokens: tier.tokens,
      intentId: null,
    });
    if (purchase.status !== 'pending') return null;
    // one charge per month: the key names the month's purchase, so every racer gets the same intent
    const intent: PaymentIntent = await charge(membership.paymentRef, {
      subscriptionId: membership.subscriptionId,
      amountCents: purchase.priceCents,
      currency: CURRENCY,
      description: `${tier.name} Priority Pass renewal`,
      metadata: { purchaseId: purchase.id, userId: purchase.userId, membershipId: membership.id },
      idempotencyKey: `renewal-${purchase.id}`,
    });
    await this.d.purchases.attachIntent(purchase.id, intent.id);
    const charged = { ...purchase, paymentIntentId: intent.id };
    if (intent.status === 'succeeded') {
      const done = await this.d.settlement.complete(charged, intent);
      return done.status === 'completed' ? 'renewed' : null;
    }
    const reason = intent.failureMessage ?? 'The renewal payment failed.';
    return this.d.transactions.run(async () => {
      const failed = await this.d.settlement.fail(charged, reason);
      if (failed.status !== 'failed') return null;
      return (await this.d.lifecycle.pastDue(membership, periodStart, reason)) ? 'failed' : null;
    });
  }
}

/** Applies a provider's billing event once: the event id is recorded with its effect. */
export class HandleBillingEvent {
  constructor(
    private readonly d: Deps,
    private readonly payments: MembershipPayments,
  ) {}

  async execute(event: BillingEvent): Promise<{ applied: boolean }> {
    return this.d.transactions.run(async () => {
      const fresh = await this.d.events.record({
        id: event.id,
        type: event.type,
        purchaseId: null,
        receivedAt: this.d.clock.now(),
      });
      if (!fresh) return { applied: false };
      switch (event.type) {
        case 'invoice_paid':
          return { applied: (await this.payments.recordPaid(event.invoice)) !== null };
        case 'invoice_failed':
          return { applied: await this.failed(event) };
        case 'subscription_updated': {
          const membership = await this.d.memberships.findBySubscription(event.subscriptionId);
          if (!membership || membership.status === 'ended' || membership.cancelAtPeriodEnd === event.cancelAtPeriodEnd)
            return { applied: false };
          const changed = await this.d.memberships.update(
            membership.id,
            { status: ['active', 'past_due'] },
            { cancelAtPeriodEnd: event.cancelAtPeriodEnd, updatedAt: this.d.clock.now() },
          );
          return { applied: changed !== null };
        }
        case 'subscription_deleted': {
          const membership = await this.d.memberships.findBySubscription(event.subscriptionId);
          if (!membership) return { applied: false };
          return {
            applied: await this.d.lifecycle.end(membership, 'the subscription was canceled at the payment provider.'),
          };
        }
      }
    });
  }

  private async failed(event: Extract<BillingEvent, { type: 'invoice_failed' }>): Promise<boolean> {
    if (event.reason !== 'renewal') return false;
    const membership = await this.d.memberships.findBySubscription(event.subscriptionId);
    if (!membership || membership.status !== 'active') return false;
    const tierId = event.tierId ?? membership.pendingTierId ?? membership.tierId;
    const purchase = await this.payments.billed(membership, {
      reason: 'renewal',
      tierId,
      periodStart: event.periodStart,
      periodEnd: event.periodEnd,
      amountCents: event.amountCents,
      tokens: this.payments.tokensOf(tierId),
      intentId: event.intentId,
    });
    await this.d.settlement.fail(purchase, event.message);
    const graceFrom =
      membership.currentPeriodEnd < this.d.clock.now() ? membership.currentPeriodEnd : this.d.clock.now();
    return this.d.lifecycle.pastDue(membership, graceFrom, event.message);
  }
}
