import type { Delivery } from '../../delivery/model/delivery.ts';
import type { DiscordRoleRemovals } from './deps.ts';

/**
 * The removal of every Discord role the member is owed by what they hold on the site, as outbox rows (a refund's
 * removal is one such row): sent by the delivery worker with its retries. None without the bot.
 */
export async function roleRemovals(
  discord: DiscordRoleRemovals,
  input: { userId: string; discordId: string; requestId: string; now: Date; newId: () => string },
): Promise<Delivery[]> {
  if (!discord.bot) return [];
  const [member] = await discord.entitlements.of(input.userId);
  if (!member) return [];
  const { now } = input;
  return [...discord.roles.expectedRoles(member)].map((roleId) => ({
    id: input.newId(),
    kind: 'remove_role',
    status: 'pending',
    userId: input.userId,
    discordId: input.discordId,
    roleId,
    content: `Account erased at the player's request (privacy request ${input.requestId})`,
    purchaseId: null,
    applicationId: null,
    dedupeKey: `remove:erasure:${input.requestId}:${roleId}`,
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    createdAt: now,
    updatedAt: now,
    deliveredAt: null,
  }));
}
