import { CURRENCY } from '../../purchases/model/purchase.ts';
import type { PaymentIntent } from '../../purchases/ports.ts';
import { CarriedMembership } from '../model/carried-membership.ts';
import type { MembershipDeps } from '../model/deps.ts';
import { isGifted, periodEndAfter, type Membership } from '../model/membership.ts';
import type { RenewalCharges, SubscriptionCapabilities, SubscriptionStates } from '../ports.ts';

export interface RenewDueMembershipsDeps
  extends Pick<
    MembershipDeps,
    | 'memberships'
    | 'purchases'
    | 'settlement'
    | 'lifecycle'
    | 'gateway'
    | 'catalogue'
    | 'payments'
    | 'transactions'
    | 'clock'
  > {}

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
/** a membership is caught up through at most this many months in one run */
const MAX_PERIODS_PER_RUN = 36;
/** tries of one step turned away by a busy store (a lock wait, deadlock or serialization failure) */
const TRIES = 4;

/** a step of a membership's catching up, and the membership as the step left it (null: not known) */
type Advanced = { outcome: 'renewed' | 'failed' | 'ended'; membership: Membership | null } | null;

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
  constructor(private readonly d: RenewDueMembershipsDeps) {}

  async execute(input: { now: Date; limit?: number }): Promise<RenewalReport> {
    const report: RenewalReport = { renewed: 0, failed: 0, ended: 0, checked: 0, asked: 0, followed: 0, errors: [] };
    const limit = input.limit ?? 200;
    const states = this.d.gateway.capabilities.providerState;
    if (states) await this.followProviders(states, input.now, limit, report);
    const due = await this.retrying(() => this.d.memberships.due(input.now, limit));
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
    const purchase = await this.d.payments.recordPaid(reported, carried);
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
      const purchase = await this.d.payments.recordPaid(paid, carried);
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
    const price = await this.d.payments.monthPrice(held, tier, periodStart);
    const purchase = await this.d.payments.billed(held, {
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
