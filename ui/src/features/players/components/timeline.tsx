import type { TimelineEntryDto } from '@contract/players.ts';
import { StatusPill } from '@/components/ui/status-pill.tsx';
import { dayAndTime } from '@/lib/dates.ts';

const KIND_WORDS: Record<TimelineEntryDto['kind'], string> = {
  purchase: 'Purchase',
  purchase_status: 'Purchase',
  ledger: 'Tokens',
  application: 'Application',
  decision: 'Decision',
  store_ban: 'Store ban',
  account_action: 'Admin action',
  delivery: 'Discord',
  membership: 'Priority Pass',
};

/** The player's history, newest first; purchases open their details for admins. */
export function Timeline({
  entries,
  onViewPurchase,
}: {
  entries: TimelineEntryDto[];
  onViewPurchase: ((purchaseId: string) => void) | null;
}) {
  if (entries.length === 0) return <p className="text-slate-300">Nothing has happened on this account yet.</p>;
  return (
    <ol className="grid gap-3" aria-label="Timeline, newest first">
      {entries.map((entry) => (
        <li
          key={`${entry.kind}-${entry.id}`}
          data-kind={entry.kind}
          className="min-w-0 rounded-lg border border-bayou-700 bg-bayou-900/70 p-3 sm:p-4"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <p className="text-xs font-semibold uppercase tracking-wide text-moss-300">{KIND_WORDS[entry.kind]}</p>
            <time dateTime={entry.at} className="text-xs text-slate-300">
              {dayAndTime(entry.at)}
            </time>
          </div>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <h3 className="min-w-0 font-semibold text-slate-100 [overflow-wrap:anywhere]">{entry.title}</h3>
            {entry.status && <StatusPill status={entry.status} />}
          </div>
          {entry.detail && <p className="mt-1 text-sm text-slate-300 [overflow-wrap:anywhere]">{entry.detail}</p>}
          {entry.notes && (
            <p className="mt-2 whitespace-pre-wrap rounded-md border border-bayou-700 bg-bayou-950 px-3 py-2 text-sm text-slate-200 [overflow-wrap:anywhere]">
              {entry.notes}
            </p>
          )}
          {entry.actor && (
            <p className="mt-2 text-xs text-slate-300 [overflow-wrap:anywhere]">
              By {entry.actor.name}
              {entry.actor.discordId ? ` (${entry.actor.discordId})` : ''}
              {entry.channel ? ` · ${entry.channel === 'web' ? 'website' : 'terminal'}` : ''}
            </p>
          )}
          {entry.purchaseId && onViewPurchase && (
            <button
              type="button"
              onClick={() => entry.purchaseId && onViewPurchase(entry.purchaseId)}
              className="mt-2 rounded-md border border-bayou-600 px-3 py-1 text-sm font-semibold text-gold-300 hover:bg-bayou-800 focus:outline-none focus:ring-2 focus:ring-gold-400"
            >
              View<span className="sr-only"> purchase {entry.title.replace(/^Purchase: /, '')}</span>
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}
