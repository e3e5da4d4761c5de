import type { Catalogue } from '../../catalogue/model/catalogue.ts';
import type { PricedItem } from '../../catalogue/model/product.ts';
import { giftPriced } from '../../purchases/model/gift.ts';
import { tierName } from './lifecycle.ts';
import { addMonths, isGifted, type Membership } from './membership.ts';
import type { MembershipPayments } from './membership-payments.ts';

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
