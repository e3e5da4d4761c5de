/**
 * One word and one colour for each status, the same on every screen. Colours (docs/product.md#texts-and-timings): done green
 * (completed, approved, delivered), waiting yellow (awaiting payment, pending, under review), refused or failed
 * red; anything else (abandoned, refunded, not set up...) grey.
 */
export const STATUS_WORDS: Record<string, string> = {
  awaiting_payment: 'Awaiting payment',
  completed: 'Completed',
  failed: 'Failed',
  abandoned: 'Abandoned',
  refunded: 'Refunded',
  disputed: 'Disputed',
  underpaid: 'Underpaid',
  pending: 'Pending',
  under_review: 'Under review',
  approved: 'Approved',
  rejected: 'Rejected',
  denied: 'Denied',
  sending: 'Sending',
  delivered: 'Delivered',
  not_configured: 'Not set up',
};

const GREEN = 'bg-green-500/20 text-green-100 ring-green-500/40';
const YELLOW = 'bg-yellow-500/20 text-yellow-100 ring-yellow-500/40';
const RED = 'bg-red-500/20 text-red-100 ring-red-500/40';
const GREY = 'bg-slate-500/20 text-slate-100 ring-slate-500/40';

const TONES: Record<string, string> = {
  completed: GREEN,
  approved: GREEN,
  delivered: GREEN,
  awaiting_payment: YELLOW,
  pending: YELLOW,
  under_review: YELLOW,
  failed: RED,
  disputed: RED,
  underpaid: RED,
  rejected: RED,
  denied: RED,
};

export function statusWord(status: string): string {
  const word = STATUS_WORDS[status];
  if (word) return word;
  const text = status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Whether the status has a colour of its own (else it is grey). */
export const hasStatusTone = (status: string) => status in TONES;

export function StatusPill({ status, label, testId }: { status: string; label?: string; testId?: string }) {
  return (
    <span
      data-testid={testId}
      data-status={status}
      data-colour={hasStatusTone(status) ? status : 'other'}
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${TONES[status] ?? GREY}`}
    >
      {label ?? statusWord(status)}
    </span>
  );
}
