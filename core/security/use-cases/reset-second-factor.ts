import type { Actor } from '../../audit/model/account-action.ts';
import type { ReviewChannel } from '../../audit/model/reviewer.ts';
import { UNNAMED_TERMINAL_ACTOR } from '../../players/model/account-actions.ts';
import { ConflictError, InvalidInputError } from '../../shared/errors.ts';
import { UserNotFoundError } from '../../users/errors.ts';
import { displayName } from '../../users/model/user.ts';
import type { SecurityDeps } from '../model/deps.ts';

const REASON_MAX = 500;

/**
 * Removes a member's passkeys, authenticator app and recovery codes when they lost them, with a reason, logged in
 * the account-action log in the same transaction. They set a factor up again before staff actions work.
 */
export class ResetSecondFactor {
  constructor(private readonly deps: SecurityDeps) {}

  async execute(
    input: { discordId: string; reason: string },
    context: { actor: Actor | null; channel: ReviewChannel },
  ): Promise<{ passkeys: number; authenticatorApp: boolean; recoveryCodes: number }> {
    const { deps } = this;
    const reason = String(input.reason ?? '').trim();
    if (!reason) throw new InvalidInputError('REASON_REQUIRED', 'Give a reason.');
    if (reason.length > REASON_MAX)
      throw new InvalidInputError('REASON_TOO_LONG', `The reason is at most ${REASON_MAX} characters.`);
    return deps.transactions.run(async () => {
      const user = await deps.users.findByDiscordId(input.discordId);
      if (!user) throw new UserNotFoundError(`with Discord ID ${input.discordId}`);
      const removed = await deps.factors.removeAll(user.id);
      if (removed.passkeys === 0 && !removed.totp && removed.recoveryCodes === 0)
        throw new ConflictError('NO_SECOND_FACTOR', 'This account has no second factor to reset.');
      const { actor, channel } = context;
      await deps.log.record({
        id: deps.ids.next(),
        userId: user.id,
        action: 'reset_second_factor',
        before: `passkeys: ${removed.passkeys}, app: ${removed.totp ? 'yes' : 'no'}, recovery codes: ${removed.recoveryCodes}`,
        after: 'none',
        reason,
        permission: null,
        actorId: actor?.id ?? null,
        actorDiscordId: actor?.discordId ?? null,
        actorName: actor ? displayName(actor) : UNNAMED_TERMINAL_ACTOR,
        channel,
        createdAt: deps.clock.now(),
      });
      return { passkeys: removed.passkeys, authenticatorApp: removed.totp, recoveryCodes: removed.recoveryCodes };
    });
  }
}
