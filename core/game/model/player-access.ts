import type { Catalogue } from '../../catalogue/model/catalogue.ts';
import type { Entitlements } from '../../delivery/ports.ts';
import { InvalidInputError } from '../../shared/errors.ts';
import { earnedTokens, isBanned, type User } from '../../users/model/user.ts';

/** Staff and admins go ahead of every tier. */
export const STAFF_PRIORITY = 10;
const DISCORD_ID = /^\d{5,25}$/;

/** What the game server needs to know of a player when they connect. */
export interface PlayerAccessView {
  discordId: string;
  /** the player has signed in to the site */
  known: boolean;
  /** an approved whitelist application, a Priority Pass they hold, or a staff role */
  whitelisted: boolean;
  /** the account is banned */
  banned: boolean;
  /** 0 none; 1 to 5 for the tiers from the cheapest; STAFF_PRIORITY for staff and admins */
  priority: number;
  /** the tier they hold, or null */
  tier: string | null;
  tokens: number;
  /** of `tokens`, those bought with money (a server whose rules forbid spending them can tell them apart) */
  boughtTokens: number;
  /** of `tokens`, those earned or granted */
  earnedTokens: number;
}

export function checkedDiscordId(discordId: string): string {
  if (!DISCORD_ID.test(discordId))
    throw new InvalidInputError('INVALID_DISCORD_ID', 'A Discord id is 5 to 25 digits.', [
      { path: 'discordId', message: 'Must be 5 to 25 digits' },
    ]);
  return discordId;
}

/**
 * May this player in, and where in the queue? Read from what the site knows: the account and its ban, approved
 * whitelist applications, the tier of a live membership (or of a tier bought before memberships), the role.
 */
export async function playerAccessOf(
  user: User,
  sources: { entitlements: Entitlements; catalogue: Catalogue },
): Promise<PlayerAccessView> {
  const discordId = user.discordId;
  const [held] = await sources.entitlements.of(user.id);
  // the catalogue lists the tiers from the cheapest: its order is the priority
  const tiers = sources.catalogue.list('whitelist');
  const rank = Math.max(
    -1,
    ...(held?.items ?? []).map((item) => tiers.findIndex((tier) => tier.id === item.productId)),
  );
  const staff = user.role === 'staff' || user.role === 'admin';
  return {
    discordId,
    known: true,
    whitelisted: staff || Boolean(held?.whitelistApproved) || rank >= 0,
    banned: isBanned(user),
    priority: staff ? STAFF_PRIORITY : rank + 1,
    tier: rank >= 0 ? tiers[rank].id : null,
    tokens: user.tokens,
    boughtTokens: user.boughtTokens,
    earnedTokens: earnedTokens(user),
  };
}
