import type { CreatorFiguresDto } from '@contract/creators.ts';
import { StackedCell, StackedRow, StackedTable } from '@/components/ui/stacked-table.tsx';
import { formatMoney } from '@/lib/format.ts';
import { useMyCreator } from '../api/creators.ts';
import { monthName } from './month.ts';

/** /account: a creator's own code and what it brought in this month and last; nothing for other players. */
export function CreatorSection() {
  const mine = useMyCreator();
  const creator = mine.data?.creator;
  if (!creator) return null;
  return (
    <section aria-labelledby="creator-heading" className="mt-10" data-testid="creator-section">
      <h2 id="creator-heading" className="font-display text-2xl font-bold text-white">
        Creator code
      </h2>
      <p className="mt-2 text-slate-200">
        Your code: <strong className="text-gold-400">{creator.code}</strong>, with a {creator.sharePercent}% share of
        the money taken.
        {creator.disabledAt && ' It is disabled: buyers can no longer use it.'}
      </p>
      <p className="mt-1 text-sm text-slate-400">
        Completed purchases by the month they were paid (UTC); refunded ones are not counted.
      </p>
      <StackedTable caption="Your creator code's figures" columns={['Month', 'Sales', 'Money taken', 'Share owed']}>
        {creator.months.map((month) => (
          <FiguresRow key={month.month} label={monthName(month.month)} figures={month} />
        ))}
      </StackedTable>
    </section>
  );
}

function FiguresRow({ label, figures }: { label: string; figures: CreatorFiguresDto }) {
  return (
    <StackedRow testId="creator-month">
      <StackedCell label="Month">{label}</StackedCell>
      <StackedCell label="Sales">{figures.sales}</StackedCell>
      <StackedCell label="Money taken">{formatMoney(figures.taken)}</StackedCell>
      <StackedCell label="Share owed">
        <span className="font-semibold text-moss-300">{formatMoney(figures.shareOwed)}</span>
      </StackedCell>
    </StackedRow>
  );
}
