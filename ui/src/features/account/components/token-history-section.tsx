import { QueryState } from '@/components/ui/query-state.tsx';
import { useTokenHistory } from '../api/account.ts';
import { dayAndTime } from '@/lib/dates.ts';
import { StackedCell, StackedRow, StackedTable } from '@/components/ui/stacked-table.tsx';

/** Every change to the player's tokens, newest first, with its reason and the balance after it. */
export function TokenHistorySection() {
  const history = useTokenHistory();
  return (
    <section aria-labelledby="tokens-heading" className="mt-10">
      <h2 id="tokens-heading" className="font-display text-2xl font-bold text-white">
        Token history
      </h2>
      {history.isPending || history.error ? (
        <QueryState isPending={history.isPending} error={history.error} retry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <p className="mt-3 text-slate-300">No token changes yet. Tokens arrive with each completed purchase.</p>
      ) : (
        <StackedTable caption="Your token changes, newest first" columns={['Date', 'Change', 'Reason', 'Balance']}>
          {history.data.map((entry) => (
            <StackedRow key={entry.id} testId="token-row">
              <StackedCell label="Date">{dayAndTime(entry.createdAt)}</StackedCell>
              <StackedCell label="Change">
                <span className={entry.delta > 0 ? 'font-semibold text-moss-300' : 'font-semibold text-red-300'}>
                  {entry.delta > 0 ? `+${entry.delta}` : `\u2212${Math.abs(entry.delta)}`}
                </span>
              </StackedCell>
              <StackedCell label="Reason">{entry.reason}</StackedCell>
              <StackedCell label="Balance">{entry.balanceAfter}</StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
    </section>
  );
}
