import type { Grant } from '../../../core/grants/model/grant.ts';
import { presentInGame } from './grants.ts';
import type { BuyerPurchase } from '../../../core/purchases/model/buyer-view.ts';
import type { MyPurchasesPage } from '../../../core/purchases/use-cases/list-my-purchases.ts';
import type { Delivery } from '../../../core/delivery/model/delivery.ts';
import { centsToDollars } from '../../../core/shared/money.ts';
import type { MyPurchaseDto, MyPurchasesResponse } from '../contract/account.ts';
import { presentDiscount } from './purchases.ts';
import { withdrawalConsentText } from '../../../core/purchases/model/withdrawal-consent.ts';

/** Whether the bot granted the purchase's Discord role, as the buyer reads it. */
function roleOf(deliveries: readonly Delivery[]): Pick<MyPurchaseDto, 'role' | 'roleGrantedAt'> {
  const grant = deliveries.find((d) => d.kind === 'grant_role');
  const role: MyPurchaseDto['role'] = !grant
    ? 'none'
    : grant.status === 'delivered'
      ? 'granted'
      : grant.status === 'sending'
        ? 'pending'
        : grant.status;
  return { role, roleGrantedAt: grant?.deliveredAt?.toISOString() ?? null };
}

/** `viewerId`: the signed-in player, the buyer or a gift's recipient */
export function presentMyPurchase(
  { purchase, status }: BuyerPurchase,
  deliveries: readonly Delivery[],
  viewerId: string,
  grants: readonly Grant[] = [],
): MyPurchaseDto {
  const received = purchase.gift ? purchase.userId !== viewerId : false;
  const shown: MyPurchaseDto = {
    purchaseId: purchase.id,
    transactionId: purchase.paymentIntentId,
    productType: purchase.productType,
    productId: purchase.productId,
    productName: purchase.productName,
    amount: centsToDollars(purchase.priceCents),
    ...presentDiscount(purchase),
    currency: purchase.currency,
    status,
    tokens: purchase.tokensGranted,
    tokensCredited: purchase.tokensAwarded,
    inGame: presentInGame(grants),
    // why it failed, or why it is held for staff: the buyer is told plainly on their purchase page
    failureReason: status === 'failed' || status === 'underpaid' ? purchase.failureReason : null,
    buyerDiscord: purchase.buyerDiscord,
    buyerEmail: purchase.buyerEmail,
    createdAt: purchase.createdAt.toISOString(),
    completedAt: purchase.completedAt?.toISOString() ?? null,
    ...roleOf(deliveries),
    creatorCode: purchase.creator?.code ?? null,
    creatorCodeStatus: purchase.creator?.provider ?? null,
    withdrawalConsent: purchase.withdrawalConsent
      ? {
          givenAt: purchase.withdrawalConsent.givenAt.toISOString(),
          text: withdrawalConsentText(purchase.withdrawalConsent.version),
        }
      : null,
    gift: purchase.gift
      ? {
          direction: received ? 'from' : 'to',
          name: received ? (purchase.buyerDiscord ?? 'Another player') : purchase.gift.name,
          months: purchase.gift.months,
          delivered: purchase.gift.deliveredAt !== null,
        }
      : null,
  };
  // what the buyer paid, and how (the coupon, the creator they named), stays the buyer's
  return received
    ? {
        ...shown,
        amount: 0,
        listPrice: 0,
        discount: 0,
        couponCode: null,
        saleName: null,
        transactionId: null,
        buyerEmail: null,
        creatorCode: null,
        creatorCodeStatus: null,
        withdrawalConsent: null,
      }
    : shown;
}

export function presentMyPurchases(
  page: MyPurchasesPage,
  deliveries: ReadonlyMap<string, Delivery[]>,
  viewerId: string,
  grants: ReadonlyMap<string, Grant[]> = new Map(),
): MyPurchasesResponse {
  return {
    purchases: page.purchases.map((mine) =>
      presentMyPurchase(mine, deliveries.get(mine.purchase.id) ?? [], viewerId, grants.get(mine.purchase.id)),
    ),
    nextBefore: page.nextBefore,
  };
}
