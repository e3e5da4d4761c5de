import type { Catalogue } from '../../catalogue/model/catalogue.ts';
import type { PaymentGatewayName, Purchase } from '../../purchases/model/purchase.ts';
import type { CompletionHooks } from '../../purchases/model/purchase-settlement.ts';
import type { PurchaseRepository } from '../../purchases/ports.ts';
import type { Clock, IdGenerator } from '../../shared/ports.ts';
import { giftSubscriptionId } from '../../purchases/model/gift.ts';
import { addMonths, billingDay, GRACE_DAYS, isLive, type Membership, type MonthReversalEffect } from './membership.ts';
import type { MembershipEffects } from '../effects.ts';
import type { MembershipChanges, MembershipExpectation, MembershipRepository, MembershipUpdate } from '../ports.ts';

/** A paid month's purchase as it now stands, and its membership as the month left it (null: not known). */
export interface CompletedMonth {
  purchase: Purchase;
  membership: Membership | null;
}

/** what reversing a month does to its membership */
export interface MonthReversal {
  membership: Membership;
  effect: MonthReversalEffect;
}

export interface MembershipLifecycleDeps {
  memberships: MembershipRepository;
  purchases: PurchaseRepository;
  catalogue: Catalogue;
  effects: MembershipEffects;
  ids: IdGenerator;
  clock: Clock;
  /** the subscriptions' provider, which a new membership is billed by */
  gateway: PaymentGatewayName;
}

/**
 * What a paid month does to its membership, inside the transaction that completed the purchase: the first
 * month starts it, a renewal moves it to the month paid for (and to a downgraded tier), an upgrade changes the
 * tier. Also how a membership falls past due and ends. Every change is a compare-and-set, so a repeat changes nothing.
 */
export class MembershipLifecycle implements CompletionHooks {
  constructor(private readonly deps: MembershipLifecycleDeps) {}

  async completed(purchase: Purchase, at: Date): Promise<Purchase> {
    return (await this.completedFrom(purchase, at, null)).purchase;
  }

  /**
   * `completed`, starting from `known`, the membership as the caller last had it: the change expects it as known,
   * and its row is read first only when there is no known state, or it has moved on since. Answers the membership
   * as the month left it too (null: not known, as for a first month).
   */
  async completedFrom(purchase: Purchase, at: Date, known: Membership | null): Promise<CompletedMonth> {
    const billing = purchase.billing;
    if (!billing?.subscriptionId) return { purchase, membership: null };
    if (billing.reason === 'start')
      return { purchase: await this.start(purchase, billing.subscriptionId, at), membership: null };
    const fromKnown = known?.subscriptionId === billing.subscriptionId ? this.changeOf(purchase, known) : null;
    if (known && fromKnown) {
      // whatever the change was worked out from must still hold, so it is the change a read now would give
      const expected = {
        status: [known.status],
        tierId: known.tierId,
        currentPeriodEnd: known.currentPeriodEnd,
        pendingTierId: known.pendingTierId,
      };
      const moved = await this.apply(purchase, known.id, expected, fromKnown.changes);
      if (moved) return { purchase, membership: moved.membership };
    }
    const membership = await this.deps.memberships.findBySubscription(billing.subscriptionId);
    if (!membership) return { purchase, membership: null };
    const change = this.changeOf(purchase, membership);
    if (!change) return { purchase, membership };
    const moved = await this.apply(purchase, membership.id, change.expected, change.changes);
    return { purchase, membership: moved?.membership ?? null };
  }

  /**
   * What the paid month changes on the membership as it stands: a renewal moves it to the month paid for (and to
   * a downgraded tier), an upgrade changes the tier; null when it changes nothing
   */
  private changeOf(
    purchase: Purchase,
    membership: Membership,
  ): { expected: MembershipExpectation; changes: MembershipChanges } | null {
    const billing = purchase.billing;
    if (!billing || membership.status === 'ended') return null;
    if (billing.reason === 'renewal' && billing.periodStart && billing.periodEnd) {
      if (billing.periodEnd <= membership.currentPeriodEnd && membership.status === 'active') return null;
      return {
        expected: { status: ['active', 'past_due'] },
        changes: {
          status: 'active',
          tierId: purchase.productId,
          pendingTierId: membership.pendingTierId === purchase.productId ? null : membership.pendingTierId,
          currentPeriodStart: billing.periodStart,
          currentPeriodEnd:
            // biome-ignore lint/complexity/useMathMinMax: the operands are Dates, and Math.max would return a number
            billing.periodEnd > membership.currentPeriodEnd ? billing.periodEnd : membership.currentPeriodEnd,
          graceUntil: null,
          // a card that paid after a decline is the one later renewals are charged to
          ...(this.deps.gateway === 'demo' && purchase.paymentIntentId ? { paymentRef: purchase.paymentIntentId } : {}),
          updatedAt: this.deps.clock.now(),
        },
      };
    }
    if (billing.reason === 'upgrade' && membership.tierId !== purchase.productId)
      return {
        expected: { status: ['active', 'past_due'], tierId: membership.tierId },
        changes: { tierId: purchase.productId, pendingTierId: null, updatedAt: this.deps.clock.now() },
      };
    return null;
  }

  /** the month's change, when the membership is as expected; the role of a tier it moved off goes */
  private async apply(
    purchase: Purchase,
    id: string,
    expected: MembershipExpectation,
    changes: MembershipChanges,
  ): Promise<MembershipUpdate | null> {
    const moved = await this.deps.memberships.update(id, expected, changes);
    if (moved && moved.previous.tierId !== purchase.productId)
      await this.deps.effects.tierLeft(moved.previous, moved.previous.tierId);
    return moved;
  }

  /**
   * A refunded or disputed month that is still being served ends its membership now: its benefits were paid
   * back, so they stop, and nothing more is charged. An older month's refund only removes its tokens.
   */
  async reversed(purchase: Purchase, at: Date): Promise<void> {
    const found = await this.onReversal(purchase, at);
    if (found?.effect === 'ends') await this.end(found.membership, 'its payment was refunded.', purchase.id);
  }

  /**
   * What reversing this month at `at` does to its membership: `ends` it (the month being served, of a live
   * membership), `goes_on` (a month served already), or finds it `ended` already; null for no membership's month.
   */
  async onReversal(purchase: Purchase, at: Date): Promise<MonthReversal | null> {
    const billing = purchase.billing;
    if (purchase.gift?.months) {
      // a gifted pass is paid back whole: it ends, however much of it has run
      const gifted = await this.deps.memberships.findBySubscription(giftSubscriptionId(purchase.id));
      if (!gifted) return null;
      return { membership: gifted, effect: isLive(gifted) ? 'ends' : 'ended' };
    }
    const membership = billing?.membershipId ? await this.deps.memberships.findById(billing.membershipId) : null;
    if (!membership) return null;
    if (!isLive(membership)) return { membership, effect: 'ended' };
    return { membership, effect: billing?.periodEnd && billing.periodEnd > at ? 'ends' : 'goes_on' };
  }

  /**
   * A gifted pass reaches its recipient: it starts now and runs its months, canceled from the start so it never
   * renews. A recipient who holds a live pass by then keeps theirs; the staff channel is told, to settle it.
   */
  async giftDelivered(purchase: Purchase, at: Date): Promise<void> {
    const gift = purchase.gift;
    if (!gift?.months || !gift.userId) return;
    const subscriptionId = giftSubscriptionId(purchase.id);
    const { added, membership } = await this.deps.memberships.add(
      this.opened(
        {
          userId: gift.userId,
          tierId: purchase.productId,
          cancelAtPeriodEnd: true,
          gateway: purchase.gateway ?? this.deps.gateway,
          subscriptionId,
          paymentRef: null,
        },
        { start: at, end: addMonths(at, gift.months) },
      ),
    );
    if (!added && membership.subscriptionId !== subscriptionId)
      await this.deps.effects.giftPassBlocked(purchase, membership);
  }

  /** a membership that starts now, active for its first period */
  private opened(
    fields: Pick<Membership, 'userId' | 'tierId' | 'cancelAtPeriodEnd' | 'gateway' | 'subscriptionId' | 'paymentRef'>,
    period: { start: Date; end: Date },
  ): Membership {
    const at = period.start;
    return {
      id: this.deps.ids.next(),
      ...fields,
      status: 'active',
      pendingTierId: null,
      anchor: at,
      currentPeriodStart: at,
      currentPeriodEnd: period.end,
      graceUntil: null,
      startedAt: at,
      endedAt: null,
      endReason: null,
      createdAt: at,
      updatedAt: at,
    };
  }

  private async start(purchase: Purchase, subscriptionId: string, at: Date): Promise<Purchase> {
    const period = { start: at, end: addMonths(at, 1) };
    const { added, membership } = await this.deps.memberships.add(
      this.opened(
        {
          userId: purchase.userId,
          tierId: purchase.productId,
          cancelAtPeriodEnd: false,
          gateway: this.deps.gateway,
          subscriptionId,
          paymentRef: this.deps.gateway === 'demo' ? purchase.paymentIntentId : null,
        },
        period,
      ),
    );
    // a second first month paid while another membership holds (two checkouts paid at once): the month is
    // left as paid, tied to nothing, and never renews
    if (!added && membership.subscriptionId !== subscriptionId) return purchase;
    const month = {
      start: added ? period.start : membership.currentPeriodStart,
      end: added ? period.end : membership.currentPeriodEnd,
    };
    await this.deps.purchases.linkMembership(purchase.id, membership.id, month);
    const billing = purchase.billing && {
      ...purchase.billing,
      membershipId: membership.id,
      periodStart: month.start,
      periodEnd: month.end,
    };
    return { ...purchase, billing };
  }

  /**
   * active -> past due, with GRACE_DAYS of benefits counted from `graceFrom` (the missed renewal's date), the
   * player told; answers the membership as it now stands, or null when it had moved on
   */
  async pastDue(membership: Membership, graceFrom: Date, reason: string): Promise<Membership | null> {
    const graceUntil = new Date(graceFrom.getTime() + GRACE_DAYS * 86_400_000);
    const moved = await this.deps.memberships.update(
      membership.id,
      { status: ['active'], currentPeriodEnd: membership.currentPeriodEnd },
      { status: 'past_due', graceUntil, updatedAt: this.deps.clock.now() },
    );
    if (!moved) return null;
    const tier = tierName(this.deps.catalogue, membership.tierId);
    await this.deps.effects.renewalFailed(
      { ...membership, status: 'past_due', graceUntil },
      `Your ${tier} Priority Pass renewal did not go through (${reason}). Update your card on your account page by ${billingDay(graceUntil)} to keep your benefits.`,
    );
    return moved.membership;
  }

  /**
   * live -> ended: the role goes, the player is told; answers false when it had ended already. `purchaseId`: the
   * refunded purchase that ended it, whose role removal this is. `at`: when its benefits ended (the paid month's
   * end, the grace's end), when that is not now.
   */
  async end(membership: Membership, reason: string, purchaseId?: string, at?: Date): Promise<boolean> {
    const now = this.deps.clock.now();
    const moved = await this.deps.memberships.update(
      membership.id,
      { status: ['active', 'past_due'] },
      { status: 'ended', endedAt: at ?? now, endReason: reason, graceUntil: null, updatedAt: now },
    );
    const before = moved?.previous;
    if (!before || !isLive(before)) return false;
    const tier = tierName(this.deps.catalogue, before.tierId);
    await this.deps.effects.ended(before, `Your ${tier} Priority Pass has ended: ${reason}`, purchaseId);
    return true;
  }
}

/** a tier's name, or its id when the catalogue no longer sells it */
export function tierName(catalogue: Catalogue, tierId: string): string {
  return catalogue.list('whitelist').find((tier) => tier.id === tierId)?.name ?? tierId;
}
