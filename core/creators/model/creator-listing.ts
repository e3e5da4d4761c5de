import { displayName } from '../../users/model/user.ts';
import type { UserRepository } from '../../users/ports.ts';
import type { Creator } from './creator.ts';

/** A creator with the account behind the code. */
export interface CreatorListing extends Creator {
  discordId: string;
  name: string;
}

/** every creator with their account, by code */
export async function withAccounts(users: UserRepository, creators: readonly Creator[]): Promise<CreatorListing[]> {
  return Promise.all(
    creators.map(async (creator) => {
      const user = await users.findById(creator.userId);
      return { ...creator, discordId: user?.discordId ?? '', name: user ? displayName(user) : 'Unknown player' };
    }),
  );
}
