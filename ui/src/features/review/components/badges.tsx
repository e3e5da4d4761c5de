import { StatusPill } from '@/components/ui/status-pill.tsx';

const GREY = 'bg-slate-500/20 text-slate-200 ring-slate-500/40';

/** Position badges: admin red, moderator blue, support green, developer purple. */
const POSITION_CLASSES: Record<string, string> = {
  admin: 'bg-red-500/20 text-red-200 ring-red-500/40',
  moderator: 'bg-blue-500/20 text-blue-200 ring-blue-500/40',
  support: 'bg-green-500/20 text-green-200 ring-green-500/40',
  developer: 'bg-purple-500/20 text-purple-200 ring-purple-500/40',
};

const base = 'inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1';

/**
 * The colours of docs/product.md#texts-and-timings, and one word per status of each kind on every screen: a refused whitelist application
 * reads Rejected, a refused staff application Denied (each kind's own stored word).
 */
export function StatusBadge({ status }: { status: string }) {
  return <StatusPill status={status} testId="status" />;
}

export function PositionBadge({ position }: { position: string }) {
  return (
    <span data-position={position} className={`${base} ${POSITION_CLASSES[position] ?? GREY}`}>
      {position}
    </span>
  );
}
