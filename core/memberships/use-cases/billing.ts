import type { Catalogue } from '../../catalogue/model/catalogue.ts';
import type { PricedItem } from '../../catalogue/model/product.ts';
import { CURRENCY, type BillingReason, type Purchase, type PurchaseDiscount } from '../../purchases/model/purchase.ts';
import { renewalDiscount } from '../../purchases/model/discount.ts';
import type { CompletedHook, PurchaseSettlement } from '../../purchases/model/purchase-settlement.ts';
import type { PaymentEventLog, PaymentIntent, PurchaseRepository } from '../../purchases/ports.ts';
import { formatUsd } from '../../shared/money.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../../shared/ports.ts';
import { type MembershipLifecycle, tierName } from '../model/lifecycle.ts';
import { isGifted, periodEndAfter, upgradeFloor, type Membership } from '../model/membership.ts';
import type {
  BillingEvent,
  MembershipRepository,
  PaidInvoice,
  RenewalCharges,
  SubscriptionCapabilities,
  SubscriptionGateway,
  SubscriptionStates,
} from '../ports.ts';

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
      /** the tier the month or upgrade is for, priced by the caller */
      tier: PricedItem;
      periodStart: Date;
      periodEnd: Date;
      amountCents: number;
      tokens: number;
      intentId: string | null;
      /** the first month's coupon, where it lowers this month */
      discount?: PurchaseDiscount | null;
    },
  ): Promise<Purchase> {
    const tier = bill.tier;
    const now = this.d.clock.now();
    // the buyer of every month is the one who started the membership, as the dashboard and the export name them
    const start = await this.d.purchases.findStart(membership.subscriptionId);
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
      buyerEmail: start?.buyerEmail ?? null,
      buyerDiscord: start?.buyerDiscord ?? null,
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
      discount: bill.discount ?? null,
    });
    return purchase;
  }

  /**
   * What a later month of the membership costs: the tier's price, less the first month's coupon while the coupon
   * covers that month (its `months`, counted from the first month).
   */
  async monthPrice(
    membership: Membership,
    tier: PricedItem,
    periodStart: Date,
  ): Promise<{ priceCents: number; discount: PurchaseDiscount | null }> {
    const start = await this.d.purchases.findStart(membership.subscriptionId);
    const first = start?.billing?.periodStart;
    if (!start?.discount?.coupon || !first) return { priceCents: tier.priceCents, discount: null };
    // months counted from the first; a provider's dates may stray from the anchor's by seconds, so within a day counts
    let index = 0;
    for (let at = first; periodStart.getTime() - at.getTime() > DAY_MS && index < MAX_MONTHS_COUNTED; index++)
      at = periodEndAfter(membership.anchor, at);
    return renewalDiscount(start.discount, index, tier.priceCents);
  }

  /**
   * A paid invoice the provider reported: the month or the upgrade completes once. A renewal is granted for the
   * tier the site sold for that month and the amount paid, an upgrade only as the site started it: any other
   * invoice (another tier, less paid, an upgrade the site never started) is held for staff instead. `hooks`: the
   * completion's own, in place of the settlement's.
   */
  async recordPaid(invoice: PaidInvoice, hooks?: CompletedHook): Promise<Purchase | null> {
    if (invoice.reason === 'start') return this.recordStart(invoice);
    const membership = await this.d.memberships.findBySubscription(invoice.subscriptionId);
    if (!membership) return null;
    if (invoice.reason === 'renewal') return this.recordRenewal(membership, invoice, hooks);
    return this.recordUpgrade(membership, invoice, hooks);
  }

  /**
   * An upgrade the site starts, stored (pending, at the charge the site computed) before the provider is asked, so
   * the provider's invoice for it finds it whether this server or a webhook reports it first. An earlier try the
   * provider took no payment for is priced again: the charge falls as the month goes on.
   */
  async startUpgrade(membership: Membership, tier: PricedItem, chargeCents: number): Promise<Purchase> {
    const bill = {
      reason: 'upgrade' as const,
      tier,
      periodStart: membership.currentPeriodStart,
      periodEnd: membership.currentPeriodEnd,
      amountCents: chargeCents,
      tokens: Math.max(0, tier.tokens - this.tokensOf(membership.tierId)),
      intentId: null,
    };
    const stored = await this.billed(membership, bill);
    const untaken = (stored.status === 'pending' || stored.status === 'failed') && !stored.paymentIntentId;
    if (!untaken || stored.priceCents === chargeCents) return stored;
    await this.d.purchases.discardUnstarted(stored.id);
    return this.billed(membership, bill);
  }

  /**
   * An upgrade invoice completes the upgrade the site started to its tier, in the month its service falls in, when
   * it pays the charge the site computed (less the provider's own proration: `upgradeFloor`); granting the tiers'
   * difference. Anything else is held for staff.
   */
  private async recordUpgrade(membership: Membership, invoice: PaidInvoice, hooks?: CompletedHook): Promise<Purchase> {
    const paid = { amountPaidCents: invoice.amountCents };
    const started = await this.startedUpgrade(membership, invoice);
    if (!started) {
      const sold = this.d.catalogue.list('whitelist').some((tier) => tier.id === invoice.tierId);
      const tier = this.d.catalogue.price(sold && invoice.tierId ? invoice.tierId : membership.tierId, 'whitelist');
      const held = await this.billed(membership, {
        reason: 'upgrade',
        tier,
        periodStart: membership.currentPeriodStart,
        periodEnd: membership.currentPeriodEnd,
        amountCents: invoice.amountCents,
        tokens: Math.max(0, tier.tokens - this.tokensOf(membership.tierId)),
        intentId: invoice.intentId,
      });
      const named = invoice.tierId ? `the ${tierName(this.d.catalogue, invoice.tierId)} tier` : 'no tier';
      return this.d.settlement.hold(
        held,
        paid,
        `The provider's upgrade invoice names ${named}, a change this site did not start for this membership: held for staff.`,
      );
    }
    const purchase =
      invoice.intentId &&
      !started.paymentIntentId &&
      (await this.d.purchases.attachIntent(started.id, invoice.intentId))
        ? { ...started, paymentIntentId: invoice.intentId }
        : started;
    const tier = this.d.catalogue.price(started.productId, 'whitelist');
    const month = { start: membership.currentPeriodStart, end: membership.currentPeriodEnd };
    if (invoice.amountCents < upgradeFloor(started.priceCents, tier.priceCents, month))
      return this.d.settlement.hold(
        purchase,
        paid,
        `Paid ${formatUsd(invoice.amountCents)} for the upgrade to ${tier.name}, which this site charged ${formatUsd(started.priceCents)}: held for staff.`,
      );
    return this.d.settlement.completeReported(purchase, paid, hooks);
  }

  /** the upgrade to the invoice's tier the site started in the month the invoice's service falls in, if any */
  private async startedUpgrade(membership: Membership, invoice: PaidInvoice): Promise<Purchase | null> {
    if (!invoice.tierId) return null;
    // the middle of the invoice's service: the provider dates it by its own clock, seconds off the site's
    const middle = (invoice.periodStart.getTime() + invoice.periodEnd.getTime()) / 2;
    const purchases = await this.d.purchases.ofMembership(membership.id);
    return (
      purchases.find(
        ({ billing, productId }) =>
          billing?.reason === 'upgrade' &&
          productId === invoice.tierId &&
          billing.periodStart &&
          billing.periodEnd &&
          billing.periodStart.getTime() <= middle &&
          middle < billing.periodEnd.getTime(),
      ) ?? null
    );
  }

  /** the first month: completed for what was paid; a subscription the provider had canceled already ends at once */
  private async recordStart(invoice: PaidInvoice): Promise<Purchase | null> {
    const first = await this.d.purchases.findStart(invoice.subscriptionId);
    if (!first) return null;
    const settled = await this.d.settlement.settleReported(first, { amountPaidCents: invoice.amountCents });
    if (invoice.subscriptionEnded) {
      const membership = await this.d.memberships.findBySubscription(invoice.subscriptionId);
      if (membership) await this.d.lifecycle.end(membership, CANCELED_AT_PROVIDER);
    }
    return settled;
  }

  private async recordRenewal(membership: Membership, invoice: PaidInvoice, hooks?: CompletedHook): Promise<Purchase> {
    // the tier the site sold for the month: the pending downgrade if one waits, else the tier held
    const sold = membership.pendingTierId ?? membership.tierId;
    const tier = this.d.catalogue.price(sold, 'whitelist');
    const price = await this.monthPrice(membership, tier, invoice.periodStart);
    const purchase = await this.billed(membership, {
      reason: 'renewal',
      tier,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      amountCents: price.priceCents,
      tokens: tier.tokens,
      intentId: invoice.intentId,
      discount: price.discount,
    });
    const paid = { amountPaidCents: invoice.amountCents };
    if (invoice.tierId && invoice.tierId !== sold)
      return this.d.settlement.hold(
        purchase,
        paid,
        `The provider's invoice names the ${tierName(this.d.catalogue, invoice.tierId)} tier; this month of the membership was sold as ${tier.name}: held for staff.`,
      );
    return this.d.settlement.settleReported(purchase, paid, hooks);
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
  /** memberships whose subscription was checked with the provider; `followed` of them changed to match it */
  asked: number;
  followed: number;
  /** memberships that could not be brought up to date, each with why (the next run takes them again) */
  errors: Array<{ membershipId: string; userId: string; message: string }>;
}

/** the scheduler asks the provider about every provider-billed membership at least this often */
export const PROVIDER_CHECK_EVERY_MS = 24 * 3_600_000;
/** a coupon's months are counted this far at most (ten years) */
const MAX_MONTHS_COUNTED = 120;
const DAY_MS = 86_400_000;
/** a membership is caught up through at most this many months in one run */
const MAX_PERIODS_PER_RUN = 36;
/** tries of one step turned away by a busy store (a lock wait, deadlock or serialization failure) */
const TRIES = 4;

/** a step of a membership's catching up, and the membership as the step left it (null: not known) */
type Advanced = { outcome: 'renewed' | 'failed' | 'ended'; membership: Membership | null } | null;

/**
 * A month's completion that starts from the membership as the renewal last had it, and keeps the membership as the
 * completion left it, for the renewal to go on from without reading it again.
 */
class CarriedMembership implements CompletedHook {
  /** the membership as the completion left it; null until a completion ran here, or when it was not known */
  membership: Membership | null = null;

  constructor(
    private readonly lifecycle: MembershipLifecycle,
    private readonly known: Membership,
  ) {}

  async completed(purchase: Purchase, at: Date): Promise<Purchase> {
    const month = await this.lifecycle.completedFrom(purchase, at, this.known);
    this.membership = month.membership;
    return month.purchase;
  }
}

/**
 * Runs what is due at `now`: every provider-billed membership not checked for a day is checked with its provider;
 * each active membership past its period end renews (the demo gateway charges the saved card; with Stripe, which
 * charges by itself, the provider is asked for the paid invoice a webhook may have missed), or ends when it was
 * canceled; a past-due one whose grace ran out ends, unless the provider's retry paid it. The provider is asked
 * before anything ends. Each membership is brought up to date alone, month by month in order (each month charged
 * and granted once, in short transactions of its own), a step the store turned away tried again; one that still
 * fails is named in the report, and the others go on.
 */
export class RenewDueMemberships {
  constructor(
    private readonly d: Deps,
    private readonly payments: MembershipPayments,
  ) {}

  async execute(input: { now: Date; limit?: number }): Promise<RenewalReport> {
    const report: RenewalReport = { renewed: 0, failed: 0, ended: 0, checked: 0, asked: 0, followed: 0, errors: [] };
    const limit = input.limit ?? 200;
    const states = this.d.gateway.capabilities.providerState;
    if (states) await this.followProviders(states, input.now, limit, report);
    const due = await this.d.memberships.due(input.now, limit);
    for (const membership of due) {
      report.checked++;
      try {
        await this.catchUp(membership, input.now, report);
      } catch (error) {
        report.errors.push(failureOf(membership, error));
      }
    }
    return report;
  }

  /** every provider-billed membership not checked for a day, checked with its provider */
  private async followProviders(states: SubscriptionStates, now: Date, limit: number, report: RenewalReport) {
    const stale = await this.d.memberships.providerCheckDue(
      this.d.gateway.mode,
      new Date(now.getTime() - PROVIDER_CHECK_EVERY_MS),
      limit,
    );
    for (const membership of stale) {
      try {
        const followed = await this.retrying(() => this.followProvider(states, membership, now));
        report.asked++;
        if (followed === 'ended') report.ended++;
        else if (followed) report.followed++;
      } catch (error) {
        report.errors.push(failureOf(membership, error));
      }
    }
  }

  /**
   * Asks the provider about the subscription and follows it: one it no longer bills ends the pass; a cancel or a
   * resume the site missed is taken over. Answers 'ended', true when something changed, false when the site
   * already agreed.
   */
  private async followProvider(
    states: SubscriptionStates,
    membership: Membership,
    now: Date,
  ): Promise<'ended' | boolean> {
    const state = await states.subscriptionState(membership.subscriptionId);
    return this.d.transactions.run(async () => {
      if (state.status === 'ended') {
        const ended = await this.d.lifecycle.end(
          membership,
          'the subscription no longer exists at the payment provider.',
        );
        return ended ? 'ended' : false;
      }
      const followed = membership.cancelAtPeriodEnd !== state.cancelAtPeriodEnd;
      const moved = await this.d.memberships.update(
        membership.id,
        { status: ['active', 'past_due'] },
        { cancelAtPeriodEnd: state.cancelAtPeriodEnd, providerCheckedAt: now, updatedAt: now },
      );
      return moved !== null && followed;
    });
  }

  private async catchUp(first: Membership, now: Date, report: RenewalReport): Promise<void> {
    let membership: Membership | null = first;
    for (let step = 0; membership && step < MAX_PERIODS_PER_RUN; step++) {
      const current: Membership = membership;
      const advanced = await this.retrying(() => this.advance(current, now));
      if (!advanced) return;
      report[advanced.outcome]++;
      if (advanced.outcome === 'ended') return;
      // the next step starts from the membership as this step's last change answered it; it is read again only
      // when that is not known (another renewal completed the month first)
      membership = advanced.membership ?? (await this.d.memberships.findById(current.id));
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

  private async advance(membership: Membership, now: Date): Promise<Advanced> {
    if (membership.status === 'past_due') return this.graceOver(membership, now);
    if (membership.currentPeriodEnd > now) return null;
    if (isGifted(membership)) {
      // paid once for its months, with nothing at any provider: it ends, and nothing is charged or asked
      const ended = await this.d.transactions.run(() =>
        this.d.lifecycle.end(membership, 'its gifted months are over.', undefined, membership.currentPeriodEnd),
      );
      return ended ? { outcome: 'ended', membership: null } : null;
    }
    if (membership.cancelAtPeriodEnd) {
      // before ending, the provider's word: a subscription it still renews is not ended here (its renewal follows)
      const state = await this.d.gateway.capabilities.providerState?.subscriptionState(membership.subscriptionId);
      if (state && state.status !== 'ended' && !state.cancelAtPeriodEnd) {
        await this.d.memberships.update(
          membership.id,
          { status: ['active'] },
          { cancelAtPeriodEnd: false, providerCheckedAt: now, updatedAt: now },
        );
        return null;
      }
      const ended = await this.d.transactions.run(() =>
        this.d.lifecycle.end(
          membership,
          'it was canceled, and the last paid month is over.',
          undefined,
          membership.currentPeriodEnd,
        ),
      );
      // and nothing more is charged for it
      if (ended) await this.d.gateway.capabilities.cancellation?.cancelNow(membership.subscriptionId);
      return ended ? { outcome: 'ended', membership: null } : null;
    }
    // the site charges the renewal itself (demo), or asks the provider for the one it charged (Stripe); else the
    // provider's webhook reports it (Tebex)
    const { renewalCharges, paidRenewals } = this.d.gateway.capabilities;
    if (renewalCharges) return this.chargeDemo(membership, renewalCharges);
    if (!paidRenewals) return null;
    const reported = await paidRenewals.latestPaidRenewal(membership.subscriptionId);
    if (!reported || reported.periodEnd <= membership.currentPeriodEnd) return null;
    const carried = new CarriedMembership(this.d.lifecycle, membership);
    const purchase = await this.payments.recordPaid(reported, carried);
    return purchase?.status === 'completed' ? { outcome: 'renewed', membership: carried.membership } : null;
  }

  /**
   * A past-due membership whose grace ran out ends, and nothing more is charged for it at the provider. The provider
   * is asked first: a renewal its retry paid (the webhook lost) is recorded instead, and the pass goes on. A provider
   * the site cannot cancel at (Tebex) ends its own subscriptions and says so (`recurring-payment.ended`), so the
   * grace ends none of its passes; a pass of a provider no longer configured ends without asking anyone.
   */
  private async graceOver(membership: Membership, now: Date): Promise<Advanced> {
    if (!membership.graceUntil || membership.graceUntil > now) return null;
    const own = membership.gateway === this.d.gateway.mode;
    const { cancellation, paidRenewals }: SubscriptionCapabilities = own ? this.d.gateway.capabilities : {};
    if (own && !cancellation) return null;
    const paid = await paidRenewals?.latestPaidRenewal(membership.subscriptionId);
    if (paid && paid.periodEnd > membership.currentPeriodEnd) {
      const carried = new CarriedMembership(this.d.lifecycle, membership);
      const purchase = await this.payments.recordPaid(paid, carried);
      // a payment held for staff leaves the pass as it stands, for them to decide
      return purchase?.status === 'completed' ? { outcome: 'renewed', membership: carried.membership } : null;
    }
    await cancellation?.cancelNow(membership.subscriptionId);
    const ended = await this.d.transactions.run(() =>
      this.d.lifecycle.end(
        membership,
        'the renewal payment failed and was not made within the grace period.',
        undefined,
        membership.graceUntil ?? now,
      ),
    );
    return ended ? { outcome: 'ended', membership: null } : null;
  }

  private async chargeDemo(membership: Membership, charges: RenewalCharges): Promise<Advanced> {
    if (!membership.paymentRef) return null;
    const periodStart = membership.currentPeriodEnd;
    // the month's tier is read under the membership's row lock (a tier change waits for it), and the month is
    // stored once whatever its tier, so twenty racing renewals find the one month stored. The lock is let go
    // before the month is stored: a payment's completion takes the purchase before the membership, and this
    // takes them in the same order.
    const locked = await this.d.memberships.update(
      membership.id,
      { status: ['active'], currentPeriodEnd: periodStart },
      { updatedAt: this.d.clock.now() },
    );
    if (!locked) return null;
    // the membership as the lock left it: the month is priced and completed from it, and it is not read again
    const held = locked.membership;
    const tier = this.d.catalogue.price(held.pendingTierId ?? held.tierId, 'whitelist');
    const price = await this.payments.monthPrice(held, tier, periodStart);
    const purchase = await this.payments.billed(held, {
      reason: 'renewal',
      tier,
      periodStart,
      periodEnd: periodEndAfter(held.anchor, periodStart),
      amountCents: price.priceCents,
      tokens: tier.tokens,
      intentId: null,
      discount: price.discount,
    });
    if (purchase.status !== 'pending') return null;
    // one charge per month: the key names the month's purchase, so every racer gets the same intent
    const intent: PaymentIntent = await charges.chargeRenewal(membership.paymentRef, {
      subscriptionId: membership.subscriptionId,
      amountCents: purchase.priceCents,
      currency: CURRENCY,
      description: `${purchase.productName} Priority Pass renewal`,
      metadata: { purchaseId: purchase.id, userId: purchase.userId, membershipId: membership.id },
      idempotencyKey: `renewal-${purchase.id}`,
    });
    await this.d.purchases.attachIntent(purchase.id, intent.id);
    const charged = { ...purchase, paymentIntentId: intent.id };
    if (intent.status === 'succeeded') {
      const carried = new CarriedMembership(this.d.lifecycle, held);
      const done = await this.d.settlement.complete(charged, intent, carried);
      return done.status === 'completed' ? { outcome: 'renewed', membership: carried.membership } : null;
    }
    const reason = intent.failureMessage ?? 'The renewal payment failed.';
    return this.d.transactions.run(async (): Promise<Advanced> => {
      const failed = await this.d.settlement.fail(charged, reason);
      if (failed.status !== 'failed') return null;
      const pastDue = await this.d.lifecycle.pastDue(held, periodStart, reason);
      return pastDue ? { outcome: 'failed', membership: pastDue } : null;
    });
  }
}

function failureOf(membership: Membership, error: unknown) {
  return {
    membershipId: membership.id,
    userId: membership.userId,
    message: error instanceof Error ? error.message : String(error),
  };
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
        case 'subscription_updated':
          return { applied: await this.updated(event) };
        case 'subscription_deleted': {
          const membership = await this.d.memberships.findBySubscription(event.subscriptionId);
          if (!membership) return { applied: false };
          return { applied: await this.d.lifecycle.end(membership, CANCELED_AT_PROVIDER) };
        }
      }
    });
  }

  /**
   * Cancel or resume at the provider. An event older than the newest one applied is ignored (the provider re-sends
   * for days, so order is not preserved), unless its fields are the provider's current state, read on arrival.
   */
  private async updated(event: Extract<BillingEvent, { type: 'subscription_updated' }>): Promise<boolean> {
    const membership = await this.d.memberships.findBySubscription(event.subscriptionId);
    if (!membership || membership.status === 'ended') return false;
    const at = event.occurredAt ?? null;
    const newest = membership.providerEventAt ?? null;
    if (!event.current && at && newest && at < newest) return false;
    const stamp = at && (!newest || at > newest) ? { providerEventAt: at } : {};
    if (membership.cancelAtPeriodEnd === event.cancelAtPeriodEnd) {
      if (stamp.providerEventAt)
        await this.d.memberships.update(
          membership.id,
          { status: ['active', 'past_due'] },
          { ...stamp, updatedAt: this.d.clock.now() },
        );
      return false;
    }
    const changed = await this.d.memberships.update(
      membership.id,
      { status: ['active', 'past_due'] },
      { cancelAtPeriodEnd: event.cancelAtPeriodEnd, ...stamp, updatedAt: this.d.clock.now() },
    );
    return changed !== null;
  }

  /**
   * A declined renewal puts the membership past due, unless the month it was for is paid already (the provider's
   * retry succeeded and its report arrived first): then it is recorded and changes nothing.
   */
  private async failed(event: Extract<BillingEvent, { type: 'invoice_failed' }>): Promise<boolean> {
    if (event.reason !== 'renewal') return false;
    const membership = await this.d.memberships.findBySubscription(event.subscriptionId);
    if (membership?.status !== 'active') return false;
    if (membership.currentPeriodStart.getTime() >= event.periodStart.getTime()) return false;
    // the month as the site sold it, whatever tier the provider's invoice names
    const tier = this.d.catalogue.price(membership.pendingTierId ?? membership.tierId, 'whitelist');
    const purchase = await this.payments.billed(membership, {
      reason: 'renewal',
      tier,
      periodStart: event.periodStart,
      periodEnd: event.periodEnd,
      amountCents: event.amountCents,
      tokens: tier.tokens,
      intentId: event.intentId,
    });
    await this.d.settlement.fail(purchase, event.message);
    const graceFrom =
      // biome-ignore lint/complexity/useMathMinMax: the operands are Dates, and Math.min would return a number
      membership.currentPeriodEnd < this.d.clock.now() ? membership.currentPeriodEnd : this.d.clock.now();
    return (await this.d.lifecycle.pastDue(membership, graceFrom, event.message)) !== null;
  }
}

const CANCELED_AT_PROVIDER = 'the subscription was canceled at the payment provider.';
