import type { MyPurchaseDto } from '@contract/account.ts';

/** A purchase's tokens as the player reads them: granted once paid, none for an unpaid one, removed after a refund. */
export function tokensText(purchase: Pick<MyPurchaseDto, 'status' | 'tokens' | 'tokensCredited' | 'gift'>): string {
  // a store whose purchases credit no tokens
  if (purchase.tokens === 0) return 'None';
  switch (purchase.status) {
    case 'completed':
      // a gift's tokens are its recipient's: none until they sign in
      if (purchase.gift?.direction === 'to')
        return purchase.gift.delivered
          ? `${purchase.tokensCredited} tokens for ${purchase.gift.name}`
          : `${purchase.tokens} tokens for ${purchase.gift.name} once they sign in`;
      return `${purchase.tokensCredited} tokens`;
    case 'awaiting_payment':
      return `${purchase.tokens} tokens once paid`;
    case 'refunded':
    case 'disputed':
      return `${purchase.tokens} tokens (removed)`;
    default:
      return 'None';
  }
}

/**
 * What a purchase that was not paid means for the player: a declined payment took nothing, an open checkout takes
 * nothing until it is paid; null for the others.
 */
export function outcomeText(purchase: Pick<MyPurchaseDto, 'status' | 'failureReason'>): string | null {
  switch (purchase.status) {
    case 'failed':
      return `${purchase.failureReason ?? 'The payment did not go through.'} You were not charged.`;
    case 'awaiting_payment':
      return 'Checkout open: nothing is taken until you pay.';
    case 'underpaid':
      return 'Payment held: our staff are checking it.';
    default:
      return null;
  }
}

/** A purchase whose payment went through (refunded and disputed ones too): it has a receipt. Else only its details. */
export const wasPaid = (status: MyPurchaseDto['status']) =>
  status === 'completed' || status === 'refunded' || status === 'disputed';

/** The creator code a purchase supports, as the buyer reads it (with Tebex's refusal); null for none. */
export function creatorCodeText(purchase: Pick<MyPurchaseDto, 'creatorCode' | 'creatorCodeStatus'>): string | null {
  if (!purchase.creatorCode) return null;
  return purchase.creatorCodeStatus === 'refused' ? `${purchase.creatorCode} (refused by Tebex)` : purchase.creatorCode;
}
/** "Gift to Marigold" on the buyer's side, "Gift from Jean" on the recipient's; null when not a gift. */
export function giftText(purchase: Pick<MyPurchaseDto, 'gift'>): string | null {
  const gift = purchase.gift;
  if (!gift) return null;
  const months = gift.months ? ` (${gift.months} ${gift.months === 1 ? 'month' : 'months'})` : '';
  if (gift.direction === 'from') return `Gift from ${gift.name}${months}`;
  return `Gift to ${gift.name}${months}${gift.delivered ? '' : ', waiting for their first sign-in'}`;
}

/** A gift received: its price and payment are the buyer's. */
export const received = (purchase: Pick<MyPurchaseDto, 'gift'>) => purchase.gift?.direction === 'from';
