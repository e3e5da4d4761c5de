import { InvalidInputError } from '../../shared/errors.ts';
import type { Clock } from '../../shared/ports.ts';
import { UserNotFoundError } from '../errors.ts';
import type { UserRepository } from '../ports.ts';
import type { User } from '../model/user.ts';
import { BAN_REASON_MAX } from '../model/ban.ts';

/** Bans a user from signing in and buying (a staff decision, or a payment dispute). Banning a banned user keeps the first ban. */
export class BanUser {
  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { userId: string; reason: string }): Promise<User> {
    const reason = input.reason?.trim() ?? '';
    if (!reason || reason.length > BAN_REASON_MAX) {
      const message = `A ban needs a reason of 1 to ${BAN_REASON_MAX} characters.`;
      throw new InvalidInputError('INVALID_BAN_REASON', message, [{ path: 'reason', message }]);
    }
    const user = await this.users.findById(input.userId);
    if (!user) throw new UserNotFoundError(`with id ${input.userId}`);
    if (user.bannedAt) return user;
    const now = this.clock.now();
    return (await this.users.setBan(user.id, { at: now, reason }, now)) ?? user;
  }
}
