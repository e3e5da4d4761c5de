import type { Catalogue } from '../../catalogue/model/catalogue.ts';
import type { PricedItem } from '../../catalogue/model/product.ts';
import { InvalidInputError } from '../../shared/errors.ts';
import { MembershipStateError } from '../errors.ts';
import { prorate, type Membership } from './membership.ts';
import type { MembershipPayments } from './membership-payments.ts';

/** which way a change of tier goes: up (charged now), down (at the renewal), or back to the tier held */
export interface TierMove {
  kind: 'upgrade' | 'downgrade' | 'unchanged';
  target: PricedItem;
  current: PricedItem;
}

/** which way a change to `tierId` goes; refused for an unknown tier, a past-due membership, or the tier held */
export function tierMove(catalogue: Catalogue, membership: Membership, tierId: string): TierMove {
  const target = catalogue.list('whitelist').find((tier) => tier.id === tierId);
  if (!target)
    throw new InvalidInputError('TIER_NOT_FOUND', `There is no Priority Pass tier '${tierId}'.`, [
      { path: 'tierId', message: 'Choose one of the five tiers.' },
    ]);
  if (membership.status !== 'active')
    throw new MembershipStateError(
      'MEMBERSHIP_PAST_DUE',
      'Your last renewal did not go through. Pay it with a working card before changing tier.',
    );
  const current = catalogue.price(membership.tierId, 'whitelist');
  const next = catalogue.price(target.id, 'whitelist');
  if (target.id === membership.tierId) {
    if (!membership.pendingTierId)
      throw new MembershipStateError('SAME_TIER', `You already hold the ${current.name} Priority Pass.`);
    return { kind: 'unchanged', target: next, current };
  }
  return { kind: next.priceCents < current.priceCents ? 'downgrade' : 'upgrade', target: next, current };
}

/**
 * An upgrade's charge: what this month costs on the new tier less what it costs on the held one, both less the
 * coupon where it covers this month (its fixed amount, so mostly the tiers' difference), for the hours left.
 */
export async function upgradeCharge(
  payments: Pick<MembershipPayments, 'monthPrice'>,
  membership: Membership,
  from: PricedItem,
  to: PricedItem,
  now: Date,
): Promise<number> {
  const month = membership.currentPeriodStart;
  const [held, next] = await Promise.all([
    payments.monthPrice(membership, from, month),
    payments.monthPrice(membership, to, month),
  ]);
  return prorate(
    next.priceCents - held.priceCents,
    { start: membership.currentPeriodStart, end: membership.currentPeriodEnd },
    now,
  );
}
