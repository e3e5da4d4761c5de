import type { PricedItem } from '../../catalogue/model/product.ts';
import { renewalDiscount } from '../../purchases/model/discount.ts';
import { CURRENCY, type BillingReason, type Purchase, type PurchaseDiscount } from '../../purchases/model/purchase.ts';
import type { CompletedHook } from '../../purchases/model/purchase-settlement.ts';
import { formatUsd } from '../../shared/money.ts';
import type { PaidInvoice } from '../ports.ts';
import type { MembershipDeps } from './deps.ts';
import { tierName } from './lifecycle.ts';
import { periodEndAfter, upgradeFloor, type Membership } from './membership.ts';

export interface MembershipPaymentsDeps
  extends Pick<
    MembershipDeps,
    'memberships' | 'purchases' | 'settlement' | 'lifecycle' | 'catalogue' | 'ids' | 'clock'
  > {}

/**
 * A membership's month (or upgrade) as a purchase: stored once per subscription, reason, month and tier, then
 * completed once. Whoever reports it (the scheduler, a webhook, the provider's API, twenty at once) ends with
 * one purchase and one grant.
 */
export class MembershipPayments {
  constructor(private readonly d: MembershipPaymentsDeps) {}

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

/** a coupon's months are counted this far at most (ten years) */
const MAX_MONTHS_COUNTED = 120;
const DAY_MS = 86_400_000;

/** why a membership ends when its provider reports the subscription gone */
export const CANCELED_AT_PROVIDER = 'the subscription was canceled at the payment provider.';
