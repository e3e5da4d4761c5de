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
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each permission lets its holder do, in the words shown to admins. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  'review-whitelist': 'Review whitelist applications',
  'review-staff': 'Review staff applications',
  'review-appeals': 'Review ban appeals',
  'view-purchases': 'View purchases and revenue',
  refund: 'Issue refunds',
  'adjust-tokens': 'Adjust tokens',
  ban: 'Ban and unban',
  'manage-roles': 'Change roles and permissions',
  'manage-promotions': 'Manage coupons, sales and creator codes',
  'view-players': 'View players',
};

/** The presets: a player holds none; staff review whitelist applications and appeals and look players up; admins hold all. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  player: [],
  staff: ['review-whitelist', 'review-appeals', 'view-players'],
  admin: PERMISSIONS,
};

/** The permissions a user holds: their role's preset (single grants and revocations are layered on top of it). */
export function permissionsOf(user: Pick<User, 'role'>): ReadonlySet<Permission> {
  return new Set(ROLE_PERMISSIONS[user.role]);
}

export function hasPermission(user: Pick<User, 'role'>, permission: Permission): boolean {
  return permissionsOf(user).has(permission);
}
