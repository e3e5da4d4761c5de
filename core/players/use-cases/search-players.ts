import { InvalidInputError } from '../../shared/errors.ts';
import type { UserRepository } from '../../users/ports.ts';
import type { User } from '../../users/model/user.ts';

export const PLAYER_SEARCH_MAX_LENGTH = 64;
export const PLAYER_SEARCH_LIMIT = 20;

/** Staff find a player by name (username or Discord username, any case, a part of it) or exact Discord id. */
export class SearchPlayers {
  constructor(private readonly users: UserRepository) {}

  execute(input: { query: string }): Promise<User[]> {
    const text = typeof input.query === 'string' ? input.query.trim() : '';
    if (!text) throw new InvalidInputError('INVALID_SEARCH', 'Type a name or a Discord ID to search.');
    if (text.length > PLAYER_SEARCH_MAX_LENGTH)
      throw new InvalidInputError(
        'INVALID_SEARCH',
        `A search is at most ${PLAYER_SEARCH_MAX_LENGTH} characters: a name or a Discord ID.`,
      );
    return this.users.search(text, PLAYER_SEARCH_LIMIT);
  }
}
