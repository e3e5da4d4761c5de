import type { ReactNode } from 'react';

/**
 * A table on wide screens (md and up); on phones each row becomes a card of labelled lines, so nothing scrolls
 * sideways. The phone label is drawn from the cell's data-label, so a cell's text stays its value alone.
 */
export function StackedTable({
  caption,
  columns,
  children,
  className = 'mt-4 rounded-xl border border-bayou-700 bg-bayou-900/60',
}: {
  caption?: string;
  columns: string[];
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <table className="block w-full text-left text-sm md:table">
        {caption && <caption className="sr-only">{caption}</caption>}
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

export function StackedRow({
  children,
  testId,
  ...data
}: { children: ReactNode; testId?: string } & { [attribute: `data-${string}`]: string | undefined }) {
  return (
    <tr
      data-testid={testId}
      {...data}
      className="grid min-w-0 gap-2 border-t border-bayou-700 p-4 first:border-t-0 md:table-row md:p-0 md:first:border-t"
    >
      {children}
    </tr>
  );
}

export function StackedCell({
  label,
  children,
  className = '',
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <td
      data-label={label}
      className={`flex min-w-0 items-start justify-between gap-3 text-slate-100 before:shrink-0 before:text-xs before:uppercase before:tracking-wide before:text-slate-400 before:content-[attr(data-label)] md:table-cell md:px-4 md:py-3 md:before:content-none ${className}`}
    >
      <span className="min-w-0 text-right [overflow-wrap:anywhere] md:text-left">{children}</span>
    </td>
  );
}
