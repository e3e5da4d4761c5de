import type { MembershipDeps } from '../model/deps.ts';
import { liveMembership, notGifted } from '../model/own-membership.ts';
import { tierMove, upgradeCharge } from '../model/tier-move.ts';

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

export interface PreviewMembershipChangeDeps
  extends Pick<MembershipDeps, 'memberships' | 'catalogue' | 'payments' | 'views' | 'clock'> {}

/** What cancel, resume or a change of tier would do now, charged amounts and dates included; changes nothing. */
export class PreviewMembershipChange {
  constructor(private readonly deps: PreviewMembershipChangeDeps) {}

  async execute(
    userId: string,
    request: { action: 'cancel' } | { action: 'resume' } | { action: 'change-tier'; tierId: string },
  ): Promise<MembershipPreview> {
    const { catalogue, payments, views } = this.deps;
    const live = await liveMembership(this.deps.memberships, userId);
    const membership = request.action === 'cancel' ? live : notGifted(live);
    const now = this.deps.clock.now();
    if (request.action === 'cancel') {
      if (membership.status === 'past_due')
        return { action: 'cancel', endsNow: true, benefitsUntil: now, canResume: false };
      return { action: 'cancel', endsNow: false, benefitsUntil: membership.currentPeriodEnd, canResume: true };
    }
    if (request.action === 'resume') {
      const next = catalogue.price(membership.pendingTierId ?? membership.tierId, 'whitelist');
      return {
        action: 'resume',
        nextCharge: {
          at: membership.currentPeriodEnd,
          amountCents: await views.nextMonthCents(membership, next),
          tierName: next.name,
        },
      };
    }
    const { kind, target, current } = tierMove(catalogue, membership, request.tierId);
    const renewal = catalogue.price(
      kind === 'upgrade' || kind === 'downgrade' ? target.product.id : membership.tierId,
      'whitelist',
    );
    const [thisMonth, nextMonth] = await Promise.all([
      payments.monthPrice(membership, target, membership.currentPeriodStart),
      payments.monthPrice(membership, renewal, membership.currentPeriodEnd),
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
      chargeNowCents: kind === 'upgrade' ? await upgradeCharge(payments, membership, current, target, now) : 0,
      tokensNow: kind === 'upgrade' ? Math.max(0, target.tokens - current.tokens) : 0,
      startsAt: kind === 'upgrade' ? now : membership.currentPeriodEnd,
      nextCharge: {
        at: membership.currentPeriodEnd,
        amountCents: nextMonth.priceCents,
        tierName: renewal.name,
      },
    };
  }
}
