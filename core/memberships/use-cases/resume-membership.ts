import { MembershipStateError } from '../errors.ts';
import type { MembershipDeps } from '../model/deps.ts';
import type { MembershipView } from '../model/membership-views.ts';
import { liveMembership, notGifted, setCanceling } from '../model/own-membership.ts';

export interface ResumeMembershipDeps extends Pick<MembershipDeps, 'memberships' | 'views' | 'gateway' | 'clock'> {}

/** The player reverses a cancel before the period's end: the membership renews again. */
export class ResumeMembership {
  constructor(private readonly deps: ResumeMembershipDeps) {}

  async execute(userId: string): Promise<MembershipView> {
    const { deps } = this;
    const membership = notGifted(await liveMembership(deps.memberships, userId));
    if (!membership.cancelAtPeriodEnd) return deps.views.priced(membership);
    if (membership.currentPeriodEnd <= deps.clock.now())
      throw new MembershipStateError(
        'MEMBERSHIP_PERIOD_OVER',
        'This membership has reached its end and cannot be resumed.',
      );
    return setCanceling(deps, membership, false);
  }
}
