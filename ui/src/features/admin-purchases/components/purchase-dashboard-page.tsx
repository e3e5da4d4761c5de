import { format } from 'date-fns';
import { day } from '@/lib/dates.ts';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { PurchaseDto } from '@contract/purchases.ts';
import { QueryState } from '@/components/ui/query-state.tsx';
import { StackedCell, StackedRow, StackedTable } from '@/components/ui/stacked-table.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { formatMoney } from '@/lib/format.ts';
import { NotAuthorized } from '@/features/auth';
import { usePurchases } from '../api/purchases.ts';
import { DeliveryState } from './delivery-state.tsx';
import { StatusBadge, TypeBadge } from './purchase-badges.tsx';
import { PurchaseDetailsDialog } from './purchase-details-dialog.tsx';

const COLUMNS = ['Customer', 'Product', 'Type', 'Amount', 'Status', 'Discord', 'Date', 'Actions'];

export default function PurchaseDashboardPage() {
  const purchases = usePurchases();
  const [viewing, setViewing] = useState<PurchaseDto | null>(null);
  if (purchases.error instanceof ApiError && (purchases.error.status === 401 || purchases.error.status === 403))
    return <NotAuthorized requiredRole="admin" />;
  const data = purchases.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <title>Purchase Dashboard | Bayou Roleplay</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl font-bold text-gold-400">Purchase Dashboard</h1>
        <div className="flex flex-wrap gap-2">
          <Link
            to={paths.adminApplications}
            className="rounded-md border border-bayou-600 px-3 py-2 text-sm text-slate-100 hover:border-gold-400"
          >
            Whitelist Applications
          </Link>
          <button
            type="button"
            onClick={() => purchases.refetch()}
            className="flex items-center gap-2 rounded-md bg-gold-500 px-3 py-2 text-sm font-semibold text-bayou-950 hover:bg-gold-400"
          >
            <RefreshCw aria-hidden size={16} className={purchases.isFetching ? 'animate-spin' : ''} /> Refresh
          </button>
        </div>
      </div>
      {!data ? (
        <QueryState isPending={purchases.isPending} error={purchases.error} retry={() => purchases.refetch()} />
      ) : (
        <>
          <dl aria-label="Summary" className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
            {[
              ['Total Purchases', String(data.count)],
              ['Total Revenue', formatMoney(data.revenue)],
              ['Completed', String(data.completed)],
              ['Pending', String(data.pending)],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl border border-bayou-700 bg-bayou-900 p-4">
                <dt className="text-sm text-slate-400">{label}</dt>
                <dd
                  className="mt-1 text-2xl font-bold text-white"
                  data-testid={`summary-${label.toLowerCase().replace(/ /g, '-')}`}
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <section
            aria-labelledby="recent-purchases-title"
            className="mt-8 min-w-0 overflow-hidden rounded-xl border border-bayou-700 bg-bayou-900"
          >
            <h2 id="recent-purchases-title" className="px-4 pt-4 font-display text-xl font-bold text-white">
              Recent Purchases
            </h2>
            {data.purchases.length === 0 ? (
              <p className="px-4 py-10 text-center text-slate-300">No purchases yet</p>
            ) : (
              <StackedTable caption="Recent purchases, newest first" columns={COLUMNS} className="mt-3">
                {data.purchases.map((purchase) => (
                  <StackedRow key={purchase.id}>
                    <StackedCell label="Customer">
                      <span className="block font-medium text-slate-100">{purchase.buyerDiscord ?? '—'}</span>
                      <span className="block text-xs text-slate-400">{purchase.buyerEmail ?? ''}</span>
                    </StackedCell>
                    <StackedCell label="Product">{purchase.productName}</StackedCell>
                    <StackedCell label="Type">
                      <TypeBadge type={purchase.productType} />
                    </StackedCell>
                    <StackedCell label="Amount">
                      <span className="font-semibold">{formatMoney(purchase.price)}</span>
                    </StackedCell>
                    <StackedCell label="Status">
                      <StatusBadge status={purchase.status} />
                    </StackedCell>
                    <StackedCell label="Discord">
                      <DeliveryState delivery={purchase.roleDelivery} />
                    </StackedCell>
                    <StackedCell label="Date" className="md:whitespace-nowrap">
                      <span className="block">{day(purchase.createdAt)}</span>
                      <span className="block text-xs text-slate-400">
                        {format(new Date(purchase.createdAt), 'HH:mm')}
                      </span>
                    </StackedCell>
                    <StackedCell label="Actions">
                      <button
                        type="button"
                        onClick={() => setViewing(purchase)}
                        className="rounded-md border border-bayou-600 px-3 py-1 text-xs hover:border-gold-400"
                      >
                        View
                      </button>
                    </StackedCell>
                  </StackedRow>
                ))}
              </StackedTable>
            )}
          </section>
        </>
      )}
      <PurchaseDetailsDialog purchase={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
