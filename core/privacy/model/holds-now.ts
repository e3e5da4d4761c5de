import type { Membership } from '../../memberships/model/membership.ts';
import type { PrivacyDeps } from './deps.ts';
import { type ErasureHold, erasureHolds } from './erasure-holds.ts';
import { purchasesOf } from './purchases-of.ts';

/** What holds the account's erasure now, read from its purchases and its live pass (`live`, read by the caller). */
export async function holdsNow(
  deps: Pick<PrivacyDeps, 'purchases' | 'memberships' | 'clock'>,
  userId: string,
  live: Membership | null,
): Promise<ErasureHold[]> {
  return erasureHolds(userId, await purchasesOf(deps.purchases, userId), deps.clock.now(), {
    membership: live,
    cancelsAtProvider: deps.memberships.cancelsAtProvider,
  });
}
