import type { ReactNode } from 'react';

/** A table on wide screens; on phones each row becomes a card of labelled lines, so nothing scrolls sideways. */
export function StackedTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <div className="mt-4 rounded-xl border border-bayou-700 bg-bayou-900/60">
      <table className="block w-full text-left text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-bayou-800 text-slate-300 md:table-header-group">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block md:table-row-group">{children}</tbody>
      </table>
    </div>
  );
}

export function StackedRow({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <tr
      data-testid={testId}
      className="grid gap-2 border-t border-bayou-700 p-4 first:border-t-0 md:table-row md:p-0 md:first:border-t"
    >
      {children}
    </tr>
  );
}

export function StackedCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="flex min-w-0 items-start justify-between gap-3 text-slate-100 md:table-cell md:px-4 md:py-3">
      <span aria-hidden className="text-xs uppercase tracking-wide text-slate-400 md:hidden">
        {label}
      </span>
      <span className="min-w-0 break-words text-right md:text-left">{children}</span>
    </td>
  );
}
