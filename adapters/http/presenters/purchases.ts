import { type Purchase, reversalReason } from '../../../core/purchases/model/purchase.ts';
import type { PurchaseSummary } from '../../../core/purchases/use-cases/list-purchases.ts';
import type { RecentPurchase } from '../../../core/purchases/use-cases/list-recent-purchases.ts';
import { centsToDollars } from '../../../core/shared/money.ts';
import type { Delivery } from '../../../core/delivery/model/delivery.ts';
import type {
  DiscountDto,
  PurchaseDetailDto,
  PurchaseDto,
  PurchasesResponse,
  PurchaseSummaryDto,
  DeliveryStateDto,
  RecentPurchaseDto,
} from '../contract/purchases.ts';
import { presentDelivery, roleDelivery } from './deliveries.ts';
import { presentTokenEntry } from './auth.ts';
import { buyerView } from '../../../core/purchases/model/buyer-view.ts';
import type { PurchaseStatusChange } from '../../../core/purchases/ports.ts';
import type { RefundEffects } from '../../../core/purchases/use-cases/preview-refund.ts';
import { displayName, type User } from '../../../core/users/model/user.ts';
import type { TokenLedgerEntry } from '../../../core/tokens/model/ledger-entry.ts';

/** the ledger references a purchase's entries carry */
export const purchaseLedgerReferences = (id: string) => [`purchase:${id}`, `refunded:${id}`, `disputed:${id}`];

export function presentPurchaseDetail(
  purchase: Purchase,
  buyer: User | null,
  ledger: readonly TokenLedgerEntry[],
  deliveries: readonly Delivery[],
  history: readonly PurchaseStatusChange[],
  terms: RefundEffects,
  now: Date,
  /** who holds its tokens: the buyer, or a gift's recipient */
  holder: User | null = buyer,
): Omit<PurchaseDetailDto, 'grants'> {
  const references = purchaseLedgerReferences(purchase.id);
  return {
    purchase: presentPurchase(purchase, deliveries, now),
    buyer: buyer
      ? {
          id: buyer.id,
          name: displayName(buyer),
          discordId: buyer.discordId,
          discordUsername: buyer.discordUsername,
          tokens: buyer.tokens,
        }
      : null,
    history: history.map((change) => ({
      status: change.status,
      reason: change.reason,
      by: change.by,
      at: change.at.toISOString(),
    })),
    ledger: ledger
      .filter((entry) => entry.reference !== null && references.includes(entry.reference))
      .map(presentTokenEntry),
    deliveries: [...deliveries].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map(presentDelivery),
    refund: {
      // Tebex's payments are refunded in its panel; its webhook then removes the tokens here
      refundable: purchase.status === 'completed' && purchase.paymentIntentId !== null && purchase.gateway !== 'tebex',
      tokensToRemove: Math.max(0, Math.min(purchase.tokensAwarded, holder?.tokens ?? 0)),
      tokensFrom: holder ? { name: displayName(holder), recipient: holder.id !== purchase.userId } : null,
      roleToRemove: terms.role?.removed ? terms.role.roleId : null,
      roleRetained: terms.role && !terms.role.removed ? terms.role.roleId : null,
      membership: terms.membership,
    },
  };
}

/** `now` tells an open checkout from an abandoned one */
export function presentPurchase(
  purchase: Purchase,
  deliveries: readonly Delivery[] = [],
  now: Date = new Date(),
): PurchaseDto {
  const role = roleDelivery(deliveries);
  return {
    ...headline(purchase, now),
    productId: purchase.productId,
    optionId: purchase.optionId,
    ...presentDiscount(purchase),
    paymentReference: purchase.paymentReference ?? null,
    banReason: purchase.banReason,
    paymentIntentId: purchase.paymentIntentId,
    tokensGranted: purchase.tokensGranted,
    tokensAwarded: purchase.tokensAwarded,
    // a refund's or a dispute's note is no failure: it has its own field
    failureReason: purchase.status === 'failed' || purchase.status === 'underpaid' ? purchase.failureReason : null,
    refundReason: reversalReason(purchase),
    paymentAttemptedAt: purchase.paymentAttemptedAt?.toISOString() ?? null,
    completedAt: purchase.completedAt?.toISOString() ?? null,
    roleDelivery: role ? presentDelivery(role) : null,
    creatorCode: purchase.creator?.code ?? null,
    creatorCodeStatus: purchase.creator?.provider ?? null,
    reportedCreatorCode: purchase.providerCodes ? purchase.providerCodes.creatorCode : null,
    reportedCouponCodes: purchase.providerCodes?.couponCodes ?? null,
    giftTo: purchase.gift ? `${purchase.gift.name} (${purchase.gift.discordId})` : null,
    giftMonths: purchase.gift?.months ?? null,
    consentGivenAt: purchase.withdrawalConsent?.givenAt.toISOString() ?? null,
    consentVersion: purchase.withdrawalConsent?.version ?? null,
    consentAddress: purchase.withdrawalConsent?.address ?? null,
    gift: purchase.gift
      ? {
          name: purchase.gift.name,
          discordId: purchase.gift.discordId,
          userId: purchase.gift.userId,
          months: purchase.gift.months,
          deliveredAt: purchase.gift.deliveredAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** the catalogue price, what came off it, and the coupon and sale that took it off */
export function presentDiscount(purchase: Purchase): DiscountDto {
  const discount = purchase.discount ?? null;
  const listPriceCents = discount?.listPriceCents ?? purchase.priceCents;
  return {
    listPrice: centsToDollars(listPriceCents),
    discount: centsToDollars(listPriceCents - purchase.priceCents),
    couponCode: discount?.coupon?.code ?? null,
    saleName: discount?.sale?.name ?? null,
  };
}

/** what the provider took, in dollars; null while nothing was */
const paidDollars = (purchase: Purchase) =>
  purchase.amountPaidCents === null || purchase.amountPaidCents === undefined
    ? null
    : centsToDollars(purchase.amountPaidCents);

/** What the table's Discord cell shows: the state, and until delivered why, how often, and what Retry needs. */
function deliveryState(delivery: Delivery): DeliveryStateDto {
  return delivery.status !== 'delivered'
    ? {
        kind: delivery.kind,
        status: delivery.status,
        id: delivery.id,
        attempts: delivery.attempts,
        lastError: delivery.lastError,
      }
    : { kind: delivery.kind, status: delivery.status };
}

/** A row of the /admin table: who bought what, for how much, through which gateway, and its role delivery's state. */
export function presentPurchaseSummary(
  purchase: Purchase,
  deliveries: readonly Delivery[] = [],
  now: Date = new Date(),
): PurchaseSummaryDto {
  const role = roleDelivery(deliveries);
  return { ...headline(purchase, now), roleDelivery: role ? deliveryState(role) : null };
}

/** What both a purchase and its row of the /admin table show: who bought what, for how much, how, and where it stands. */
function headline(purchase: Purchase, now: Date): Omit<PurchaseSummaryDto, 'roleDelivery'> {
  return {
    id: purchase.id,
    userId: purchase.userId,
    productName: purchase.productName,
    productType: purchase.productType,
    price: centsToDollars(purchase.priceCents),
    amountPaid: paidDollars(purchase),
    buyerEmail: purchase.buyerEmail,
    buyerDiscord: purchase.buyerDiscord,
    gateway: purchase.gateway ?? 'demo',
    status: buyerView(purchase, now).status,
    paymentTried: Boolean(purchase.paymentAttemptedAt),
    createdAt: purchase.createdAt.toISOString(),
  };
}

/** A page and the totals: summaries for the dashboard, or (`full`, the terminal's JSON) every field of each. */
export function presentPurchaseList(
  purchases: Purchase[],
  summary: PurchaseSummary,
  nextBefore: string | null = null,
  deliveries: ReadonlyMap<string, Delivery[]> = new Map(),
  now: Date = new Date(),
  full = false,
): PurchasesResponse {
  const present = full ? presentPurchase : presentPurchaseSummary;
  return {
    nextBefore,
    purchases: purchases.map((purchase) => present(purchase, deliveries.get(purchase.id), now)),
    count: summary.count,
    revenue: centsToDollars(summary.revenueCents),
    completed: summary.completed,
    pending: summary.pending,
    byStatus: summary.byStatus,
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
