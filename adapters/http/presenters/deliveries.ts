import type { Delivery } from '../../../core/delivery/model/delivery.ts';
import type { DeliveryDto } from '../contract/deliveries.ts';

export function presentDelivery(delivery: Delivery): DeliveryDto {
  return {
    id: delivery.id,
    kind: delivery.kind,
    status: delivery.status,
    discordId: delivery.discordId,
    roleId: delivery.roleId,
    purchaseId: delivery.purchaseId,
    applicationId: delivery.applicationId,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.nextAttemptAt.toISOString(),
    lastError: delivery.lastError,
    createdAt: delivery.createdAt.toISOString(),
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
  };
}

/** The role delivery that tells a purchase's story: the removal once there is one, else the grant. */
export function roleDelivery(deliveries: readonly Delivery[] = []): Delivery | null {
  return deliveries.find((d) => d.kind === 'remove_role') ?? deliveries.find((d) => d.kind === 'grant_role') ?? null;
}
