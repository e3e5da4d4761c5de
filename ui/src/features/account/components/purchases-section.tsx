import { Link } from 'react-router-dom';
import { pagePath } from '@contract/pages.ts';
import { QueryState } from '@/components/ui/query-state.tsx';
import { paths } from '@/config/paths.ts';
import { discountText, formatMoney } from '@/lib/format.ts';
import { useMyPurchases } from '../api/account.ts';
import { day } from '@/lib/dates.ts';
import { creatorCodeText, giftText, outcomeText, received, tokensText, wasPaid } from './format.ts';
import { StatusPill } from '@/components/ui/status-pill.tsx';
import { InGameStatus } from '@/components/ui/in-game-status.tsx';
import { StackedCell, StackedRow, StackedTable } from '@/components/ui/stacked-table.tsx';

const COLUMNS = ['Product', 'Amount', 'Status', 'Date', 'Transaction ID', 'Tokens', 'Details'];

/** The player's purchases, newest first, each with its receipt. */
export function PurchasesSection() {
  const purchases = useMyPurchases();
  const rows = purchases.data?.pages.flatMap((page) => page.purchases) ?? [];
  return (
    <section aria-labelledby="purchases-heading" className="mt-10">
      <h2 id="purchases-heading" className="font-display text-2xl font-bold text-white">
        Purchases
      </h2>
      {purchases.isPending || purchases.error ? (
        <QueryState isPending={purchases.isPending} error={purchases.error} retry={() => void purchases.refetch()} />
      ) : rows.length === 0 ? (
        <p className="mt-3 text-slate-300">
          No purchases yet.{' '}
          <Link to={paths.priorityPass} className="text-gold-400 underline">
            Browse the Priority Pass
          </Link>
        </p>
      ) : (
        <StackedTable caption="Your purchases, newest first" columns={COLUMNS}>
          {rows.map((purchase) => (
            <StackedRow key={purchase.purchaseId} testId="purchase-row">
              <StackedCell label="Product">
                <span className="font-semibold">{purchase.productName}</span>
                {purchase.gift && (
                  <span className="block text-sm text-moss-300" data-testid="purchase-gift">
                    {giftText(purchase)}
                  </span>
                )}
                {purchase.creatorCode && (
                  <span className="block text-xs text-slate-300">Creator code: {creatorCodeText(purchase)}</span>
                )}
              </StackedCell>
              <StackedCell label="Amount">
                {received(purchase) ? 'Gift' : formatMoney(purchase.amount)}
                {discountText(purchase) && (
                  <span className="block text-xs text-slate-400">{discountText(purchase)}</span>
                )}
              </StackedCell>
              <StackedCell label="Status">
                <StatusPill status={purchase.status} />
                {outcomeText(purchase) && (
                  <span className="mt-1 block text-xs text-slate-300" data-testid="purchase-outcome">
                    {outcomeText(purchase)}
                  </span>
                )}
                <InGameStatus inGame={purchase.inGame} />
              </StackedCell>
              <StackedCell label="Date">{day(purchase.createdAt)}</StackedCell>
              <StackedCell label="Transaction ID">
                <code className="break-all text-xs text-slate-200">
                  {purchase.transactionId ?? (received(purchase) ? 'none (a gift)' : 'none (not paid)')}
                </code>
              </StackedCell>
              <StackedCell label="Tokens">{tokensText(purchase)}</StackedCell>
              <StackedCell label="Details">
                <Link
                  to={pagePath(paths.accountReceipt, { id: purchase.purchaseId })}
                  aria-label={`${wasPaid(purchase.status) ? 'Receipt for' : 'Details of'} ${purchase.productName}, ${day(purchase.createdAt)}`}
                  className="font-semibold text-gold-400 underline"
                >
                  {wasPaid(purchase.status) ? 'Receipt' : 'Details'}
                </Link>
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
      {purchases.hasNextPage && (
        <button
          type="button"
          onClick={() => void purchases.fetchNextPage()}
          disabled={purchases.isFetchingNextPage}
          className="mt-4 rounded-md border border-bayou-600 px-4 py-2 text-slate-100 hover:border-gold-400"
        >
          {purchases.isFetchingNextPage ? 'Loading...' : 'Show older purchases'}
        </button>
      )}
    </section>
  );
}
