import type { Purchase } from '../../purchases/model/purchase.ts';
import { CURRENCY } from '../../purchases/model/purchase.ts';
import { DomainError } from '../../shared/errors.ts';
import { MembershipNotFoundError, MembershipStateError } from '../errors.ts';
import type { MembershipDeps } from '../model/deps.ts';
import type { MembershipView } from '../model/membership-views.ts';
import { liveMembership, notGifted, reloadedView, tierChangesOf, viewAfter } from '../model/own-membership.ts';
import { tierMove, upgradeCharge } from '../model/tier-move.ts';
import type { PaidInvoice } from '../ports.ts';

export type TierChange =
  | { kind: 'upgrade'; membership: MembershipView; purchase: Purchase }
  | { kind: 'downgrade'; membership: MembershipView }
  | { kind: 'unchanged'; membership: MembershipView };

export interface ChangeTierDeps
  extends Pick<
    MembershipDeps,
    'memberships' | 'purchases' | 'payments' | 'views' | 'gateway' | 'catalogue' | 'clock'
  > {}

/**
 * An upgrade is charged (prorated) and takes effect now; a downgrade waits for the renewal. `expectedChargeCents`:
 * what the player's dialog showed; an upgrade that would charge anything else is refused, naming the new amount.
 */
export class ChangeTier {
  constructor(private readonly deps: ChangeTierDeps) {}

  async execute(userId: string, tierId: string, expectedChargeCents?: number): Promise<TierChange> {
    const { deps } = this;
    const membership = notGifted(await liveMembership(deps.memberships, userId));
    const move = tierMove(deps.catalogue, membership, tierId);
    const { current, target: next } = move;
    const targetId = next.product.id;
    if (expectedChargeCents !== undefined) {
      const charge =
        move.kind === 'upgrade' ? await upgradeCharge(deps.payments, membership, current, next, deps.clock.now()) : 0;
      if (charge !== expectedChargeCents)
        throw new MembershipStateError(
          'CHARGE_CHANGED',
          `This change now charges $${(charge / 100).toFixed(2)}, not $${(expectedChargeCents / 100).toFixed(2)}. Nothing was charged; look again and confirm.`,
        );
    }
    if (move.kind === 'unchanged') {
      // keeping the current tier: the downgrade waiting for the renewal is dropped
      await tierChangesOf(deps.gateway).scheduleTier(membership.subscriptionId, membership.tierId);
      const moved = await deps.memberships.update(
        membership.id,
        { status: ['active'] },
        { pendingTierId: null, updatedAt: deps.clock.now() },
      );
      return { kind: 'unchanged', membership: await viewAfter(deps, moved, membership.id) };
    }
    if (move.kind === 'downgrade') {
      await tierChangesOf(deps.gateway).scheduleTier(membership.subscriptionId, targetId);
      const moved = await deps.memberships.update(
        membership.id,
        { status: ['active'], tierId: membership.tierId },
        { pendingTierId: targetId, updatedAt: deps.clock.now() },
      );
      return { kind: 'downgrade', membership: await viewAfter(deps, moved, membership.id) };
    }
    const now = deps.clock.now();
    const period = { start: membership.currentPeriodStart, end: membership.currentPeriodEnd };
    const tierChanges = tierChangesOf(deps.gateway);
    // the change is stored before the provider is asked: its invoice completes only a change the site started
    const started = await deps.payments.startUpgrade(
      membership,
      next,
      await upgradeCharge(deps.payments, membership, current, next, now),
    );
    if (started.status === 'underpaid')
      throw new MembershipStateError(
        'UPGRADE_HELD',
        `A payment for the upgrade to ${next.name} this month is held for staff. Nothing was charged; ask staff about it.`,
      );
    let invoice: PaidInvoice;
    try {
      invoice = await tierChanges.upgrade({
        subscriptionId: membership.subscriptionId,
        tierId: targetId,
        amountCents: started.priceCents,
        currency: CURRENCY,
        description: `Upgrade to ${next.name} Priority Pass`,
        metadata: { membershipId: membership.id, userId, tierId: targetId },
        // one upgrade charge per membership, month and tier, however often it is asked for
        idempotencyKey: `upgrade-${membership.subscriptionId}-${period.start.toISOString()}-${targetId}`,
        periodStart: period.start,
        periodEnd: period.end,
        paymentRef: membership.paymentRef,
      });
    } catch (error) {
      // a declined card leaves nothing behind; any other failure may have charged, and its invoice still completes it
      if (error instanceof DomainError && error.code === 'CARD_ERROR')
        await deps.purchases.discardUnstarted(started.id);
      throw error;
    }
    const purchase = await deps.payments.recordPaid({ ...invoice, periodStart: period.start, periodEnd: period.end });
    if (!purchase) throw new MembershipNotFoundError(membership.subscriptionId);
    if (purchase.status === 'underpaid')
      throw new MembershipStateError(
        'UPGRADE_HELD',
        `The payment provider's invoice for this upgrade does not match it, so it is held for staff. Your tier is unchanged.`,
      );
    return { kind: 'upgrade', membership: await reloadedView(deps, membership.id), purchase };
  }
}
