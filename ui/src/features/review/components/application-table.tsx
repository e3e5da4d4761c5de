import type { ReactNode } from 'react';
import { PlayerLink } from '@/features/players';
import { day } from '@/lib/dates.ts';
import { LoadMore } from './load-more.tsx';
import { openerAttribute } from './review-dialog.tsx';
import { Cell, ResponsiveTable } from './responsive-table.tsx';

/** The applications loaded so far as a table (or the empty text), with "Load more" below. */
export function ApplicationTable<T extends { id: string }>({
  applications,
  total,
  query,
  empty,
  caption = 'Applications, newest first',
  columns,
  row,
}: {
  applications: T[];
  total: number | undefined;
  query: Parameters<typeof LoadMore>[0]['query'];
  empty: string;
  caption?: string;
  columns: string[];
  row: (application: T) => ReactNode;
}) {
  return (
    <>
      {total === 0 ? (
        <p className="mt-8 text-center text-slate-300">{empty}</p>
      ) : (
        <ResponsiveTable caption={caption} columns={columns}>
          {applications.map(row)}
        </ResponsiveTable>
      )}
      {total !== undefined && <LoadMore shown={applications.length} total={total} query={query} />}
    </>
  );
}

/** The last two cells of every review row: when it was sent, and the button that opens it (View once decided). */
export function AppliedAndOpen({
  id,
  createdAt,
  decided,
  opening,
  onOpen,
  sentLabel = 'Applied',
}: {
  id: string;
  createdAt: string;
  decided: boolean;
  /** its answers are on their way: the dialog opens when they arrive */
  opening: boolean;
  onOpen: () => void;
  /** the column the day sits in */
  sentLabel?: string;
}) {
  return (
    <>
      <Cell label={sentLabel}>{day(createdAt)}</Cell>
      <Cell label="Action">
        <button
          type="button"
          {...openerAttribute(id)}
          onClick={() => !opening && onOpen()}
          aria-busy={opening || undefined}
          className="rounded-md bg-gold-500 px-3 py-1.5 font-semibold text-bayou-950 hover:bg-gold-400 aria-busy:opacity-70"
        >
          {opening ? 'Opening...' : decided ? 'View' : 'Review'}
        </button>
      </Cell>
    </>
  );
}

/** A row's first cell: the player's name, a link to their player page, over a second line (`children`). */
export function PlayerCell({
  label,
  application,
  children,
}: {
  label: string;
  application: { userId: string; discordUsername: string };
  children: ReactNode;
}) {
  return (
    <Cell label={label}>
      <span className="block">
        <PlayerLink userId={application.userId} name={application.discordUsername} />
      </span>
      {children}
    </Cell>
  );
}
