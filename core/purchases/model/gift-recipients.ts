import type { UserRepository } from '../../users/ports.ts';
import { displayName, isBanned, type User } from '../../users/model/user.ts';
import type { GiftRecipient } from './gift.ts';
import type { GiftRecipients } from '../ports.ts';

/** how many players whose names contain the name asked are looked through for an exact match */
const NAME_CANDIDATES = 100;

const recipientOf = (user: User): GiftRecipient => ({
  userId: user.id,
  discordId: user.discordId,
  name: displayName(user),
  banned: isBanned(user),
});

/** Gift recipients among the accounts: by Discord id, or by a name a player is known by (any case). */
export function giftRecipientsFrom(users: Pick<UserRepository, 'findByDiscordId' | 'search'>): GiftRecipients {
  return {
    async byDiscordId(discordId) {
      const user = await users.findByDiscordId(discordId);
      return user ? recipientOf(user) : null;
    },
    async byName(name) {
      const wanted = name.trim().toLowerCase();
      if (!wanted) return [];
      const named = (await users.search(wanted, NAME_CANDIDATES)).filter(
        (user) => user.username?.toLowerCase() === wanted || user.discordUsername?.toLowerCase() === wanted,
      );
      return named.map(recipientOf);
    },
  };
}
