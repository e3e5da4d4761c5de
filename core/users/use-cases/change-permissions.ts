import { ConflictError, InvalidInputError } from '../../shared/errors.ts';
import type { Clock } from '../../shared/ports.ts';
import { UserNotFoundError } from '../errors.ts';
import {
  hasPermission,
  IMPLIED_PERMISSIONS,
  isPermission,
  PERMISSION_LABELS,
  PERMISSIONS,
  type Permission,
  permissionsOf,
  ROLE_PERMISSIONS,
} from '../model/permissions.ts';
import type { UserRepository } from '../ports.ts';
import type { User } from '../model/user.ts';

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
 * Grants and revokes single permissions on top of the user's role preset. A grant of a permission the preset
 * holds lifts its revocation; a revocation of a granted one removes the grant. Permissions already as asked are
 * left alone (and not listed as changed). Run it inside the caller's transaction, with `ensureManagerRemains`.
 */
export class ChangePermissions {
  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    userId: string;
    grant: readonly Permission[];
    revoke: readonly Permission[];
  }): Promise<{ user: User; changes: PermissionChange[] }> {
    const user = await this.users.findById(input.userId);
    if (!user) throw new UserNotFoundError(`with id ${input.userId}`);
    const preset = new Set<Permission>(ROLE_PERMISSIONS[user.role]);
    const grants = new Set((user.permissionGrants ?? []).filter(isPermission));
    const revocations = new Set((user.permissionRevocations ?? []).filter(isPermission));
    const changes: PermissionChange[] = [];
    const held = (permission: Permission) =>
      hasPermission(
        { role: user.role, permissionGrants: [...grants], permissionRevocations: [...revocations] },
        permission,
      );
    for (const permission of input.grant) {
      if (held(permission)) continue;
      revocations.delete(permission);
      if (!preset.has(permission)) grants.add(permission);
      changes.push({ permission, held: true });
    }
    for (const permission of input.revoke) {
      if (!held(permission)) continue;
      const direct = permissionsOf({
        role: user.role,
        permissionGrants: [...grants],
        permissionRevocations: [...revocations],
        implied: false,
      });
      if (!direct.has(permission)) {
        const by = PERMISSIONS.filter((other) => direct.has(other) && IMPLIED_PERMISSIONS[other]?.includes(permission));
        throw new ConflictError(
          'PERMISSION_IMPLIED',
          `"${PERMISSION_LABELS[permission]}" comes with ${by.map((other) => `"${PERMISSION_LABELS[other]}"`).join(', ')}: revoke that too. Nothing was changed.`,
        );
      }
      grants.delete(permission);
      if (preset.has(permission)) revocations.add(permission);
      changes.push({ permission, held: false });
    }
    if (changes.length === 0) return { user, changes };
    const order = (set: Set<Permission>) => PERMISSIONS.filter((permission) => set.has(permission));
    const changed = await this.users.setPermissions(
      user.id,
      { grants: order(grants), revocations: order(revocations) },
      this.clock.now(),
    );
    if (!changed) throw new UserNotFoundError(`with id ${input.userId}`);
    return { user: changed, changes };
  }
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
