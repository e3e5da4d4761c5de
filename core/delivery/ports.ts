import type { Delivery, DeliveryStatus } from './model/delivery.ts';

/** The outbox of deliveries. Writes join the caller's transaction. */
export interface DeliveryOutbox {
  /** a row whose dedupeKey exists already is skipped */
  add(deliveries: Delivery[]): Promise<void>;
  /**
   * Claims up to `limit` deliveries that are due (pending and next attempt reached, or sending with an expired
   * lease), so that no other worker takes them: each becomes `sending`, its attempts go up by one, and its lease
   * runs until `leaseUntil`.
   */
  claimDue(now: Date, limit: number, leaseUntil: Date): Promise<Delivery[]>;
  /** records an attempt's outcome on a delivery this worker claimed */
  settle(
    id: string,
    changes: Pick<Delivery, 'status' | 'nextAttemptAt' | 'lastError' | 'deliveredAt' | 'updatedAt'>,
  ): Promise<void>;
  findById(id: string): Promise<Delivery | null>;
  /** newest first */
  list(query: { status?: DeliveryStatus; limit?: number }): Promise<Delivery[]>;
  forPurchases(purchaseIds: readonly string[]): Promise<Delivery[]>;
  /** failed -> pending with a fresh count of tries; answers the ids that moved */
  requeueFailed(ids: readonly string[] | 'all', now: Date): Promise<string[]>;
}

/** What the bot and the staff channel can do right now. */
export interface DiscordCapabilities {
  /** a bot token and a guild: roles and direct messages */
  bot: boolean;
  /** a staff channel webhook */
  staffChannel: boolean;
}

/**
 * Discord, through the bot and the staff channel's webhook. Failures throw DeliveryAttemptError.
 * The adapter waits out rate limits itself.
 */
export interface DiscordGateway {
  readonly capabilities: DiscordCapabilities;
  grantRole(discordId: string, roleId: string, reason: string): Promise<void>;
  removeRole(discordId: string, roleId: string, reason: string): Promise<void>;
  messageUser(discordId: string, content: string): Promise<void>;
  notifyStaff(content: string): Promise<void>;
  /** the member's role ids, or null when they are not in the guild */
  memberRoles(discordId: string): Promise<string[] | null>;
}

/** A member and what they hold on the site that maps to Discord roles. */
export interface Entitlement {
  userId: string;
  discordId: string;
  displayName: string;
  /** completed purchases: product and option */
  items: { productId: string; optionId: string | null }[];
  whitelistApproved: boolean;
}

/** Left out of what a member holds: a purchase being paid back and the membership that ends with it. */
export interface EntitlementExclusion {
  purchaseId?: string;
  membershipId?: string;
}

/** Reads what each member is owed: completed purchases and approved whitelist applications. */
export interface Entitlements {
  /** every member (one user), or all of them; `without`: as if that purchase and membership were gone */
  of(userId?: string, without?: EntitlementExclusion): Promise<Entitlement[]>;
  discordIdOf(userId: string): Promise<string | null>;
}
