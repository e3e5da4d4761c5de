import type { MembershipEffects } from '../../memberships/effects.ts';
import type { Membership } from '../../memberships/model/membership.ts';
import type { PurchaseEffects } from '../../purchases/effects.ts';
import { beneficiaryOf } from '../../purchases/model/gift.ts';
import type { Purchase } from '../../purchases/model/purchase.ts';
import type { Clock, IdGenerator } from '../../shared/ports.ts';
import type { Grant, GrantAction, GrantEvent } from './grant.ts';
import { type GrantPlan, type GrantStep, writeCommand } from './grant-plan.ts';
import type { GrantAlerts, GrantHolders, GrantQueue } from '../ports.ts';

/** What a purchase's and a membership's changes mean in the game: the grants each writes. */
export type GrantEffects = Pick<PurchaseEffects, 'purchaseCompleted' | 'giftDelivered' | 'purchaseReversed'> &
  Pick<MembershipEffects, 'tierLeft' | 'ended'>;

export interface QueuedGrantEffectsDeps {
  queue: GrantQueue;
  plan: GrantPlan;
  holders: GrantHolders;
  alerts: GrantAlerts;
  ids: IdGenerator;
  clock: Clock;
}

interface Cause {
  item: { productId: string; optionId: string | null };
  action: GrantAction;
  userId: string | null;
  /** read only when the item has steps for the action: a purchase with none reads nothing more */
  discordId: () => Promise<string | null>;
  purchaseId: string | null;
  membershipId: string | null;
  /** the cause's own key: with the step's number, each grant's dedupeKey */
  key: string;
  /** a refund's or a dispute's steps wait for the purchase's grants still out */
  held?: boolean;
}

/** Writes the grants. Every call runs inside the caller's transaction, so a grant exists exactly when its cause does. */
export class QueuedGrantEffects implements GrantEffects {
  constructor(private readonly deps: QueuedGrantEffectsDeps) {}

  async purchaseCompleted(purchase: Purchase): Promise<void> {
    // a gift waiting for its recipient's account gives nothing in the game until it is delivered
    if (purchase.gift && !purchase.gift.deliveredAt) return;
    await this.giving(purchase, purchase.billing?.reason === 'renewal' ? 'renewal' : 'purchase');
  }

  async giftDelivered(purchase: Purchase): Promise<void> {
    await this.giving(purchase, 'purchase');
  }

  private async giving(purchase: Purchase, action: GrantAction): Promise<void> {
    const userId = beneficiaryOf(purchase);
    await this.write({
      item: purchase,
      action,
      userId,
      discordId: async () => purchase.gift?.discordId ?? (userId ? this.deps.holders.discordIdOf(userId) : null),
      purchaseId: purchase.id,
      membershipId: purchase.billing?.membershipId ?? null,
      key: `${action}:purchase:${purchase.id}`,
    });
  }

  /**
   * Grants not offered yet are cancelled; the reversal's steps are written when any grant ran, or may have (one out
   * with a game server): those wait, held, until every grant out is reported.
   */
  async purchaseReversed(purchase: Purchase, was: Purchase['status'], how: 'refunded' | 'disputed'): Promise<void> {
    // no grants were ever written without a plan
    if (was !== 'completed' || this.deps.plan.empty) return;
    const { queue, clock } = this.deps;
    const now = clock.now();
    const action: GrantAction = how === 'refunded' ? 'refund' : 'dispute';
    const giving = await queue.givingGrantsOf(purchase.id);
    for (const grant of giving.filter((g) => g.status === 'queued' || g.status === 'held')) {
      await queue.change({
        id: grant.id,
        from: ['queued', 'held'],
        to: 'cancelled',
        event: { kind: 'cancelled', at: now, server: null, message: `The purchase was ${how}.`, actor: null },
      });
    }
    const out = giving.some((g) => g.status === 'offered');
    const gave = giving.some((g) => g.status === 'ran' || g.status === 'done_by_hand');
    if ((!out && !gave) || this.deps.plan.stepsFor(purchase, action).length === 0) return;
    const userId = beneficiaryOf(purchase);
    // the player the purchase's grants went to
    const [holder] = giving;
    // what was given (or may have been) says it is being reversed, on its own timeline
    await queue.add(
      [],
      giving
        .filter((g) => g.status === 'ran' || g.status === 'done_by_hand' || g.status === 'offered')
        .map((g) => ({
          grantId: g.id,
          kind: 'reversed' as const,
          at: now,
          server: null,
          message: `The purchase was ${how}: its ${action} steps run${out ? ' once every grant out is reported' : ''}.`,
          actor: null,
        })),
    );
    await this.write({
      item: purchase,
      action,
      userId,
      discordId: async () => holder?.discordId ?? (userId ? this.deps.holders.discordIdOf(userId) : null),
      purchaseId: purchase.id,
      membershipId: purchase.billing?.membershipId ?? null,
      key: `${action}:purchase:${purchase.id}`,
      held: out,
    });
  }

  async tierLeft(membership: Membership, tierId: string): Promise<void> {
    await this.expiry(membership, tierId, `${membership.id}:${tierId}:${membership.updatedAt.toISOString()}`);
  }

  async ended(membership: Membership, _message: string, purchaseId?: string): Promise<void> {
    // ended by a refund: the refund's own steps take it back
    if (purchaseId) return;
    await this.expiry(membership, membership.tierId, membership.id);
  }

  private async expiry(membership: Membership, tierId: string, key: string): Promise<void> {
    await this.write({
      item: { productId: tierId, optionId: null },
      action: 'expiry',
      userId: membership.userId,
      discordId: () => this.deps.holders.discordIdOf(membership.userId),
      purchaseId: null,
      membershipId: membership.id,
      key: `expiry:membership:${key}`,
    });
  }

  private async write(cause: Cause): Promise<void> {
    const steps = this.deps.plan.stepsFor(cause.item, cause.action);
    if (steps.length === 0) return;
    const discordId = await cause.discordId();
    if (!discordId) return;
    const now = this.deps.clock.now();
    const grants = steps.map((step, index) => this.grantOf(cause, discordId, step, index, now));
    const events: GrantEvent[] = grants.map((grant) => ({
      grantId: grant.id,
      kind: grant.status === 'failed' ? 'failed' : 'queued',
      at: now,
      server: null,
      message: grant.status === 'failed' ? grant.result : null,
      actor: null,
    }));
    await this.deps.queue.add(grants, events);
    for (const grant of grants)
      if (grant.status === 'failed') await this.deps.alerts.grantFailed(grant, grant.result ?? '');
  }

  private grantOf(cause: Cause, discordId: string, step: GrantStep, index: number, now: Date): Grant {
    const id = this.deps.ids.next();
    const written =
      step.kind === 'command'
        ? writeCommand(step.text, {
            discordId,
            grantId: id,
            purchaseId: cause.purchaseId ?? '',
            product: cause.item.productId,
            option: cause.item.optionId ?? '',
            quantity: '1',
            action: cause.action,
          })
        : null;
    const refused = written && 'refused' in written ? written.refused : null;
    return {
      id,
      purchaseId: cause.purchaseId,
      membershipId: cause.membershipId,
      userId: cause.userId,
      discordId,
      productId: cause.item.productId,
      optionId: cause.item.optionId,
      action: cause.action,
      kind: step.kind,
      command: written && 'command' in written ? written.command : null,
      event: step.kind === 'event' ? step.text : null,
      needsOnline: step.online,
      status: refused ? 'failed' : cause.held ? 'held' : 'queued',
      resendOf: null,
      dedupeKey: `${cause.key}:${index + 1}`,
      offers: 0,
      leaseUntil: null,
      server: null,
      ranAt: null,
      result: refused,
      createdAt: now,
      updatedAt: now,
    };
  }
}
