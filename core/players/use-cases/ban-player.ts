import { ConflictError } from '../../shared/errors.ts';
import { BAN_REASON_MAX } from '../../users/model/ban.ts';
import type { User } from '../../users/model/user.ts';
import { type AccountActionDeps, type ActionContext, act, actorOf, reasonOf } from '../model/account-actions.ts';

/**
 * Bans an account from signing in and buying; an admin cannot ban their own account. The account is read once,
 * under the action's transaction: the ban's write answers it as banned.
 */
export class BanPlayer {
  constructor(private readonly deps: AccountActionDeps) {}

  execute(input: { userId: string; reason: string }, context: ActionContext): Promise<User> {
    const reason = reasonOf(input.reason, BAN_REASON_MAX);
    if (context.actor && context.actor.id === input.userId)
      throw new ConflictError('SELF_BAN', 'You cannot ban your own account.');
    return act(
      this.deps,
      context,
      input.userId,
      'ban',
      'ban',
      async (user) => {
        if (user.bannedAt) throw new ConflictError('ALREADY_BANNED', 'This player is already banned.');
        const now = this.deps.clock.now();
        await this.deps.appeals.banChanged({
          userId: user.id,
          change: 'replaced',
          current: { at: now, reason },
          by: actorOf(context),
        });
        const after = (await this.deps.users.setBan(user.id, { at: now, reason }, now)) ?? undefined;
        await this.deps.bans?.banned({
          userId: user.id,
          discordId: user.discordId,
          reason,
          at: now.toISOString(),
          actor: actorOf(context).name,
        });
        return { log: { before: 'not banned', after: 'banned', reason }, after };
      },
      { guardsManager: true },
    );
  }
}
