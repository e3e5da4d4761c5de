import { reviewerName, type Reviewer } from '../../audit/model/reviewer.ts';
import { ForbiddenError } from '../../shared/errors.ts';
import { hasPermission, PERMISSION_LABELS } from '../../users/model/permissions.ts';
import type { User } from '../../users/model/user.ts';

/** Who manages tokens: the signed-in admin, or the admin the terminal names with --as. */
export type TokenActor = Reviewer & Partial<Pick<User, 'bannedAt'>>;

/** Refused unless the actor manages integrations. */
export function checkManagesIntegrations(actor: TokenActor): void {
  if (!hasPermission(actor, 'manage-integrations'))
    throw new ForbiddenError(
      'PERMISSION_REQUIRED',
      `API tokens need the "${PERMISSION_LABELS['manage-integrations']}" permission.`,
    );
}

/** The actor as a token records them: their id and their name at the time. */
export const recordedActor = (actor: TokenActor) => ({ id: actor.id, name: reviewerName(actor) });
