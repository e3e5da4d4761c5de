import type { Delivery } from '../../../core/delivery/delivery.ts';
import type { DeliveryDto, MyPurchaseResponse } from '../contract/deliveries.ts';
import type { Purchase } from '../../../core/purchases/purchase.ts';

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

export function presentMyPurchase(purchase: Purchase, deliveries: readonly Delivery[]): MyPurchaseResponse {
  const grant = deliveries.find((d) => d.kind === 'grant_role');
  const role: MyPurchaseResponse['role'] = !grant
    ? 'none'
    : grant.status === 'delivered'
      ? 'granted'
      : grant.status === 'sending'
        ? 'pending'
        : grant.status;
  return {
    purchaseId: purchase.id,
    productName: purchase.productName,
    status: purchase.status,
    role,
    roleGrantedAt: grant?.deliveredAt?.toISOString() ?? null,
  };
}
