import type { Catalogue } from '../../catalogue/model/catalogue.ts';
import type { PricedItem } from '../../catalogue/model/product.ts';
import { giftPriced } from '../../purchases/model/gift.ts';
import { CURRENCY, type Purchase } from '../../purchases/model/purchase.ts';
import type { PurchaseSettlement } from '../../purchases/model/purchase-settlement.ts';
import type { PaymentGateway, PaymentIntent, PurchaseRepository } from '../../purchases/ports.ts';
import { DomainError, InvalidInputError } from '../../shared/errors.ts';
import type { Clock, TransactionRunner } from '../../shared/ports.ts';
import type { MembershipPayments } from './billing.ts';
import { ManagedAtProviderError, MembershipNotFoundError, MembershipStateError, NoMembershipError } from '../errors.ts';
import { tierName, type MembershipLifecycle } from '../model/lifecycle.ts';
import { addMonths, isGifted, isLive, prorate, type Membership } from '../model/membership.ts';
import type {
  MembershipRepository,
  MembershipUpdate,
  PaidInvoice,
  SubscriptionCancellation,
  SubscriptionGateway,
  SubscriptionTierChanges,
} from '../ports.ts';

export interface MembershipView {
  membership: Membership;
  tierName: string;
  priceCents: number;
  tokensPerMonth: number;
  pendingTierName: string | null;
  /** what the next renewal charges, and when; null when it will not renew (canceled, or ended) */
  nextCharge: { at: Date; amountCents: number; tierId: string; tierName: string } | null;
  /** when benefits end without a renewal: the period's end, or the grace's end when past due */
  benefitsUntil: Date | null;
  /** a gifted pass: paid once by another player, it ends after its months and is never charged */
  gifted: boolean;
  /** a gifted pass's months and the tokens it granted, all at once when it was received (`startedAt`) */
  gift: { months: number; tokens: number } | null;
}

/** Reads a membership with its tier's name and price and what happens next. */
export class MembershipViews {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly payments: Pick<MembershipPayments, 'monthPrice'>,
  ) {}

  /** the view, its next charge what the renewal will really charge: less the first month's coupon while it lasts */
  async priced(membership: Membership): Promise<MembershipView> {
    const view = this.view(membership);
    if (!view.nextCharge) return view;
    const tier = this.catalogue.price(view.nextCharge.tierId, 'whitelist');
    return { ...view, nextCharge: { ...view.nextCharge, amountCents: await this.nextMonthCents(membership, tier) } };
  }

  /** the next renewal's charge for `tier`: its price, less the first month's coupon while the coupon covers it */
  async nextMonthCents(membership: Membership, tier: PricedItem): Promise<number> {
    return (await this.payments.monthPrice(membership, tier, membership.currentPeriodEnd)).priceCents;
  }

  view(membership: Membership): MembershipView {
    const tier = this.catalogue.price(membership.tierId, 'whitelist');
    const nextTierId = membership.pendingTierId ?? membership.tierId;
    const next = this.catalogue.price(nextTierId, 'whitelist');
    const renews = membership.status === 'active' && !membership.cancelAtPeriodEnd;
    return {
      membership,
      tierName: tier.name,
      priceCents: tier.priceCents,
      tokensPerMonth: tier.tokens,
      pendingTierName: membership.pendingTierId ? tierName(this.catalogue, membership.pendingTierId) : null,
      nextCharge: renews
        ? { at: membership.currentPeriodEnd, amountCents: next.priceCents, tierId: nextTierId, tierName: next.name }
        : null,
      benefitsUntil:
        membership.status === 'ended'
          ? null
          : membership.status === 'past_due'
            ? membership.graceUntil
            : membership.cancelAtPeriodEnd
              ? membership.currentPeriodEnd
              : null,
      gifted: isGifted(membership),
      gift: isGifted(membership) ? giftOf(membership, tier) : null,
    };
  }
}

/** a gifted pass's months (from its start to its end) and its tokens, as the gift was priced and granted */
function giftOf(membership: Membership, tier: PricedItem): { months: number; tokens: number } {
  let months = 1;
  while (months < MAX_GIFT_MONTHS && addMonths(membership.anchor, months) < membership.currentPeriodEnd) months++;
  return { months, tokens: giftPriced(tier, months).tokens };
}
const MAX_GIFT_MONTHS = 120;

/** What an action on the membership would do now, as its dialog states it before the player confirms. */
export type MembershipPreview =
  | {
      action: 'cancel';
      /** past due: nothing was paid for the month after the failed renewal, so it ends at once */
      endsNow: boolean;
      benefitsUntil: Date;
      canResume: boolean;
    }
  | { action: 'resume'; nextCharge: { at: Date; amountCents: number; tierName: string } }
  | {
      action: 'change-tier';
      kind: 'upgrade' | 'downgrade' | 'unchanged';
      tierName: string;
      /** charged now (an upgrade's prorated difference), and the tokens granted with it */
      chargeNowCents: number;
      tokensNow: number;
      /** when the chosen tier starts */
      startsAt: Date;
      nextCharge: { at: Date; amountCents: number; tierName: string };
      /**
       * the first month's coupon, while it lowers a month of this pass: what it takes off this month on the chosen
       * tier (0 when its months are over) and off the next charge; null when there is none
       */
      coupon: { code: string; offNowCents: number; offNextCents: number } | null;
    };

export type TierChange =
  | { kind: 'upgrade'; membership: MembershipView; purchase: Purchase }
  | { kind: 'downgrade'; membership: MembershipView }
  | { kind: 'unchanged'; membership: MembershipView };

/** a gifted pass is neither resumed nor changed: it runs its months and ends */
function notGifted(membership: Membership): Membership {
  if (isGifted(membership))
    throw new MembershipStateError(
      'MEMBERSHIP_GIFTED',
      'This Priority Pass was a gift: it runs its months and ends, and cannot be renewed or changed. Buy your own pass after it ends.',
    );
  return membership;
}

/** the gateway's cancellation; refused where the buyer cancels at the provider */
function cancellationOf(gateway: SubscriptionGateway): SubscriptionCancellation {
  const { cancellation } = gateway.capabilities;
  if (!cancellation) throw new ManagedAtProviderError(gateway.mode);
  return cancellation;
}

/** the gateway's tier changes; refused where the buyer changes tier at the provider */
function tierChangesOf(gateway: SubscriptionGateway): SubscriptionTierChanges {
  const { tierChanges } = gateway.capabilities;
  if (!tierChanges) throw new ManagedAtProviderError(gateway.mode);
  return tierChanges;
}

/** The player's own membership: see it, cancel at the period's end, resume, change tier. */
export class ManageMembership {
  constructor(
    private readonly memberships: MembershipRepository,
    private readonly purchases: PurchaseRepository,
    private readonly payments: MembershipPayments,
    private readonly settlement: PurchaseSettlement,
    private readonly lifecycle: MembershipLifecycle,
    private readonly gateway: SubscriptionGateway,
    private readonly catalogue: Catalogue,
    private readonly views: MembershipViews,
    private readonly transactions: TransactionRunner,
    private readonly clock: Clock,
    private readonly intents: Pick<PaymentGateway, 'retrieveIntent'>,
  ) {}

  /** the live membership, or else the latest one (ended), or null; past due, with the renewal left unpaid */
  async mine(userId: string): Promise<(MembershipView & { unpaidRenewal: Purchase | null }) | null> {
    const membership = (await this.memberships.findLive(userId)) ?? (await this.memberships.latestOf(userId));
    if (!membership) return null;
    return { ...(await this.views.priced(membership)), unpaidRenewal: await this.unpaidRenewal(membership) };
  }

  /** Past due: the failed renewal's payment, to be paid with another card (the provider's own retry goes on too). */
  async payRenewal(userId: string): Promise<{ purchase: Purchase; intent: PaymentIntent }> {
    const membership = await this.live(userId);
    const unpaid = membership.status === 'past_due' ? await this.unpaidRenewal(membership) : null;
    if (!unpaid?.paymentIntentId)
      throw new MembershipStateError('NOTHING_TO_PAY', 'Your membership has no unpaid renewal.');
    const intent = await this.intents.retrieveIntent(unpaid.paymentIntentId);
    if (intent.status === 'succeeded') {
      await this.settlement.complete(unpaid, intent);
      throw new MembershipStateError(
        'RENEWAL_PAID',
        'This renewal has been paid. Reload the page to see your membership.',
      );
    }
    return { purchase: unpaid, intent };
  }

  private async unpaidRenewal(membership: Membership): Promise<Purchase | null> {
    if (membership.status !== 'past_due') return null;
    const months = await this.purchases.ofMembership(membership.id);
    return months.find((month) => month.billing?.reason === 'renewal' && month.status === 'failed') ?? null;
  }

  async cancel(userId: string): Promise<MembershipView> {
    const membership = await this.live(userId);
    if (membership.status === 'past_due') {
      // nothing was paid for the month after the failed renewal: it ends now, and no retry charges the card (a
      // provider the site cannot cancel at ends it there itself)
      await this.gateway.capabilities.cancellation?.cancelNow(membership.subscriptionId);
      await this.transactions.run(() => this.lifecycle.end(membership, 'it was canceled after a failed renewal.'));
      return this.reload(membership.id);
    }
    if (membership.cancelAtPeriodEnd) return this.views.priced(membership);
    return this.setCanceling(membership, true);
  }

  /** the provider first: a provider that refuses leaves the membership as it was */
  private async setCanceling(membership: Membership, cancel: boolean): Promise<MembershipView> {
    await cancellationOf(this.gateway).setCancelAtPeriodEnd(membership.subscriptionId, cancel);
    const moved = await this.memberships.update(
      membership.id,
      { status: ['active'] },
      { cancelAtPeriodEnd: cancel, updatedAt: this.clock.now() },
    );
    return this.viewOf(moved, membership.id);
  }

  async resume(userId: string): Promise<MembershipView> {
    const membership = notGifted(await this.live(userId));
    if (!membership.cancelAtPeriodEnd) return this.views.priced(membership);
    if (membership.currentPeriodEnd <= this.clock.now())
      throw new MembershipStateError(
        'MEMBERSHIP_PERIOD_OVER',
        'This membership has reached its end and cannot be resumed.',
      );
    return this.setCanceling(membership, false);
  }

  /** What cancel, resume or a change of tier would do now, charged amounts and dates included; changes nothing. */
  async preview(
    userId: string,
    request: { action: 'cancel' } | { action: 'resume' } | { action: 'change-tier'; tierId: string },
  ): Promise<MembershipPreview> {
    const live = await this.live(userId);
    const membership = request.action === 'cancel' ? live : notGifted(live);
    const now = this.clock.now();
    if (request.action === 'cancel') {
      if (membership.status === 'past_due')
        return { action: 'cancel', endsNow: true, benefitsUntil: now, canResume: false };
      return { action: 'cancel', endsNow: false, benefitsUntil: membership.currentPeriodEnd, canResume: true };
    }
    if (request.action === 'resume') {
      const next = this.catalogue.price(membership.pendingTierId ?? membership.tierId, 'whitelist');
      return {
        action: 'resume',
        nextCharge: {
          at: membership.currentPeriodEnd,
          amountCents: await this.views.nextMonthCents(membership, next),
          tierName: next.name,
        },
      };
    }
    const { kind, target, current } = this.tierMove(membership, request.tierId);
    const renewal = this.catalogue.price(
      kind === 'upgrade' || kind === 'downgrade' ? target.product.id : membership.tierId,
      'whitelist',
    );
    const [thisMonth, nextMonth] = await Promise.all([
      this.payments.monthPrice(membership, target, membership.currentPeriodStart),
      this.payments.monthPrice(membership, renewal, membership.currentPeriodEnd),
    ]);
    const code = thisMonth.discount?.coupon?.code ?? nextMonth.discount?.coupon?.code ?? null;
    return {
      action: 'change-tier',
      kind,
      tierName: target.name,
      coupon: code
        ? {
            code,
            offNowCents: thisMonth.discount?.coupon?.cents ?? 0,
            offNextCents: nextMonth.discount?.coupon?.cents ?? 0,
          }
        : null,
      chargeNowCents: kind === 'upgrade' ? await this.upgradeCharge(membership, current, target, now) : 0,
      tokensNow: kind === 'upgrade' ? Math.max(0, target.tokens - current.tokens) : 0,
      startsAt: kind === 'upgrade' ? now : membership.currentPeriodEnd,
      nextCharge: {
        at: membership.currentPeriodEnd,
        amountCents: nextMonth.priceCents,
        tierName: renewal.name,
      },
    };
  }

  /** which way a change to `tierId` goes, refused as `changeTier` refuses it */
  private tierMove(membership: Membership, tierId: string) {
    const target = this.catalogue.list('whitelist').find((tier) => tier.id === tierId);
    if (!target)
      throw new InvalidInputError('TIER_NOT_FOUND', `There is no Priority Pass tier '${tierId}'.`, [
        { path: 'tierId', message: 'Choose one of the five tiers.' },
      ]);
    if (membership.status !== 'active')
      throw new MembershipStateError(
        'MEMBERSHIP_PAST_DUE',
        'Your last renewal did not go through. Pay it with a working card before changing tier.',
      );
    const current = this.catalogue.price(membership.tierId, 'whitelist');
    const next = this.catalogue.price(target.id, 'whitelist');
    if (target.id === membership.tierId) {
      if (!membership.pendingTierId)
        throw new MembershipStateError('SAME_TIER', `You already hold the ${current.name} Priority Pass.`);
      return { kind: 'unchanged' as const, target: next, current };
    }
    return {
      kind: next.priceCents < current.priceCents ? ('downgrade' as const) : ('upgrade' as const),
      target: next,
      current,
    };
  }

  /**
   * An upgrade's charge: what this month costs on the new tier less what it costs on the held one, both less the
   * coupon where it covers this month (its fixed amount, so mostly the tiers' difference), for the hours left.
   */
  private async upgradeCharge(membership: Membership, from: PricedItem, to: PricedItem, now: Date): Promise<number> {
    const month = membership.currentPeriodStart;
    const [held, next] = await Promise.all([
      this.payments.monthPrice(membership, from, month),
      this.payments.monthPrice(membership, to, month),
    ]);
    return prorate(
      next.priceCents - held.priceCents,
      { start: membership.currentPeriodStart, end: membership.currentPeriodEnd },
      now,
    );
  }

  /**
   * An upgrade is charged (prorated) and takes effect now; a downgrade waits for the renewal. `expectedChargeCents`:
   * what the player's dialog showed; an upgrade that would charge anything else is refused, naming the new amount.
   */
  async changeTier(userId: string, tierId: string, expectedChargeCents?: number): Promise<TierChange> {
    const membership = notGifted(await this.live(userId));
    const move = this.tierMove(membership, tierId);
    const { current, target: next } = move;
    const targetId = next.product.id;
    if (expectedChargeCents !== undefined) {
      const charge =
        move.kind === 'upgrade' ? await this.upgradeCharge(membership, current, next, this.clock.now()) : 0;
      if (charge !== expectedChargeCents)
        throw new MembershipStateError(
          'CHARGE_CHANGED',
          `This change now charges $${(charge / 100).toFixed(2)}, not $${(expectedChargeCents / 100).toFixed(2)}. Nothing was charged; look again and confirm.`,
        );
    }
    if (move.kind === 'unchanged') {
      // keeping the current tier: the downgrade waiting for the renewal is dropped
      await tierChangesOf(this.gateway).scheduleTier(membership.subscriptionId, membership.tierId);
      const moved = await this.memberships.update(
        membership.id,
        { status: ['active'] },
        { pendingTierId: null, updatedAt: this.clock.now() },
      );
      return { kind: 'unchanged', membership: await this.viewOf(moved, membership.id) };
    }
    if (move.kind === 'downgrade') {
      await tierChangesOf(this.gateway).scheduleTier(membership.subscriptionId, targetId);
      const moved = await this.memberships.update(
        membership.id,
        { status: ['active'], tierId: membership.tierId },
        { pendingTierId: targetId, updatedAt: this.clock.now() },
      );
      return { kind: 'downgrade', membership: await this.viewOf(moved, membership.id) };
    }
    const now = this.clock.now();
    const period = { start: membership.currentPeriodStart, end: membership.currentPeriodEnd };
    const tierChanges = tierChangesOf(this.gateway);
    // the change is stored before the provider is asked: its invoice completes only a change the site started
    const started = await this.payments.startUpgrade(
      membership,
      next,
      await this.upgradeCharge(membership, current, next, now),
    );
    if (started.status === 'underpaid')
      throw new MembershipStateError(
        'UPGRADE_HELD',
        `A payment for the upgrade to ${next.name} this month is held for staff. Nothing was charged; ask staff about it.`,
      );
    let invoice: PaidInvoice;
    try {
      invoice = await tierChanges.upgrade({
        subscriptionId: membership.subscriptionId,
        tierId: targetId,
        amountCents: started.priceCents,
        currency: CURRENCY,
        description: `Upgrade to ${next.name} Priority Pass`,
        metadata: { membershipId: membership.id, userId, tierId: targetId },
        // one upgrade charge per membership, month and tier, however often it is asked for
        idempotencyKey: `upgrade-${membership.subscriptionId}-${period.start.toISOString()}-${targetId}`,
        periodStart: period.start,
        periodEnd: period.end,
        paymentRef: membership.paymentRef,
      });
    } catch (error) {
      // a declined card leaves nothing behind; any other failure may have charged, and its invoice still completes it
      if (error instanceof DomainError && error.code === 'CARD_ERROR')
        await this.purchases.discardUnstarted(started.id);
      throw error;
    }
    const purchase = await this.payments.recordPaid({ ...invoice, periodStart: period.start, periodEnd: period.end });
    if (!purchase) throw new MembershipNotFoundError(membership.subscriptionId);
    if (purchase.status === 'underpaid')
      throw new MembershipStateError(
        'UPGRADE_HELD',
        `The payment provider's invoice for this upgrade does not match it, so it is held for staff. Your tier is unchanged.`,
      );
    return { kind: 'upgrade', membership: await this.reload(membership.id), purchase };
  }

  private async live(userId: string): Promise<Membership> {
    const membership = await this.memberships.findLive(userId);
    if (!membership || !isLive(membership)) throw new NoMembershipError();
    return membership;
  }

  private async reload(id: string): Promise<MembershipView> {
    const membership = await this.memberships.findById(id);
    if (!membership) throw new MembershipNotFoundError(id);
    return this.views.priced(membership);
  }

  /** the membership as the change answered it; read again only when the change did not hold */
  private async viewOf(moved: MembershipUpdate | null, id: string): Promise<MembershipView> {
    return moved ? this.views.priced(moved.membership) : this.reload(id);
  }
}

/** The admin's and the CLI's side: list, show, cancel (at the period's end, or now), and the dashboard's figures. */
export class AdministerMemberships {
  constructor(
    private readonly memberships: MembershipRepository,
    private readonly purchases: PurchaseRepository,
    private readonly lifecycle: MembershipLifecycle,
    private readonly gateway: SubscriptionGateway,
    private readonly catalogue: Catalogue,
    private readonly views: MembershipViews,
    private readonly transactions: TransactionRunner,
    private readonly clock: Clock,
  ) {}

  async list(query: { status?: Membership['status']; limit?: number }): Promise<MembershipView[]> {
    return Promise.all((await this.memberships.list(query)).map((membership) => this.views.priced(membership)));
  }

  async show(id: string): Promise<{ view: MembershipView; purchases: Purchase[] }> {
    const membership = await this.memberships.findById(id);
    if (!membership) throw new MembershipNotFoundError(id);
    return { view: await this.views.priced(membership), purchases: await this.purchases.ofMembership(id) };
  }

  async cancel(id: string, options: { now: boolean }): Promise<MembershipView> {
    const membership = await this.memberships.findById(id);
    if (!membership) throw new MembershipNotFoundError(id);
    if (!isLive(membership)) throw new MembershipStateError('MEMBERSHIP_ENDED', 'This membership has ended already.');
    if (options.now || membership.status === 'past_due') {
      // a gifted pass has no subscription at any provider
      if (!isGifted(membership)) await this.gateway.capabilities.cancellation?.cancelNow(membership.subscriptionId);
      await this.transactions.run(() => this.lifecycle.end(membership, 'an admin canceled it.'));
    } else if (!membership.cancelAtPeriodEnd) {
      await cancellationOf(this.gateway).setCancelAtPeriodEnd(membership.subscriptionId, true);
      await this.memberships.update(
        membership.id,
        { status: ['active'] },
        { cancelAtPeriodEnd: true, updatedAt: this.clock.now() },
      );
    }
    return this.views.priced((await this.memberships.findById(id)) as Membership);
  }

  /**
   * live members per tier, and monthly recurring revenue: what the next renewals will bill, each at its next
   * charge (less a coupon that covers that month), under the tier it renews as; a pass that will not renew (a gift,
   * one canceling, one past due) bills nothing
   */
  async summary(): Promise<{
    tiers: { tierId: string; name: string; members: number; monthlyCents: number }[];
    mrrCents: number;
    members: number;
  }> {
    const [counts, renewing] = await Promise.all([this.memberships.liveByTier(), this.memberships.renewing()]);
    const billed: Record<string, number> = {};
    for (const membership of renewing) {
      const next = (await this.views.priced(membership)).nextCharge;
      if (next) billed[next.tierId] = (billed[next.tierId] ?? 0) + next.amountCents;
    }
    const tiers = this.catalogue.list('whitelist').map((tier) => ({
      tierId: tier.id,
      name: tier.name,
      members: counts[tier.id] ?? 0,
      monthlyCents: billed[tier.id] ?? 0,
    }));
    return {
      tiers,
      mrrCents: tiers.reduce((sum, tier) => sum + tier.monthlyCents, 0),
      members: tiers.reduce((sum, tier) => sum + tier.members, 0),
    };
  }
}
