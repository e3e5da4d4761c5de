const TYPE_COLOURS: Record<string, string> = {
  whitelist: 'bg-blue-500/20 text-blue-200 ring-blue-400/40',
  gang: 'bg-purple-500/20 text-purple-200 ring-purple-400/40',
  addon: 'bg-green-500/20 text-green-200 ring-green-400/40',
};

const STATUS_COLOURS: Record<string, string> = {
  completed: 'bg-green-500/20 text-green-200 ring-green-400/40',
  pending: 'bg-yellow-500/20 text-yellow-100 ring-yellow-400/40',
  failed: 'bg-red-500/20 text-red-200 ring-red-400/40',
};

const GREY = 'bg-slate-500/20 text-slate-200 ring-slate-400/40';

/** SPEC section 4: whitelist blue, gang purple, addon green, anything else grey. */
export function TypeBadge({ type }: { type: string }) {
  return (
    <span
      data-colour={TYPE_COLOURS[type] ? type : 'other'}
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ${TYPE_COLOURS[type] ?? GREY}`}
    >
      {type}
    </span>
  );
}

/** SPEC section 4: completed green, pending yellow, failed red, anything else grey. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      data-colour={STATUS_COLOURS[status] ? status : 'other'}
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ${STATUS_COLOURS[status] ?? GREY}`}
    >
      {status}
    </span>
  );
}
