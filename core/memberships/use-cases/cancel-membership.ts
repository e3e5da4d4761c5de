import type { MembershipDeps } from '../model/deps.ts';
import type { MembershipView } from '../model/membership-views.ts';
import { liveMembership, reloadedView, setCanceling } from '../model/own-membership.ts';

export interface CancelMembershipDeps
  extends Pick<MembershipDeps, 'memberships' | 'views' | 'gateway' | 'lifecycle' | 'transactions' | 'clock'> {}

/** The player cancels their membership: at the period's end, or at once when past due. */
export class CancelMembership {
  constructor(private readonly deps: CancelMembershipDeps) {}

  async execute(userId: string): Promise<MembershipView> {
    const { deps } = this;
    const membership = await liveMembership(deps.memberships, userId);
    if (membership.status === 'past_due') {
      // nothing was paid for the month after the failed renewal: it ends now, and no retry charges the card (a
      // provider the site cannot cancel at ends it there itself)
      await deps.gateway.capabilities.cancellation?.cancelNow(membership.subscriptionId);
      await deps.transactions.run(() => deps.lifecycle.end(membership, 'it was canceled after a failed renewal.'));
      return reloadedView(deps, membership.id);
    }
    if (membership.cancelAtPeriodEnd) return deps.views.priced(membership);
    return setCanceling(deps, membership, true);
  }
}
