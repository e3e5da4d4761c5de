import type { Purchase } from '../../../core/purchases/purchase.ts';
import type { PurchaseSummary } from '../../../core/purchases/list-purchases.ts';
import type { RecentPurchase } from '../../../core/purchases/list-recent-purchases.ts';
import { centsToDollars } from '../../../core/shared/money.ts';
import type { Delivery } from '../../../core/delivery/delivery.ts';
import type { PurchaseDto, PurchasesResponse, RecentPurchaseDto } from '../contract/purchases.ts';
import { presentDelivery, roleDelivery } from './deliveries.ts';

export function presentPurchase(purchase: Purchase, deliveries: readonly Delivery[] = []): PurchaseDto {
  const role = roleDelivery(deliveries);
  return {
    id: purchase.id,
    productType: purchase.productType,
    productId: purchase.productId,
    optionId: purchase.optionId,
    productName: purchase.productName,
    price: centsToDollars(purchase.priceCents),
    buyerEmail: purchase.buyerEmail,
    buyerDiscord: purchase.buyerDiscord,
    banReason: purchase.banReason,
    paymentIntentId: purchase.paymentIntentId,
    status: purchase.status,
    tokensGranted: purchase.tokensGranted,
    tokensAwarded: purchase.tokensAwarded,
    failureReason: purchase.failureReason,
    createdAt: purchase.createdAt.toISOString(),
    completedAt: purchase.completedAt?.toISOString() ?? null,
    roleDelivery: role ? presentDelivery(role) : null,
  };
}

export function presentPurchaseList(
  purchases: Purchase[],
  summary: PurchaseSummary,
  nextBefore: string | null = null,
  deliveries: ReadonlyMap<string, Delivery[]> = new Map(),
): PurchasesResponse {
  return {
    nextBefore,
    purchases: purchases.map((purchase) => presentPurchase(purchase, deliveries.get(purchase.id))),
    count: summary.count,
    revenue: centsToDollars(summary.revenueCents),
    completed: summary.completed,
    pending: summary.pending,
  };
}

export function presentRecentPurchase(purchase: RecentPurchase): RecentPurchaseDto {
  return {
    name: purchase.name,
    item: purchase.item,
    amount: centsToDollars(purchase.priceCents),
    purchasedAt: purchase.purchasedAt.toISOString(),
  };
}
