import { ConflictError } from '../../shared/errors.ts';
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
import type { PermissionChange } from '../model/permission-changes.ts';
import type { UserRepository } from '../ports.ts';
import type { User } from '../model/user.ts';

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
