import type { Application, ApplicationKind } from '../../applications/model/application.ts';
import type { MembershipEffects } from '../../memberships/effects.ts';
import type { Membership } from '../../memberships/model/membership.ts';
import { beneficiaryOf } from '../../purchases/model/gift.ts';
import type { Purchase } from '../../purchases/model/purchase.ts';
import type { Clock, IdGenerator } from '../../shared/ports.ts';
import type { Delivery, DeliveryKind } from './delivery.ts';
import type { DeliveryEffects, RoleAfterReversal } from '../effects.ts';
import { type FailedGrant, messages } from './messages.ts';
import type { DeliveryOutbox, DiscordCapabilities, Entitlements, EntitlementExclusion } from '../ports.ts';
import type { RoleMapping } from './role-mapping.ts';

type Draft = Pick<Delivery, 'kind' | 'dedupeKey'> &
  Partial<Pick<Delivery, 'userId' | 'discordId' | 'roleId' | 'content' | 'purchaseId' | 'applicationId'>> & {
    /** for a role change: why there is no role when `roleId` is null */
    noRole?: string;
  };

const BOT_MISSING = 'Discord delivery is not configured (DISCORD_BOT_TOKEN and DISCORD_GUILD_ID).';
const WEBHOOK_MISSING = 'The staff channel is not configured (DISCORD_STAFF_WEBHOOK_URL).';

export interface OutboxDeliveryEffectsDeps {
  outbox: DeliveryOutbox;
  capabilities: DiscordCapabilities;
  roles: RoleMapping;
  entitlements: Entitlements;
  ids: IdGenerator;
  clock: Clock;
  /** called after rows are written, so a worker can look sooner than its next poll */
  onRecorded?: () => void;
}

/** Writes the outbox rows. Every call runs inside the caller's transaction, so a row exists exactly when its cause does. */
export class OutboxDeliveryEffects implements DeliveryEffects, MembershipEffects {
  constructor(private readonly deps: OutboxDeliveryEffectsDeps) {}

  async purchaseCompleted(purchase: Purchase): Promise<void> {
    const staff: Draft = {
      kind: 'notify_staff',
      dedupeKey: `staff:purchase:${purchase.id}`,
      content: messages.staffPurchase(purchase, buyerName(purchase)),
      purchaseId: purchase.id,
    };
    if (purchase.gift) {
      // the role goes with the rest of the gift, once the recipient has an account to hold it
      const told = purchase.gift.deliveredAt ? await this.giftDrafts(purchase) : await this.giftWaitingDrafts(purchase);
      await this.record([...told, staff]);
      return;
    }
    await this.record([
      this.roleGrant(purchase, purchase.userId, await this.deps.entitlements.discordIdOf(purchase.userId)),
      staff,
    ]);
  }

  async giftDelivered(purchase: Purchase): Promise<void> {
    await this.record(await this.giftDrafts(purchase));
  }

  private roleGrant(purchase: Purchase, userId: string | null, discordId: string | null): Draft {
    return {
      kind: 'grant_role',
      dedupeKey: `grant:purchase:${purchase.id}`,
      userId,
      discordId,
      roleId: this.deps.roles.roleFor(purchase),
      content: messages.auditReason(purchase, 'purchase'),
      purchaseId: purchase.id,
      noRole: `No Discord role is mapped to ${purchase.productName}.`,
    };
  }

  /** a delivered gift: the role to the recipient, and a message to each of them */
  private async giftDrafts(purchase: Purchase): Promise<Draft[]> {
    const gift = purchase.gift;
    if (!gift) return [];
    return [
      this.roleGrant(purchase, gift.userId, gift.discordId),
      {
        kind: 'message_user',
        dedupeKey: `message:gift:${purchase.id}:received`,
        userId: gift.userId,
        discordId: gift.discordId,
        content: messages.giftReceived(purchase),
        purchaseId: purchase.id,
      },
      {
        kind: 'message_user',
        dedupeKey: `message:gift:${purchase.id}:delivered`,
        userId: purchase.userId,
        discordId: await this.deps.entitlements.discordIdOf(purchase.userId),
        content: messages.giftSent(purchase, true),
        purchaseId: purchase.id,
      },
    ];
  }

  /** a paid gift whose recipient has no account yet: each is told it waits for their first sign-in */
  private async giftWaitingDrafts(purchase: Purchase): Promise<Draft[]> {
    const gift = purchase.gift;
    if (!gift) return [];
    return [
      {
        kind: 'message_user',
        dedupeKey: `message:gift:${purchase.id}:waiting`,
        discordId: gift.discordId,
        content: messages.giftWaiting(purchase),
        purchaseId: purchase.id,
      },
      {
        kind: 'message_user',
        dedupeKey: `message:gift:${purchase.id}:sent`,
        userId: purchase.userId,
        discordId: await this.deps.entitlements.discordIdOf(purchase.userId),
        content: messages.giftSent(purchase, false),
        purchaseId: purchase.id,
      },
    ];
  }

  /** a grant the game server reported failed: the staff channel is told, once a grant */
  async grantFailed(grant: FailedGrant, message: string): Promise<void> {
    await this.record([
      {
        kind: 'notify_staff',
        dedupeKey: `staff:grant:${grant.id}`,
        content: messages.staffGrantFailed(grant, message),
        purchaseId: grant.purchaseId,
      },
    ]);
  }

  async purchaseUnderpaid(purchase: Purchase): Promise<void> {
    await this.record([
      {
        kind: 'notify_staff',
        dedupeKey: `staff:underpaid:${purchase.id}`,
        content: messages.staffUnderpaid(purchase, buyerName(purchase)),
        purchaseId: purchase.id,
      },
    ]);
  }

  async purchaseReversed(purchase: Purchase, was: Purchase['status'], how: 'refunded' | 'disputed'): Promise<void> {
    const drafts: Draft[] = [];
    // the purchase is reversed and any membership it ended has ended by now: what is left decides
    const role = was === 'completed' ? await this.roleAfterReversal(purchase) : null;
    const holder = beneficiaryOf(purchase);
    if (role?.removed && holder) {
      drafts.push({
        kind: 'remove_role',
        dedupeKey: `remove:purchase:${purchase.id}`,
        userId: holder,
        discordId: purchase.gift?.discordId ?? (await this.deps.entitlements.discordIdOf(holder)),
        roleId: role.roleId,
        content: messages.auditReason(purchase, how),
        purchaseId: purchase.id,
      });
    }
    if (how === 'disputed') {
      drafts.push({
        kind: 'notify_staff',
        dedupeKey: `staff:dispute:${purchase.id}`,
        content: messages.staffDispute(purchase, buyerName(purchase)),
        purchaseId: purchase.id,
      });
    }
    await this.record(drafts);
  }

  async roleAfterReversal(purchase: Purchase, endingMembershipId?: string): Promise<RoleAfterReversal | null> {
    const roleId = this.deps.roles.roleFor(purchase);
    // a gift not delivered yet gave no role to anyone
    const holder = beneficiaryOf(purchase);
    if (!roleId || !holder || (purchase.gift && !purchase.gift.deliveredAt)) return null;
    const without = { purchaseId: purchase.id, ...(endingMembershipId ? { membershipId: endingMembershipId } : {}) };
    return { roleId, removed: !(await this.stillEntitled(holder, roleId, without)) };
  }

  async tierLeft(membership: Membership, tierId: string): Promise<void> {
    const roleId = this.deps.roles.roleFor({ productId: tierId, optionId: null });
    if (!roleId || (await this.stillEntitled(membership.userId, roleId))) return;
    await this.record([
      {
        kind: 'remove_role',
        dedupeKey: `remove:membership:${membership.id}:${tierId}:${membership.updatedAt.toISOString()}`,
        userId: membership.userId,
        discordId: await this.deps.entitlements.discordIdOf(membership.userId),
        roleId,
        content: `Priority Pass ${membership.id} moved off ${tierId}`,
      },
    ]);
  }

  async renewalFailed(membership: Membership, message: string): Promise<void> {
    await this.record([
      {
        kind: 'message_user',
        dedupeKey: `message:membership:${membership.id}:past_due:${membership.currentPeriodEnd.toISOString()}`,
        userId: membership.userId,
        discordId: await this.deps.entitlements.discordIdOf(membership.userId),
        content: message,
      },
    ]);
  }

  async ended(membership: Membership, message: string, purchaseId?: string): Promise<void> {
    const discordId = await this.deps.entitlements.discordIdOf(membership.userId);
    const drafts: Draft[] = [
      {
        kind: 'message_user',
        dedupeKey: `message:membership:${membership.id}:ended`,
        userId: membership.userId,
        discordId,
        content: message,
      },
    ];
    const roleId = this.deps.roles.roleFor({ productId: membership.tierId, optionId: null });
    if (roleId && !(await this.stillEntitled(membership.userId, roleId)))
      drafts.push({
        kind: 'remove_role',
        // a refund's removal is the purchase's own (the refund's effects name the same key, so it is queued once)
        dedupeKey: purchaseId ? `remove:purchase:${purchaseId}` : `remove:membership:${membership.id}:ended`,
        userId: membership.userId,
        discordId,
        roleId,
        content: purchaseId
          ? `Priority Pass ${membership.id} ended: purchase ${purchaseId} was paid back`
          : `Priority Pass ${membership.id} ended`,
        ...(purchaseId ? { purchaseId } : {}),
      });
    await this.record(drafts);
  }

  async giftPassBlocked(gift: Purchase, held: Membership): Promise<void> {
    await this.record([
      {
        kind: 'notify_staff',
        dedupeKey: `staff:gift-blocked:${gift.id}`,
        content: messages.staffGiftPassBlocked(gift, held.tierId),
        purchaseId: gift.id,
      },
    ]);
  }

  async applicationSubmitted<A, S extends string>(
    kind: ApplicationKind<A, S>,
    application: Application<A, S>,
  ): Promise<void> {
    await this.record([
      {
        kind: 'notify_staff',
        dedupeKey: `staff:application:${kind.name}:${application.id}`,
        content: kind.texts.submitted(application),
        applicationId: application.id,
      },
    ]);
  }

  async applicationReviewed<A, S extends string>(
    kind: ApplicationKind<A, S>,
    application: Application<A, S>,
  ): Promise<void> {
    if (application.status === 'pending') return;
    const drafts: Draft[] = [
      {
        kind: 'message_user',
        dedupeKey: `message:application:${kind.name}:${application.id}:${application.status}`,
        userId: application.userId,
        discordId: application.discordId,
        content: kind.texts.decided(application),
        applicationId: application.id,
      },
    ];
    if (kind.approvalWhitelists && application.status === 'approved') {
      drafts.push({
        kind: 'grant_role',
        dedupeKey: `grant:whitelist:${application.id}`,
        userId: application.userId,
        discordId: application.discordId,
        roleId: this.deps.roles.whitelistRole,
        content: `Whitelist application ${application.id} approved`,
        applicationId: application.id,
        noRole: 'No Discord whitelist role is configured (DISCORD_WHITELIST_ROLE_ID).',
      });
    }
    await this.record(drafts);
  }

  /**
   * Direct messages another module words itself (an interview booked, moved, cancelled or about to start), each to a
   * member by their account: written like every other message, with its dedupe key, and sent by the worker.
   */
  async messageMembers(
    drafts: ReadonlyArray<{ userId: string; content: string; dedupeKey: string; applicationId: string | null }>,
  ): Promise<void> {
    const rows: Draft[] = [];
    for (const draft of drafts)
      rows.push({ kind: 'message_user', ...draft, discordId: await this.deps.entitlements.discordIdOf(draft.userId) });
    await this.record(rows);
  }

  private async stillEntitled(userId: string, roleId: string, without?: EntitlementExclusion): Promise<boolean> {
    const [member] = await this.deps.entitlements.of(userId, without);
    return member ? this.deps.roles.expectedRoles(member).has(roleId) : false;
  }

  private async record(drafts: Draft[]): Promise<void> {
    if (drafts.length === 0) return;
    const now = this.deps.clock.now();
    const rows = drafts.map(({ noRole, ...draft }): Delivery => {
      const reason =
        this.unavailable(draft.kind) ??
        (isRoleChange(draft.kind) && !draft.roleId ? (noRole ?? 'No Discord role is mapped.') : null) ??
        (needsMember(draft.kind) && !draft.discordId ? 'The member has no Discord id.' : null);
      return {
        id: this.deps.ids.next(),
        userId: null,
        discordId: null,
        roleId: null,
        content: null,
        purchaseId: null,
        applicationId: null,
        ...draft,
        status: reason ? 'not_configured' : 'pending',
        attempts: 0,
        nextAttemptAt: now,
        lastError: reason,
        createdAt: now,
        updatedAt: now,
        deliveredAt: null,
      };
    });
    await this.deps.outbox.add(rows);
    if (rows.some((row) => row.status === 'pending')) this.deps.onRecorded?.();
  }

  private unavailable(kind: DeliveryKind): string | null {
    if (kind === 'notify_staff') return this.deps.capabilities.staffChannel ? null : WEBHOOK_MISSING;
    return this.deps.capabilities.bot ? null : BOT_MISSING;
  }
}

const needsMember = (kind: DeliveryKind) => kind !== 'notify_staff';
const isRoleChange = (kind: DeliveryKind) => kind === 'grant_role' || kind === 'remove_role';

function buyerName(purchase: Purchase): string {
  return purchase.buyerDiscord ?? purchase.buyerEmail ?? `user ${purchase.userId}`;
}
