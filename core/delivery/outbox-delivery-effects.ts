import type { Application, ApplicationKind } from '../applications/application.ts';
import type { MembershipEffects } from '../memberships/effects.ts';
import type { Membership } from '../memberships/membership.ts';
import type { Purchase } from '../purchases/purchase.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import type { Delivery, DeliveryKind } from './delivery.ts';
import type { DeliveryEffects, TakeBackRole } from './effects.ts';
import { messages } from './messages.ts';
import type { DeliveryOutbox, DiscordCapabilities, Entitlements, Without } from './ports.ts';
import type { RoleMapping } from './role-mapping.ts';

type Draft = Pick<Delivery, 'kind' | 'dedupeKey'> &
  Partial<Pick<Delivery, 'userId' | 'discordId' | 'roleId' | 'content' | 'purchaseId' | 'applicationId'>> & {
    /** for a role change: why there is no role when `roleId` is null */
    noRole?: string;
  };

const BOT_MISSING = 'Discord delivery is not configured (DISCORD_BOT_TOKEN and DISCORD_GUILD_ID).';
const WEBHOOK_MISSING = 'The staff channel is not configured (DISCORD_STAFF_WEBHOOK_URL).';

/** Writes the outbox rows. Every call runs inside the caller's transaction, so a row exists exactly when its cause does. */
export class OutboxDeliveryEffects implements DeliveryEffects, MembershipEffects {
  constructor(
    private readonly outbox: DeliveryOutbox,
    private readonly capabilities: DiscordCapabilities,
    private readonly roles: RoleMapping,
    private readonly entitlements: Entitlements,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    /** called after rows are written, so a worker can look sooner than its next poll */
    private readonly onRecorded: () => void = () => {},
  ) {}

  async purchaseCompleted(purchase: Purchase): Promise<void> {
    const discordId = await this.entitlements.discordIdOf(purchase.userId);
    const roleId = this.roles.roleFor(purchase);
    await this.record([
      {
        kind: 'grant_role',
        dedupeKey: `grant:purchase:${purchase.id}`,
        userId: purchase.userId,
        discordId,
        roleId,
        content: messages.auditReason(purchase, 'purchase'),
        purchaseId: purchase.id,
        noRole: `No Discord role is mapped to ${purchase.productName}.`,
      },
      {
        kind: 'notify_staff',
        dedupeKey: `staff:purchase:${purchase.id}`,
        content: messages.staffPurchase(purchase, buyerName(purchase)),
        purchaseId: purchase.id,
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

  async purchaseTakenBack(purchase: Purchase, was: Purchase['status'], how: 'refunded' | 'disputed'): Promise<void> {
    const drafts: Draft[] = [];
    // the purchase is taken back and any membership it ended has ended by now: what is left decides
    const role = was === 'completed' ? await this.takeBackRole(purchase) : null;
    if (role?.removed) {
      drafts.push({
        kind: 'remove_role',
        dedupeKey: `remove:purchase:${purchase.id}`,
        userId: purchase.userId,
        discordId: await this.entitlements.discordIdOf(purchase.userId),
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

  async takeBackRole(purchase: Purchase, endingMembershipId?: string): Promise<TakeBackRole | null> {
    const roleId = this.roles.roleFor(purchase);
    if (!roleId) return null;
    const without = { purchaseId: purchase.id, ...(endingMembershipId ? { membershipId: endingMembershipId } : {}) };
    return { roleId, removed: !(await this.stillEntitled(purchase.userId, roleId, without)) };
  }

  async tierLeft(membership: Membership, tierId: string): Promise<void> {
    const roleId = this.roles.roleFor({ productId: tierId, optionId: null });
    if (!roleId || (await this.stillEntitled(membership.userId, roleId))) return;
    await this.record([
      {
        kind: 'remove_role',
        dedupeKey: `remove:membership:${membership.id}:${tierId}:${membership.updatedAt.toISOString()}`,
        userId: membership.userId,
        discordId: await this.entitlements.discordIdOf(membership.userId),
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
        discordId: await this.entitlements.discordIdOf(membership.userId),
        content: message,
      },
    ]);
  }

  async ended(membership: Membership, message: string, purchaseId?: string): Promise<void> {
    const discordId = await this.entitlements.discordIdOf(membership.userId);
    const drafts: Draft[] = [
      {
        kind: 'message_user',
        dedupeKey: `message:membership:${membership.id}:ended`,
        userId: membership.userId,
        discordId,
        content: message,
      },
    ];
    const roleId = this.roles.roleFor({ productId: membership.tierId, optionId: null });
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
        roleId: this.roles.whitelistRole,
        content: `Whitelist application ${application.id} approved`,
        applicationId: application.id,
        noRole: 'No Discord whitelist role is configured (DISCORD_WHITELIST_ROLE_ID).',
      });
    }
    await this.record(drafts);
  }

  private async stillEntitled(userId: string, roleId: string, without?: Without): Promise<boolean> {
    const [member] = await this.entitlements.of(userId, without);
    return member ? this.roles.expectedRoles(member).has(roleId) : false;
  }

  private async record(drafts: Draft[]): Promise<void> {
    if (drafts.length === 0) return;
    const now = this.clock.now();
    const rows = drafts.map(({ noRole, ...draft }): Delivery => {
      const reason =
        this.unavailable(draft.kind) ??
        (isRoleChange(draft.kind) && !draft.roleId ? (noRole ?? 'No Discord role is mapped.') : null) ??
        (needsMember(draft.kind) && !draft.discordId ? 'The member has no Discord id.' : null);
      return {
        id: this.ids.next(),
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
    await this.outbox.add(rows);
    if (rows.some((row) => row.status === 'pending')) this.onRecorded();
  }

  private unavailable(kind: DeliveryKind): string | null {
    if (kind === 'notify_staff') return this.capabilities.staffChannel ? null : WEBHOOK_MISSING;
    return this.capabilities.bot ? null : BOT_MISSING;
  }
}

const needsMember = (kind: DeliveryKind) => kind !== 'notify_staff';
const isRoleChange = (kind: DeliveryKind) => kind === 'grant_role' || kind === 'remove_role';

function buyerName(purchase: Purchase): string {
  return purchase.buyerDiscord ?? purchase.buyerEmail ?? `user ${purchase.userId}`;
}
