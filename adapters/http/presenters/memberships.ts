import type { MembershipView } from '../../../core/memberships/model/membership-views.ts';
import type { Purchase } from '../../../core/purchases/model/purchase.ts';
import { centsToDollars } from '../../../core/shared/money.ts';
import type { MembershipDto } from '../contract/memberships.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentMembership(view: MembershipView, unpaidRenewal: Purchase | null = null): MembershipDto {
  const { membership } = view;
  return {
    id: membership.id,
    tierId: membership.tierId,
    tierName: view.tierName,
    status: membership.status,
    cancelAtPeriodEnd: membership.cancelAtPeriodEnd,
    amount: centsToDollars(view.priceCents),
    tokensPerMonth: view.tokensPerMonth,
    currentPeriodStart: membership.currentPeriodStart.toISOString(),
    currentPeriodEnd: membership.currentPeriodEnd.toISOString(),
    graceUntil: iso(membership.graceUntil),
    pendingTierId: membership.pendingTierId,
    pendingTierName: view.pendingTierName,
    nextCharge: view.nextCharge
      ? {
          date: view.nextCharge.at.toISOString(),
          amount: centsToDollars(view.nextCharge.amountCents),
          tierId: view.nextCharge.tierId,
          tierName: view.nextCharge.tierName,
        }
      : null,
    benefitsUntil: iso(view.benefitsUntil),
    gifted: view.gifted,
    gift: view.gift,
    startedAt: membership.startedAt.toISOString(),
    endedAt: iso(membership.endedAt),
    endReason: membership.endReason,
    unpaidRenewalId: unpaidRenewal?.id ?? null,
    billedBy: membership.gateway,
  };
}
