import { ConflictError } from '../../shared/errors.ts';
import { BAN_REASON_MAX } from '../../users/model/ban.ts';
import type { User } from '../../users/model/user.ts';
import { type AccountActionDeps, type ActionContext, act, actorOf, reasonOf } from '../model/account-actions.ts';

/** Lifts a ban, with a reason recorded in the log; the account is read once, and the lift's write answers it. */
export class UnbanPlayer {
  constructor(private readonly deps: AccountActionDeps) {}

  execute(input: { userId: string; reason: string }, context: ActionContext): Promise<User> {
    const reason = reasonOf(input.reason, BAN_REASON_MAX);
    return act(this.deps, context, input.userId, 'unban', 'ban', async (user) => {
      if (!user.bannedAt) throw new ConflictError('NOT_BANNED', 'This player is not banned.');
      await this.deps.appeals.banChanged({ userId: user.id, change: 'lifted', by: actorOf(context) });
      const now = this.deps.clock.now();
      const after = (await this.deps.users.setBan(user.id, null, now)) ?? undefined;
      await this.deps.bans?.unbanned({
        userId: user.id,
        discordId: user.discordId,
        reason,
        at: now.toISOString(),
        actor: actorOf(context).name,
      });
      return { log: { before: 'banned', after: 'not banned', reason }, after };
    });
  }
}
