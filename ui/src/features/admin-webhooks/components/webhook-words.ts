import type { WebhookEventType } from '@contract/webhooks.ts';

/** Each event as the admin screen names it. */
export const EVENT_LABELS: Record<WebhookEventType, string> = {
  'purchase.completed': 'Purchase completed',
  'purchase.refunded': 'Purchase refunded',
  'purchase.disputed': 'Purchase disputed',
  'membership.started': 'Priority Pass started',
  'membership.renewed': 'Priority Pass renewed',
  'membership.ended': 'Priority Pass ended',
  'grant.delivered': 'Role or in-game grant given',
  'grant.failed': 'Role or in-game grant failed',
  'application.decided': 'Application decided',
  'player.banned': 'Player banned',
  'player.unbanned': 'Player unbanned',
};
