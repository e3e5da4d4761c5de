/** Status colours: done green, waiting yellow, refused or failed red, anything else grey. */
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
