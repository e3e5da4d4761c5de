import type { Purchase } from '../purchases/purchase.ts';
import { formatUsd } from '../shared/money.ts';

/** The texts members and the staff channel receive. Kept short: Discord shows them as notifications. */
const BRAND = 'Bayou Roleplay';

const notesLine = (notes: string | null) => (notes ? `\nReviewer notes: ${notes}` : '');

export const messages = {
  whitelistDecision(status: 'approved' | 'rejected', notes: string | null): string {
    return status === 'approved'
      ? `Your ${BRAND} whitelist application was approved. Welcome to the bayou! Your whitelist role is on its way.${notesLine(notes)}`
      : `Your ${BRAND} whitelist application was not approved this time.${notesLine(notes)}`;
  },
  staffDecision(status: 'under_review' | 'approved' | 'denied', position: string, notes: string | null): string {
    const what = `Your ${BRAND} staff application (${position})`;
    if (status === 'under_review') return `${what} is now under review.${notesLine(notes)}`;
    if (status === 'approved') return `${what} was approved. A member of the team will contact you about the next steps.${notesLine(notes)}`;
    return `${what} was not accepted this time.${notesLine(notes)}`;
  },
  staffNewApplication(kind: 'whitelist' | 'staff', applicant: string, detail: string): string {
    return kind === 'whitelist' ? `New whitelist application from ${applicant}.` : `New staff application from ${applicant} for ${detail}.`;
  },
  staffPurchase(purchase: Purchase, buyer: string): string {
    return `New purchase: ${purchase.productName} for ${formatUsd(purchase.priceCents)} by ${buyer} (payment ${purchase.paymentIntentId ?? purchase.id}).`;
  },
  staffDispute(purchase: Purchase, buyer: string): string {
    return `Payment dispute on ${purchase.productName} (${formatUsd(purchase.priceCents)}) by ${buyer}: the buyer is banned from the store and the role is being removed.`;
  },
  auditReason(purchase: Purchase, what: 'purchase' | 'refunded' | 'disputed'): string {
    return what === 'purchase' ? `Purchase ${purchase.id}: ${purchase.productName}` : `Purchase ${purchase.id} ${what}`;
  },
};
