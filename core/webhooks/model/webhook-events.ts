/**
 * What an endpoint may subscribe to: a purchase paid, paid back or disputed; a Priority Pass started, renewed or
 * ended; a Discord role or an in-game grant given or failed; an application decided; an account banned or unbanned.
 */
export const WEBHOOK_EVENT_TYPES = [
  'purchase.completed',
  'purchase.refunded',
  'purchase.disputed',
  'membership.started',
  'membership.renewed',
  'membership.ended',
  'grant.delivered',
  'grant.failed',
  'application.decided',
  'player.banned',
  'player.unbanned',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event "test" sends to one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookMessageType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/** What the site tells of a purchase: its ids and public facts, never the provider's references or the buyer's address. */
export interface PurchaseEventData {
  purchaseId: string;
  productType: string;
  productId: string;
  optionId: string | null;
  productName: string;
  priceCents: number;
  currency: string;
  status: string;
  userId: string;
  discordId: string | null;
  /** the player a gift went to (null: bought for the buyer) */
  giftRecipientUserId: string | null;
  membershipId: string | null;
  completedAt: string | null;
}

export interface MembershipEventData {
  membershipId: string;
  userId: string;
  discordId: string | null;
  tierId: string;
  status: string;
  periodStart: string | null;
  periodEnd: string | null;
  startedAt: string | null;
  endedAt: string | null;
  /** the month's purchase (membership.started, membership.renewed) */
  purchaseId: string | null;
}

export interface GrantEventData {
  /** the Discord delivery's or the game server's grant's id */
  grantId: string;
  /** `discord`: a role the bot gives; `game`: a step the game server runs */
  channel: 'discord' | 'game';
  userId: string | null;
  discordId: string | null;
  purchaseId: string | null;
  applicationId: string | null;
  membershipId: string | null;
  productId: string | null;
  optionId: string | null;
  /** the Discord role given (discord), else null */
  roleId: string | null;
  /** purchase, renewal, expiry, refund, dispute (game), or null */
  action: string | null;
  /** what the bot or the game server answered (grant.failed), else null */
  message: string | null;
}

export interface ApplicationEventData {
  applicationId: string;
  kind: string;
  decision: 'approved' | 'denied';
  status: string;
  userId: string;
  discordId: string;
  decidedAt: string | null;
}

export interface PlayerBanEventData {
  userId: string;
  discordId: string | null;
  /** the reason as the account-action log records it */
  reason: string;
  at: string;
  actor: string;
}

export interface TestEventData {
  endpointId: string;
  message: string;
}

/** The data each event carries (documented in docs/integrations.md, "Webhooks"). */
export interface WebhookEventData {
  'purchase.completed': PurchaseEventData;
  'purchase.refunded': PurchaseEventData;
  'purchase.disputed': PurchaseEventData;
  'membership.started': MembershipEventData;
  'membership.renewed': MembershipEventData;
  'membership.ended': MembershipEventData;
  'grant.delivered': GrantEventData;
  'grant.failed': GrantEventData;
  'application.decided': ApplicationEventData;
  'player.banned': PlayerBanEventData;
  'player.unbanned': PlayerBanEventData;
  'webhook.test': TestEventData;
}

/** The body of every message, as the Standard Webhooks specification shapes it. */
export interface WebhookBody<T extends WebhookMessageType = WebhookMessageType> {
  type: T;
  timestamp: string;
  data: WebhookEventData[T];
}

export const isWebhookEventType = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
