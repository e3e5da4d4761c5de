import { ForbiddenError } from '../../shared/errors.ts';
import {
  PERMISSION_LABELS,
  PERMISSIONS,
  permissionsOf,
  type Permission,
  type PermissionHolder,
} from './permissions.ts';

/**
 * What an account holds for the rank rule: its permissions apart from a ban. A ban takes every permission away only
 * while it lasts, so a banned admin still outranks whoever would lift the ban.
 */
const heldApartFromBan = (user: PermissionHolder) => permissionsOf({ ...user, bannedAt: null });

/** The permissions `target` holds that `actor` does not, in the order admins read them. */
export function permissionsBeyond(actor: PermissionHolder, target: PermissionHolder): Permission[] {
  const own = permissionsOf(actor);
  const theirs = heldApartFromBan(target);
  return PERMISSIONS.filter((permission) => theirs.has(permission) && !own.has(permission));
}

const labels = (permissions: readonly Permission[]) =>
  permissions.map((permission) => PERMISSION_LABELS[permission]).join(', ');

/** An action aimed at an account holding a permission its actor lacks. */
export class TargetOutranksError extends ForbiddenError {
  constructor(beyond: readonly Permission[]) {
    super(
      'TARGET_OUTRANKS',
      `This account holds permissions you do not: ${labels(beyond)}. Ask someone who holds them.`,
    );
  }
}

/** A role or grant that would leave an account holding a permission its actor lacks. */
export class GrantBeyondOwnError extends ForbiddenError {
  constructor(beyond: readonly Permission[]) {
    super('GRANT_BEYOND_OWN', `You cannot give permissions you do not hold yourself: ${labels(beyond)}.`);
  }
}

/**
 * The rank rule: nobody acts on an account (ban, unban, tokens, role, permissions, refund) that holds a permission
 * they lack. The terminal without --as has no actor and is not limited.
 */
export function ensureOutranks(actor: PermissionHolder | null, target: PermissionHolder): void {
  if (!actor) return;
  const beyond = permissionsBeyond(actor, target);
  if (beyond.length > 0) throw new TargetOutranksError(beyond);
}

/** After a role or permission change: the account may hold only what the actor holds (nobody hands out more). */
export function ensureGrantedWithin(actor: PermissionHolder | null, after: PermissionHolder): void {
  if (!actor) return;
  const beyond = permissionsBeyond(actor, after);
  if (beyond.length > 0) throw new GrantBeyondOwnError(beyond);
}
