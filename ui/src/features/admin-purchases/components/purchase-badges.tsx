import type { PurchaseStatusDto } from '@contract/purchases.ts';
import { StatusPill, statusWord } from '@/components/ui/status-pill.tsx';

const TYPE_COLOURS: Record<string, string> = {
  whitelist: 'bg-blue-500/20 text-blue-200 ring-blue-400/40',
  gang: 'bg-purple-500/20 text-purple-200 ring-purple-400/40',
  addon: 'bg-green-500/20 text-green-200 ring-green-400/40',
};

/** The statuses an admin filters by, in the order the list offers them. */
export const STATUS_LABELS: Record<PurchaseStatusDto, string> = {
  awaiting_payment: statusWord('awaiting_payment'),
  completed: statusWord('completed'),
  failed: statusWord('failed'),
  abandoned: statusWord('abandoned'),
  refunded: statusWord('refunded'),
  disputed: statusWord('disputed'),
  underpaid: statusWord('underpaid'),
};

const GREY = 'bg-slate-500/20 text-slate-200 ring-slate-400/40';

/** docs/product.md#texts-and-timings: whitelist blue, gang purple, addon green, anything else grey. */
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

/** docs/product.md#texts-and-timings: completed green, pending (awaiting payment) yellow, failed red, anything else grey. */
export function StatusBadge({ status }: { status: PurchaseStatusDto }) {
  return <StatusPill status={status} />;
}
