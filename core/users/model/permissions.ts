import type { Role, User } from './user.ts';

/**
 * Named permissions. A role is a preset of them (staff, admin); an admin may grant or revoke single permissions per
 * user, so an owner can let a trusted moderator refund without making them an admin. Routes and CLI commands check
 * a permission, never a role.
 */
export const PERMISSIONS = [
  'review-whitelist',
  'review-staff',
  'review-appeals',
  'view-purchases',
  'refund',
  'adjust-tokens',
  'ban',
  'manage-roles',
  'manage-promotions',
  'view-players',
  'decide-alone',
  'manage-templates',
  'manage-integrations',
  'manage-queue',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each permission lets its holder do, in the words shown to admins. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  'review-whitelist': 'Review whitelist applications',
  'review-staff': 'Review staff applications',
  // approving lifts the one ban the appeal was filed against, without 'ban' (decision 0072)
  'review-appeals': 'Review ban appeals (approving lifts the appealed ban)',
  'view-purchases': 'View purchases and revenue',
  refund: 'Issue refunds',
  'adjust-tokens': 'Adjust tokens',
  ban: 'Ban and unban',
  'manage-roles': 'Change roles and permissions',
  'manage-promotions': 'Manage coupons, sales and creator codes',
  'view-players': 'View players',
  // without it a reviewer's approval or denial is a vote toward the kind's quorum (decision 0106)
  'decide-alone': 'Decide applications alone, without waiting for the quorum',
  'manage-templates': 'Manage answer templates',
  // outbound webhooks and API tokens: what other tools hear and read (decision 0108)
  'manage-integrations': 'Manage webhooks and API tokens',
  // the game server's waiting players: move one to the front or remove them
  'manage-queue': 'Manage the connection queue',
};

/**
 * The presets: a player holds none; staff review whitelist applications and appeals and look players up, their
 * decisions a vote toward the quorum; admins hold all, deciding alone among them.
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  player: [],
  staff: ['review-whitelist', 'review-appeals', 'view-players'],
  admin: PERMISSIONS,
};

/**
 * Permissions that come with another: refunding (or retrying a delivery) needs the purchase in view, so 'refund'
 * brings 'view-purchases'. A revocation cannot take away what another held permission brings.
 */
export const IMPLIED_PERMISSIONS: Partial<Record<Permission, readonly Permission[]>> = {
  refund: ['view-purchases'],
};

/** Whether `value` names a permission. */
export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

/** What a user's permissions are read from: the role's preset, the single grants and revocations, a ban. */
export type PermissionHolder = Pick<User, 'role'> &
  Partial<Pick<User, 'permissionGrants' | 'permissionRevocations' | 'bannedAt'>>;

/**
 * The permissions a user holds: their role's preset, plus single grants, less single revocations. A banned user
 * holds none (their session reaches only their appeal, and they count as no holder when the last permission manager
 * is looked for).
 */
export function permissionsOf(user: PermissionHolder & { implied?: boolean }): ReadonlySet<Permission> {
  if (user.bannedAt) return new Set();
  const held = new Set<Permission>(ROLE_PERMISSIONS[user.role] ?? []);
  for (const granted of user.permissionGrants ?? []) if (isPermission(granted)) held.add(granted);
  for (const revoked of user.permissionRevocations ?? []) if (isPermission(revoked)) held.delete(revoked);
  if (user.implied !== false)
    for (const permission of [...held]) for (const implied of IMPLIED_PERMISSIONS[permission] ?? []) held.add(implied);
  return held;
}

export function hasPermission(user: PermissionHolder, permission: Permission): boolean {
  return permissionsOf(user).has(permission);
}

/** Where a held or missing permission comes from, as the terminal and the player page show it. */
export type PermissionSource = 'role' | 'granted' | 'implied' | 'revoked' | 'none';

export interface PermissionState {
  permission: Permission;
  label: string;
  held: boolean;
  source: PermissionSource;
  /** the held permission that brings this one, when it is held only through it */
  impliedBy: Permission | null;
}

/** Every permission in order, whether the user holds it and why (the role's preset, a grant, a revocation). */
export function permissionStates(user: PermissionHolder): PermissionState[] {
  const held = permissionsOf({ ...user, bannedAt: null });
  const preset = new Set<Permission>(ROLE_PERMISSIONS[user.role] ?? []);
  const granted = new Set(user.permissionGrants ?? []);
  const revoked = new Set(user.permissionRevocations ?? []);
  const direct = permissionsOf({ ...user, bannedAt: null, implied: false });
  return PERMISSIONS.map((permission) => {
    const impliedBy = direct.has(permission)
      ? null
      : (PERMISSIONS.find((other) => direct.has(other) && IMPLIED_PERMISSIONS[other]?.includes(permission)) ?? null);
    const source: PermissionSource = impliedBy
      ? 'implied'
      : revoked.has(permission) && preset.has(permission)
        ? 'revoked'
        : preset.has(permission)
          ? 'role'
          : granted.has(permission)
            ? 'granted'
            : 'none';
    return { permission, label: PERMISSION_LABELS[permission], held: held.has(permission), source, impliedBy };
  });
}
