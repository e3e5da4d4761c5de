import type { ReactNode } from 'react';
import { StackedCell, StackedRow, StackedTable } from '@/components/ui/stacked-table.tsx';

/** A table on wide screens; on narrow ones each row becomes a card with labelled lines, so nothing scrolls sideways. */
export function ResponsiveTable({
  caption,
  columns,
  children,
}: {
  /** what the rows are, for screen readers: "Applications, newest first" */
  caption: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <StackedTable caption={caption} columns={columns} className="mt-6 rounded-xl border border-bayou-700">
      {children}
    </StackedTable>
  );
}

export function Row({ id, children }: { id: string; children: ReactNode }) {
  return <StackedRow data-application-id={id}>{children}</StackedRow>;
}

export function Cell({ label, children }: { label: string; children: ReactNode }) {
  return <StackedCell label={label}>{children}</StackedCell>;
}
