import type { ReactNode } from 'react';
import { day } from '@/lib/dates.ts';
import { Pager } from './pager.tsx';
import { Cell, ResponsiveTable } from './responsive-table.tsx';

interface Listed<T> {
  applications: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** A page of applications as a table (or the empty text), with the pager below. */
export function ApplicationTable<T extends { id: string }>({
  data,
  empty,
  columns,
  row,
  onPage,
}: {
  data: Listed<T> | undefined;
  empty: string;
  columns: string[];
  row: (application: T) => ReactNode;
  onPage: (page: number) => void;
}) {
  return (
    <>
      {data && data.applications.length === 0 ? (
        <p className="mt-8 text-center text-slate-300">{empty}</p>
      ) : (
        <ResponsiveTable columns={columns}>{data?.applications.map(row)}</ResponsiveTable>
      )}
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={onPage} />}
    </>
  );
}

/** The last two cells of every review row: when it was sent, and the button that opens it (View once decided). */
export function AppliedAndOpen({
  createdAt,
  decided,
  onOpen,
}: {
  createdAt: string;
  decided: boolean;
  onOpen: () => void;
}) {
  return (
    <>
      <Cell label="Applied">{day(createdAt)}</Cell>
      <Cell label="Action">
        <button
          type="button"
          onClick={onOpen}
          className="rounded-md bg-gold-500 px-3 py-1.5 font-semibold text-bayou-950 hover:bg-gold-400"
        >
          {decided ? 'View' : 'Review'}
        </button>
      </Cell>
    </>
  );
}
