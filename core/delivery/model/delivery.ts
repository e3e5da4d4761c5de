export const DELIVERY_KINDS = ['grant_role', 'remove_role', 'message_user', 'notify_staff'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/**
 * pending: waiting for its next attempt; sending: claimed by a worker (its lease runs out if that worker dies);
 * delivered; failed: gave up (a 4xx, or the last of the tries); not_configured: recorded while Discord (or the
 * role for it) is not set up, so staff hand it out by ticket.
 */
export const DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed', 'not_configured'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One thing to tell Discord, written in the same transaction as the change that causes it (an outbox row). */
export interface Delivery {
  id: string;
  kind: DeliveryKind;
  status: DeliveryStatus;
  /** the member a role or a message is for (null for the staff channel) */
  userId: string | null;
  discordId: string | null;
  roleId: string | null;
  /** the message text (message_user, notify_staff) */
  content: string | null;
  purchaseId: string | null;
  applicationId: string | null;
  /** the same cause never writes two rows */
  dedupeKey: string;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  deliveredAt: Date | null;
}
