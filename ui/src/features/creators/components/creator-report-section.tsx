import { useId, useState } from 'react';
import type { CreatorFiguresDto } from '@contract/creators.ts';
import { inputClasses } from '@/components/ui/form-fields.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { StackedCell, StackedRow, StackedTable } from '@/components/ui/stacked-table.tsx';
import { formatMoney } from '@/lib/format.ts';
import { useCreatorReport } from '../api/creators.ts';
import { currentMonth, monthName } from './month.ts';

const COLUMNS = ['Code', 'Sales', 'Money taken', 'Share owed', 'Refunded (not counted)'];

/** The month's figures per creator, with a month picker (UTC months); refunded purchases shown apart. */
export function CreatorReportSection() {
  const id = useId();
  const [month, setMonth] = useState(currentMonth);
  const report = useCreatorReport(month);
  return (
    <section aria-labelledby="report-heading" className="mt-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="report-heading" className="font-display text-2xl font-bold text-white">
          Report for {monthName(report.data?.month ?? month)}
        </h2>
        <div className="grid gap-1">
          <label htmlFor={id} className="text-sm font-medium text-slate-200">
            Month
          </label>
          <input
            id={id}
            type="month"
            name="month"
            value={month}
            onChange={(event) => event.target.value && setMonth(event.target.value)}
            className={inputClasses}
          />
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-400">
        Completed purchases by the month they were paid (UTC). Refunded and disputed ones are owed nothing.{' '}
        <a
          href={`/api/creators/report.csv?month=${encodeURIComponent(report.data?.month ?? month)}`}
          className="font-semibold text-gold-400 underline"
        >
          Export CSV
        </a>
      </p>
      {report.isPending || report.error ? (
        <QueryState isPending={report.isPending} error={report.error} retry={() => void report.refetch()} />
      ) : report.data.rows.length === 0 ? (
        <p className="mt-3 text-slate-300">No creators yet.</p>
      ) : (
        <StackedTable caption={`Creator codes in ${monthName(report.data.month)}`} columns={COLUMNS}>
          {report.data.rows.map((row) => (
            <ReportRow key={row.creator.id} label={row.creator.code} figures={row} />
          ))}
          <ReportRow label="Total" figures={report.data.totals} />
        </StackedTable>
      )}
    </section>
  );
}

function ReportRow({ label, figures }: { label: string; figures: CreatorFiguresDto }) {
  return (
    <StackedRow testId="report-row">
      <StackedCell label="Code">
        <span className="font-semibold">{label}</span>
      </StackedCell>
      <StackedCell label="Sales">{figures.sales}</StackedCell>
      <StackedCell label="Money taken">{formatMoney(figures.taken)}</StackedCell>
      <StackedCell label="Share owed">
        <span className="font-semibold text-moss-300">{formatMoney(figures.shareOwed)}</span>
      </StackedCell>
      <StackedCell label="Refunded (not counted)">
        {figures.refunds > 0 ? `${figures.refunds} (${formatMoney(figures.refunded)})` : '—'}
      </StackedCell>
    </StackedRow>
  );
}
