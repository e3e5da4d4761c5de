import type { Clock, IdGenerator } from '../shared/ports.ts';
import { UserBannedError } from './errors.ts';
import { validIdentity, type SignInIdentity } from './identity.ts';
import type { UserRepository } from './ports.ts';
import type { User } from './user.ts';

/** Signs a person in from the identity the provider vouches for: creates or refreshes the user by discordId. */
export class SignIn {
  private readonly adminIds: ReadonlySet<string>;

  constructor(
    private readonly users: UserRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    adminDiscordIds: readonly string[] = [],
  ) {
    this.adminIds = new Set(adminDiscordIds);
  }

  async execute(input: SignInIdentity): Promise<User> {
    const identity = validIdentity(input);
    const existing = await this.users.findByDiscordId(identity.discordId);
    if (existing?.bannedAt) throw new UserBannedError(existing.banReason);
    return this.users.upsertIdentity(identity, {
      newId: this.ids.next(),
      now: this.clock.now(),
      admin: this.adminIds.has(identity.discordId),
    });
  }
}
