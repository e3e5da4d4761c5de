import type { Purchase } from '../../purchases/model/purchase.ts';
import type { MembershipDeps } from '../model/deps.ts';
import type { MembershipView } from '../model/membership-views.ts';
import { unpaidRenewal } from '../model/own-membership.ts';

export interface ShowMyMembershipDeps extends Pick<MembershipDeps, 'memberships' | 'purchases' | 'views'> {}

/** The player's live membership, or else the latest one (ended), or null; past due, with the renewal left unpaid. */
export class ShowMyMembership {
  constructor(private readonly deps: ShowMyMembershipDeps) {}

  async execute(userId: string): Promise<(MembershipView & { unpaidRenewal: Purchase | null }) | null> {
    const { memberships, purchases, views } = this.deps;
    const membership = (await memberships.findLive(userId)) ?? (await memberships.latestOf(userId));
    if (!membership) return null;
    return { ...(await views.priced(membership)), unpaidRenewal: await unpaidRenewal(purchases, membership) };
  }
}
