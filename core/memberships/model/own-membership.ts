import type { Purchase } from '../../purchases/model/purchase.ts';
import type { PurchaseRepository } from '../../purchases/ports.ts';
import { ManagedAtProviderError, MembershipNotFoundError, MembershipStateError, NoMembershipError } from '../errors.ts';
import type {
  MembershipRepository,
  MembershipUpdate,
  SubscriptionCancellation,
  SubscriptionGateway,
  SubscriptionTierChanges,
} from '../ports.ts';
import type { MembershipDeps } from './deps.ts';
import { isGifted, isLive, type Membership } from './membership.ts';
import type { MembershipView } from './membership-views.ts';

/** the player's live membership; refused when they hold none */
export async function liveMembership(memberships: MembershipRepository, userId: string): Promise<Membership> {
  const membership = await memberships.findLive(userId);
  if (!membership || !isLive(membership)) throw new NoMembershipError();
  return membership;
}

/** past due: the failed renewal's purchase, left unpaid; null otherwise */
export async function unpaidRenewal(purchases: PurchaseRepository, membership: Membership): Promise<Purchase | null> {
  if (membership.status !== 'past_due') return null;
  const months = await purchases.ofMembership(membership.id);
  return months.find((month) => month.billing?.reason === 'renewal' && month.status === 'failed') ?? null;
}

/** a gifted pass is neither resumed nor changed: it runs its months and ends */
export function notGifted(membership: Membership): Membership {
  if (isGifted(membership))
    throw new MembershipStateError(
      'MEMBERSHIP_GIFTED',
      'This Priority Pass was a gift: it runs its months and ends, and cannot be renewed or changed. Buy your own pass after it ends.',
    );
  return membership;
}

/** the gateway's cancellation; refused where the buyer cancels at the provider */
export function cancellationOf(gateway: SubscriptionGateway): SubscriptionCancellation {
  const { cancellation } = gateway.capabilities;
  if (!cancellation) throw new ManagedAtProviderError(gateway.mode);
  return cancellation;
}

/** the gateway's tier changes; refused where the buyer changes tier at the provider */
export function tierChangesOf(gateway: SubscriptionGateway): SubscriptionTierChanges {
  const { tierChanges } = gateway.capabilities;
  if (!tierChanges) throw new ManagedAtProviderError(gateway.mode);
  return tierChanges;
}

/** the membership read again, as its view */
export async function reloadedView(
  deps: Pick<MembershipDeps, 'memberships' | 'views'>,
  id: string,
): Promise<MembershipView> {
  const membership = await deps.memberships.findById(id);
  if (!membership) throw new MembershipNotFoundError(id);
  return deps.views.priced(membership);
}

/** the membership as the change answered it; read again only when the change did not hold */
export async function viewAfter(
  deps: Pick<MembershipDeps, 'memberships' | 'views'>,
  moved: MembershipUpdate | null,
  id: string,
): Promise<MembershipView> {
  return moved ? deps.views.priced(moved.membership) : reloadedView(deps, id);
}

/** cancel at the period's end, or resume: the provider first, so a provider that refuses leaves the membership as it was */
export async function setCanceling(
  deps: Pick<MembershipDeps, 'memberships' | 'views' | 'gateway' | 'clock'>,
  membership: Membership,
  cancel: boolean,
): Promise<MembershipView> {
  await cancellationOf(deps.gateway).setCancelAtPeriodEnd(membership.subscriptionId, cancel);
  const moved = await deps.memberships.update(
    membership.id,
    { status: ['active'] },
    { cancelAtPeriodEnd: cancel, updatedAt: deps.clock.now() },
  );
  return viewAfter(deps, moved, membership.id);
}
