import type { Grant, GrantWithTimeline } from '../../../core/grants/model/grant.ts';
import { inGameDelivery } from '../../../core/grants/model/in-game-delivery.ts';
import type { GrantDto, InGameDeliveryDto } from '../contract/grants.ts';

export function presentGrant(grant: GrantWithTimeline): GrantDto {
  return {
    id: grant.id,
    purchaseId: grant.purchaseId,
    userId: grant.userId,
    discordId: grant.discordId,
    productId: grant.productId,
    optionId: grant.optionId,
    action: grant.action,
    runs: grant.kind === 'command' ? (grant.command ?? '') : `event ${grant.event ?? ''}`,
    needsOnline: grant.needsOnline,
    status: grant.status,
    server: grant.server,
    ranAt: grant.ranAt?.toISOString() ?? null,
    result: grant.result,
    resendOf: grant.resendOf,
    createdAt: grant.createdAt.toISOString(),
    timeline: grant.timeline.map((line) => ({
      kind: line.kind,
      at: line.at.toISOString(),
      server: line.server,
      message: line.message,
      actor: line.actor,
    })),
  };
}

/** a purchase's things in the game, from its grants */
export function presentInGame(grants: readonly Grant[]): InGameDeliveryDto {
  const delivery = inGameDelivery(grants);
  if (!delivery) return null;
  if (delivery.state === 'delivered') return { state: 'delivered', at: delivery.at.toISOString() };
  return delivery;
}

/** grants grouped by their purchase */
export function byPurchase<T extends Grant>(grants: readonly T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const grant of grants) {
    if (!grant.purchaseId) continue;
    grouped.set(grant.purchaseId, [...(grouped.get(grant.purchaseId) ?? []), grant]);
  }
  return grouped;
}
