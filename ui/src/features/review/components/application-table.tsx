import type { ReactNode } from 'react';
import { Pager } from './pager.tsx';
import { ResponsiveTable } from './responsive-table.tsx';

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
