import type { Clock } from '../../shared/ports.ts';
import { UserNotFoundError } from '../errors.ts';
import type { UserRepository } from '../ports.ts';
import type { User } from '../model/user.ts';

/** Lifts a ban; a user who is not banned is left as is. */
export class UnbanUser {
  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { userId: string }): Promise<User> {
    const user = await this.users.findById(input.userId);
    if (!user) throw new UserNotFoundError(`with id ${input.userId}`);
    if (!user.bannedAt) return user;
    return (await this.users.setBan(user.id, null, this.clock.now())) ?? user;
  }
}
