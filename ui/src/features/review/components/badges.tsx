/** SPEC section 4: approved green, pending and under review yellow, rejected or denied red, anything else grey. */
const STATUS_CLASSES: Record<string, string> = {
  approved: 'bg-green-500/20 text-green-200 ring-green-500/40',
  pending: 'bg-yellow-500/20 text-yellow-200 ring-yellow-500/40',
  under_review: 'bg-yellow-500/20 text-yellow-200 ring-yellow-500/40',
  rejected: 'bg-red-500/20 text-red-200 ring-red-500/40',
  denied: 'bg-red-500/20 text-red-200 ring-red-500/40',
};
const GREY = 'bg-slate-500/20 text-slate-200 ring-slate-500/40';

/** Position badges: admin red, moderator blue, support green, developer purple. */
const POSITION_CLASSES: Record<string, string> = {
  admin: 'bg-red-500/20 text-red-200 ring-red-500/40',
  moderator: 'bg-blue-500/20 text-blue-200 ring-blue-500/40',
  support: 'bg-green-500/20 text-green-200 ring-green-500/40',
  developer: 'bg-purple-500/20 text-purple-200 ring-purple-500/40',
};

/** The second whitelist screen speaks of approved or denied (SPEC section 4); the server stores a denial as rejected. */
export function shownStatus(status: string): string {
  return status === 'rejected' ? 'denied' : status;
}

const base = 'inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1';

export function StatusBadge({ status }: { status: string }) {
  return (
    <span data-testid="status" data-status={status} className={`${base} ${STATUS_CLASSES[status] ?? GREY}`}>
      {status.replace(/_/g, ' ')}
    </span>
  );
}

export function PositionBadge({ position }: { position: string }) {
  return (
    <span data-position={position} className={`${base} ${POSITION_CLASSES[position] ?? GREY}`}>
      {position}
    </span>
  );
}
