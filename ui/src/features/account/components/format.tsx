import { format } from 'date-fns';
import type { BuyerPurchaseStatusDto, MyPurchaseDto } from '@contract/account.ts';

/** SPEC section 9: 'MMM dd, yyyy' and 'HH:mm'. */
export const day = (iso: string) => format(new Date(iso), 'MMM dd, yyyy');
export const dayAndTime = (iso: string) => format(new Date(iso), 'MMM dd, yyyy HH:mm');

/** How a player reads each purchase status (DESIGN-DECISIONS §10). */
export const PURCHASE_STATUS_LABELS: Record<BuyerPurchaseStatusDto, string> = {
  completed: 'Completed',
  awaiting_payment: 'Awaiting payment',
  failed: 'Failed',
  abandoned: 'Abandoned',
  refunded: 'Refunded',
  disputed: 'Disputed',
};

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

const TONES: Record<string, string> = {
  completed: 'bg-green-500/20 text-green-200 ring-green-500/40',
  approved: 'bg-green-500/20 text-green-200 ring-green-500/40',
  awaiting_payment: 'bg-yellow-500/20 text-yellow-100 ring-yellow-500/40',
  pending: 'bg-yellow-500/20 text-yellow-100 ring-yellow-500/40',
  under_review: 'bg-yellow-500/20 text-yellow-100 ring-yellow-500/40',
  failed: 'bg-red-500/20 text-red-200 ring-red-500/40',
  disputed: 'bg-red-500/20 text-red-200 ring-red-500/40',
  rejected: 'bg-red-500/20 text-red-200 ring-red-500/40',
  denied: 'bg-red-500/20 text-red-200 ring-red-500/40',
};
const GREY = 'bg-slate-500/20 text-slate-200 ring-slate-500/40';

export function StatusPill({ status, label }: { status: string; label: string }) {
  return (
    <span
      data-status={status}
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${TONES[status] ?? GREY}`}
    >
      {label}
    </span>
  );
}
