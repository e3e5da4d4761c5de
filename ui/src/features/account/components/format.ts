import type { MyPurchaseDto } from '@contract/account.ts';

/** A purchase's tokens as the player reads them: granted once paid, none for an unpaid one, taken back after a refund. */
export function tokensText(purchase: Pick<MyPurchaseDto, 'status' | 'tokens' | 'tokensCredited'>): string {
  switch (purchase.status) {
    case 'completed':
      return `${purchase.tokensCredited} tokens`;
    case 'awaiting_payment':
      return `${purchase.tokens} tokens once paid`;
    case 'refunded':
    case 'disputed':
      return `${purchase.tokens} tokens (taken back)`;
    default:
      return 'None';
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
