import { UserNotFoundError } from '../errors.ts';
import type { UserRepository } from '../ports.ts';
import type { User } from '../model/user.ts';

export class FindUserByDiscordId {
  constructor(private readonly users: UserRepository) {}

  async execute(discordId: string): Promise<User> {
    const user = await this.users.findByDiscordId(discordId.trim());
    if (!user) throw new UserNotFoundError(`with Discord ID ${discordId}`);
    return user;
  }
}
