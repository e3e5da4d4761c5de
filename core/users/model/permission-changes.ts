import { ConflictError, InvalidInputError } from '../../shared/errors.ts';
import type { UserRepository } from '../ports.ts';
import { hasPermission, isPermission, PERMISSIONS, type Permission } from './permissions.ts';
import type { User } from './user.ts';

/** The permission that changes roles and permissions: someone must always hold it. */
export const MANAGER_PERMISSION: Permission = 'manage-roles';

export interface PermissionChange {
  permission: Permission;
  /** true: now held (granted), false: no longer held (revoked) */
  held: boolean;
}

function namesOf(values: readonly unknown[] | undefined, path: string): Permission[] {
  const list = values ?? [];
  const unknown = list.filter((value) => !isPermission(value));
  if (unknown.length > 0) {
    const message = `Unknown permission ${unknown.map((value) => `"${String(value)}"`).join(', ')}. Choose from: ${PERMISSIONS.join(', ')}.`;
    throw new InvalidInputError('INVALID_PERMISSION', message, [{ path, message }]);
  }
  return [...new Set(list as Permission[])];
}

/** Checks a list of grants and revocations: known names only, none both granted and revoked. */
export function checkPermissionChanges(input: { grant?: readonly unknown[]; revoke?: readonly unknown[] }): {
  grant: Permission[];
  revoke: Permission[];
} {
  if (
    (input.grant !== undefined && !Array.isArray(input.grant)) ||
    (input.revoke !== undefined && !Array.isArray(input.revoke))
  )
    throw new InvalidInputError('INVALID_PERMISSION', 'Give the permissions to grant and to revoke as lists.');
  const grant = namesOf(input.grant, 'grant');
  const revoke = namesOf(input.revoke, 'revoke');
  const both = grant.filter((permission) => revoke.includes(permission));
  if (both.length > 0) {
    const message = `Grant or revoke ${both.join(', ')}, not both.`;
    throw new InvalidInputError('PERMISSION_GRANTED_AND_REVOKED', message, [{ path: 'revoke', message }]);
  }
  if (grant.length === 0 && revoke.length === 0)
    throw new InvalidInputError('NO_PERMISSION_CHANGE', 'Choose a permission to grant or revoke.');
  return { grant, revoke };
}

/**
 * Refuses a change that leaves nobody holding the permission manager's permission when `before` held it. Run in
 * the change's transaction after `users.lockAccessChanges()` and the change itself: the lock makes two changes
 * that race (two admins revoking each other) run one after the other, so the second sees the first.
 */
export async function ensureManagerRemains(users: UserRepository, before: User): Promise<void> {
  if (!hasPermission(before, MANAGER_PERMISSION)) return;
  const holders = (await users.withAccess()).filter((user) => hasPermission(user, MANAGER_PERMISSION));
  if (holders.length === 0)
    throw new ConflictError(
      'LAST_PERMISSION_MANAGER',
      'This is the last account that can change roles and permissions: give that permission to someone else first. Nothing was changed.',
    );
}
