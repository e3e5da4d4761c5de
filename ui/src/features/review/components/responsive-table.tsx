import type { ReactNode } from 'react';

/** A table on wide screens; on narrow ones each row becomes a card with labelled lines, so nothing scrolls sideways. */
export function ResponsiveTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <div className="mt-6 rounded-xl border border-bayou-700">
      <table className="block w-full text-left text-sm md:table">
        <thead className="hidden bg-bayou-800 text-slate-300 md:table-header-group">
          <tr>
            {columns.map((column) => (
              <th key={column} className="px-4 py-3">
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

export function Row({ id, children }: { id: string; children: ReactNode }) {
  return (
    <tr
      data-application-id={id}
      className="grid gap-2 border-t border-bayou-700 p-4 first:border-t-0 md:table-row md:p-0 md:first:border-t"
    >
      {children}
    </tr>
  );
}

export function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="flex min-w-0 items-start justify-between gap-3 md:table-cell md:px-4 md:py-3">
      <span className="text-xs uppercase tracking-wide text-slate-400 md:hidden">{label}</span>
      <span className="min-w-0 break-words text-right md:text-left">{children}</span>
    </td>
  );
}
