import { QueryState } from '@/components/ui/query-state.tsx';
import { useTokenParts } from '@/features/auth';
import { useTokenHistory } from '../api/account.ts';
import { dayAndTime } from '@/lib/dates.ts';
import { StackedCell, StackedRow, StackedTable } from '@/components/ui/stacked-table.tsx';

/**
 * The balance split into the tokens bought with money and those earned or granted, then every change to it, newest
 * first, with its reason, the bought tokens it moved and the balance after it.
 */
export function TokenHistorySection() {
  const history = useTokenHistory();
  const parts = useTokenParts();
  return (
    <section aria-labelledby="tokens-heading" className="mt-10">
      <h2 id="tokens-heading" className="font-display text-2xl font-bold text-white">
        Token history
      </h2>
      {parts.data && (
        <p className="mt-3 text-slate-200" data-testid="token-parts">
          <span className="font-semibold text-white">{tokenCount(parts.data.tokens)}</span>:{' '}
          {parts.data.boughtTokens.toLocaleString('en-US')} bought, {parts.data.earnedTokens.toLocaleString('en-US')}{' '}
          earned or granted. Spending uses the earned tokens first.
        </p>
      )}
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
                {entry.boughtDelta !== 0 && (
                  <span className="text-sm text-slate-300">
                    {' '}
                    {entry.delta > 0 ? 'bought' : `${Math.abs(entry.boughtDelta)} of them bought`}
                  </span>
                )}
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

const tokenCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'token' : 'tokens'}`;
