import { ConflictError, InvalidInputError } from '../../shared/errors.ts';
import { BAN_REASON_MAX } from '../../users/model/ban.ts';
import { ROLES, type Role, type User } from '../../users/model/user.ts';
import { type AccountActionDeps, type ActionContext, act, reasonOf } from '../model/account-actions.ts';

/** Sets the role; an admin cannot take away their own admin role (another admin can). */
export class ChangePlayerRole {
  constructor(private readonly deps: AccountActionDeps) {}

  execute(input: { userId: string; role: Role; reason?: string | null }, context: ActionContext): Promise<User> {
    if (!(ROLES as readonly string[]).includes(input.role))
      throw new InvalidInputError('INVALID_ROLE', `Choose a role: ${ROLES.join(', ')}.`);
    const reason = input.reason?.trim() ? reasonOf(input.reason, BAN_REASON_MAX) : null;
    if (context.actor && context.actor.id === input.userId && input.role !== 'admin')
      throw new ConflictError('SELF_DEMOTION', 'You cannot remove your own admin role.');
    return act(
      this.deps,
      context,
      input.userId,
      'change_role',
      'manage-roles',
      async (user) => {
        if (user.role === input.role)
          throw new ConflictError('SAME_ROLE', `This player already has the ${input.role} role.`);
        await this.deps.changeRole.execute({ userId: user.id, role: input.role });
        return { log: { before: user.role, after: input.role, reason } };
      },
      { guardsManager: true },
    );
  }
}
