import { BAN_REASON_MAX } from '../../users/model/ban.ts';
import { checkPermissionChanges, type PermissionChange } from '../../users/model/permission-changes.ts';
import type { User } from '../../users/model/user.ts';
import { type AccountActionDeps, type ActionContext, act, reasonOf } from '../model/account-actions.ts';

/**
 * Grants and revokes single permissions on top of the role's preset, one log row per permission that changed;
 * nothing changes when the last holder of 'manage-roles' would lose it.
 */
export class ChangePlayerPermissions {
  constructor(private readonly deps: AccountActionDeps) {}

  async execute(
    input: { userId: string; grant?: readonly unknown[]; revoke?: readonly unknown[]; reason?: string | null },
    context: ActionContext,
  ): Promise<{ user: User; changes: PermissionChange[] }> {
    const { grant, revoke } = checkPermissionChanges(input);
    const reason = input.reason?.trim() ? reasonOf(input.reason, BAN_REASON_MAX) : null;
    let changes: PermissionChange[] = [];
    const user = await act(
      this.deps,
      context,
      input.userId,
      revoke.length > 0 ? 'revoke_permission' : 'grant_permission',
      'manage-roles',
      async (user) => {
        ({ changes } = await this.deps.changePermissions.execute({ userId: user.id, grant, revoke }));
        if (changes.length === 0) return null;
        return {
          log: changes.map((change) => ({
            action: change.held ? ('grant_permission' as const) : ('revoke_permission' as const),
            before: change.held ? 'not held' : 'held',
            after: change.held ? 'held' : 'not held',
            reason,
            permission: change.permission,
          })),
        };
      },
      { guardsManager: true },
    );
    return { user, changes };
  }
}
