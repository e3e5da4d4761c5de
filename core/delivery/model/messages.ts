import type { Purchase } from '../../purchases/model/purchase.ts';
import { formatUsd } from '../../shared/money.ts';

/** A grant the game server reported failed, as the staff channel names it. */
export interface FailedGrant {
  id: string;
  productId: string;
  optionId: string | null;
  action: string;
  discordId: string;
  purchaseId: string | null;
}

/** The texts members and the staff channel receive. They are short: Discord shows them as notifications. */

export const messages = {
  staffPurchase(purchase: Purchase, buyer: string): string {
    const banReason = purchase.banReason ? `\nBan reason: ${purchase.banReason}` : '';
    const gift = purchase.gift ? ` as a gift for ${purchase.gift.name} (Discord ${purchase.gift.discordId})` : '';
    return `New purchase: ${giftItem(purchase)} for ${formatUsd(purchase.priceCents)} by ${buyer}${gift} (payment ${purchase.paymentIntentId ?? purchase.id}).${banReason}`;
  },
  staffDispute(purchase: Purchase, buyer: string): string {
    return `Payment dispute on ${purchase.productName} (${formatUsd(purchase.priceCents)}) by ${buyer}: the buyer is banned from the store and the role is being removed.`;
  },
  staffGrantFailed(grant: FailedGrant, message: string): string {
    const item = grant.optionId ? `${grant.productId} (${grant.optionId})` : grant.productId;
    const said = message.length > 300 ? `${message.slice(0, 300)}…` : message;
    return `A game server grant failed: ${grant.action} of ${item} for Discord ${grant.discordId}: ${said} Resend it or mark it done by hand from the purchase (grant ${grant.id}).`;
  },
  staffUnderpaid(purchase: Purchase, buyer: string): string {
    return `Payment held for staff: ${buyer} paid ${formatUsd(purchase.amountPaidCents ?? 0)} for ${purchase.productName} (${formatUsd(purchase.priceCents)}). ${purchase.failureReason ?? ''} No tokens or role were given: refund it at the payment provider, or settle it with the buyer. Purchase ${purchase.id}.`;
  },
  giftReceived(purchase: Purchase): string {
    return `You received a gift from ${giftBuyer(purchase)}: ${giftItem(purchase)}. See it on your account page.`;
  },
  giftWaiting(purchase: Purchase): string {
    return `${giftBuyer(purchase)} bought you a gift: ${giftItem(purchase)}. Sign in to the store with Discord to receive it.`;
  },
  giftSent(purchase: Purchase, delivered: boolean): string {
    const recipient = purchase.gift?.name ?? 'the recipient';
    return delivered
      ? `Your gift of ${giftItem(purchase)} has been delivered to ${recipient}.`
      : `Your gift of ${giftItem(purchase)} for ${recipient} is paid. They receive it when they first sign in to the store.`;
  },
  staffGiftPassBlocked(purchase: Purchase, heldTierId: string): string {
    return `A gifted ${giftItem(purchase)} for ${purchase.gift?.name ?? 'a player'} did not start: they already hold a live Priority Pass (${heldTierId}). Refund purchase ${purchase.id} or settle it with them.`;
  },
  auditReason(purchase: Purchase, what: 'purchase' | 'refunded' | 'disputed'): string {
    return what === 'purchase' ? `Purchase ${purchase.id}: ${purchase.productName}` : `Purchase ${purchase.id} ${what}`;
  },
};

const giftBuyer = (purchase: Purchase) => purchase.buyerDiscord ?? 'Another player';

/** the item, with a gifted pass's months */
function giftItem(purchase: Purchase): string {
  const months = purchase.gift?.months;
  return months
    ? `${purchase.productName} Priority Pass (${months} month${months === 1 ? '' : 's'})`
    : purchase.productName;
}
