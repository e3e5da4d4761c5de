import type { Clock, IdGenerator } from '../../shared/ports.ts';
import { validIdentity, type SignInIdentity } from '../model/identity.ts';
import type { UserRepository } from '../ports.ts';
import type { User } from '../model/user.ts';

/**
 * Signs a person in from the identity the provider vouches for: creates or refreshes the user by discordId. A banned
 * user signs in too: their session reaches only the ban appeal (see the HTTP session's restriction).
 */
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
    return this.users.upsertIdentity(identity, {
      newId: this.ids.next(),
      now: this.clock.now(),
      admin: this.adminIds.has(identity.discordId),
    });
  }
}
