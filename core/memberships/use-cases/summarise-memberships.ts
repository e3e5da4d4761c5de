import type { MembershipDeps } from '../model/deps.ts';

export interface MembershipSummary {
  tiers: { tierId: string; name: string; members: number; monthlyCents: number }[];
  mrrCents: number;
  members: number;
}

export interface SummariseMembershipsDeps extends Pick<MembershipDeps, 'memberships' | 'views' | 'catalogue'> {}

/**
 * The dashboard's figures: live members per tier, and monthly recurring revenue: what the next renewals will bill,
 * each at its next charge (less a coupon that covers that month), under the tier it renews as; a pass that will not
 * renew (a gift, one canceling, one past due) bills nothing.
 */
export class SummariseMemberships {
  constructor(private readonly deps: SummariseMembershipsDeps) {}

  async execute(): Promise<MembershipSummary> {
    const { memberships, views, catalogue } = this.deps;
    const [counts, renewing] = await Promise.all([memberships.liveByTier(), memberships.renewing()]);
    const billed: Record<string, number> = {};
    for (const membership of renewing) {
      const next = (await views.priced(membership)).nextCharge;
      if (next) billed[next.tierId] = (billed[next.tierId] ?? 0) + next.amountCents;
    }
    const tiers = catalogue.list('whitelist').map((tier) => ({
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
