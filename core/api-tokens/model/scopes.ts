import {
  hasPermission,
  PERMISSION_LABELS,
  type Permission,
  type PermissionHolder,
} from '../../users/model/permissions.ts';

/**
 * What an API token may read. Read-only by design (decision 0109): each scope reads what one staff permission shows,
 * and a token's creator must hold that permission when the token is made and at every request it makes.
 */
export const API_SCOPES = ['purchases:read', 'players:read', 'applications:read', 'memberships:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The permissions a scope needs its creator to hold: one of them ('applications:read': a kind's review permission). */
export const SCOPE_PERMISSIONS: Record<ApiScope, readonly Permission[]> = {
  'purchases:read': ['view-purchases'],
  'players:read': ['view-players'],
  'applications:read': ['review-whitelist', 'review-staff', 'review-appeals'],
  'memberships:read': ['view-purchases'],
};

/** What each scope reads, in the words shown to admins. */
export const SCOPE_LABELS: Record<ApiScope, string> = {
  'purchases:read': 'Purchases: what was bought, by which account, for how much, and its status',
  'players:read': 'Players by Discord id: whitelisted, queue tier and token balance, as the game server reads them',
  'applications:read': "Applications of the kinds the token's creator reviews: status and dates, not the answers",
  'memberships:read': 'Priority Pass memberships: tier, status and renewal dates',
};

export function isApiScope(value: unknown): value is ApiScope {
  return typeof value === 'string' && (API_SCOPES as readonly string[]).includes(value);
}

/** Whether the holder's permissions now allow the scope (a banned holder holds none). */
export function allowsScope(holder: PermissionHolder, scope: ApiScope): boolean {
  return SCOPE_PERMISSIONS[scope].some((permission) => hasPermission(holder, permission));
}

/** What a scope needs, in the words shown to admins: `"View players"`, or `"A" or "B"`. */
export function scopeNeeds(scope: ApiScope): string {
  return `"${SCOPE_PERMISSIONS[scope].map((permission) => PERMISSION_LABELS[permission]).join('" or "')}"`;
}
