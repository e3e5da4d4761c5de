import type { Purchase } from '../purchases/purchase.ts';
import { formatUsd } from '../shared/money.ts';

/** The texts members and the staff channel receive. Kept short: Discord shows them as notifications. */

export const messages = {
  staffPurchase(purchase: Purchase, buyer: string): string {
    const banReason = purchase.banReason ? `\nBan reason: ${purchase.banReason}` : '';
    return `New purchase: ${purchase.productName} for ${formatUsd(purchase.priceCents)} by ${buyer} (payment ${purchase.paymentIntentId ?? purchase.id}).${banReason}`;
  },
  staffDispute(purchase: Purchase, buyer: string): string {
    return `Payment dispute on ${purchase.productName} (${formatUsd(purchase.priceCents)}) by ${buyer}: the buyer is banned from the store and the role is being removed.`;
  },
  staffUnderpaid(purchase: Purchase, buyer: string): string {
    return `Payment held for staff: ${buyer} paid ${formatUsd(purchase.amountPaidCents ?? 0)} for ${purchase.productName} (${formatUsd(purchase.priceCents)}). ${purchase.failureReason ?? ''} No tokens or role were given: refund it at the payment provider, or settle it with the buyer. Purchase ${purchase.id}.`;
  },
  auditReason(purchase: Purchase, what: 'purchase' | 'refunded' | 'disputed'): string {
    return what === 'purchase' ? `Purchase ${purchase.id}: ${purchase.productName}` : `Purchase ${purchase.id} ${what}`;
  },
};
