import type { Catalogue } from '../../catalogue/model/catalogue.ts';
import type { Entitlements } from '../../delivery/ports.ts';
import type { UserRepository } from '../../users/ports.ts';
import { checkedDiscordId, type PlayerAccessView, playerAccessOf } from '../model/player-access.ts';

/** What the game server is told of a player when they connect: may they in, and where in the queue. */
export class CheckPlayerAccess {
  constructor(
    private readonly users: UserRepository,
    private readonly entitlements: Entitlements,
    private readonly catalogue: Catalogue,
  ) {}

  async execute(discordId: string): Promise<PlayerAccessView> {
    const user = await this.users.findByDiscordId(checkedDiscordId(discordId));
    if (!user)
      return {
        discordId,
        known: false,
        whitelisted: false,
        banned: false,
        priority: 0,
        tier: null,
        tokens: 0,
        boughtTokens: 0,
        earnedTokens: 0,
      };
    return playerAccessOf(user, { entitlements: this.entitlements, catalogue: this.catalogue });
  }
}
