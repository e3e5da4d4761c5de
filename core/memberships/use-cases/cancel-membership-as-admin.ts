import { MembershipNotFoundError, MembershipStateError } from '../errors.ts';
import type { MembershipDeps } from '../model/deps.ts';
import { isGifted, isLive, type Membership } from '../model/membership.ts';
import type { MembershipView } from '../model/membership-views.ts';
import { cancellationOf } from '../model/own-membership.ts';

export interface CancelMembershipAsAdminDeps
  extends Pick<MembershipDeps, 'memberships' | 'views' | 'gateway' | 'lifecycle' | 'transactions' | 'clock'> {}

/** The admin's and the CLI's cancel of any membership: at the period's end, or now (and always now when past due). */
export class CancelMembershipAsAdmin {
  constructor(private readonly deps: CancelMembershipAsAdminDeps) {}

  /** `reason` ends the sentence the pass's history keeps: 'an admin canceled it.' unless another is given */
  async execute(id: string, options: { now: boolean; reason?: string }): Promise<MembershipView> {
    const { deps } = this;
    const membership = await deps.memberships.findById(id);
    if (!membership) throw new MembershipNotFoundError(id);
    if (!isLive(membership)) throw new MembershipStateError('MEMBERSHIP_ENDED', 'This membership has ended already.');
    if (options.now || membership.status === 'past_due') {
      // a gifted pass has no subscription at any provider
      if (!isGifted(membership)) await deps.gateway.capabilities.cancellation?.cancelNow(membership.subscriptionId);
      await deps.transactions.run(() => deps.lifecycle.end(membership, options.reason ?? 'an admin canceled it.'));
    } else if (!membership.cancelAtPeriodEnd) {
      await cancellationOf(deps.gateway).setCancelAtPeriodEnd(membership.subscriptionId, true);
      await deps.memberships.update(
        membership.id,
        { status: ['active'] },
        { cancelAtPeriodEnd: true, updatedAt: deps.clock.now() },
      );
    }
    return deps.views.priced((await deps.memberships.findById(id)) as Membership);
  }
}
