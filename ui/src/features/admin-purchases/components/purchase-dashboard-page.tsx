import { MembershipStrip } from '@/features/membership';
import { format } from 'date-fns';
import { day } from '@/lib/dates.ts';
import { RefreshCw } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { QueryState } from '@/components/ui/query-state.tsx';
import { StackedCell, StackedRow, StackedTable } from '@/components/ui/stacked-table.tsx';
import { paths } from '@/config/paths.ts';
import { formatMoney } from '@/lib/format.ts';
import { can, isRefusal, NotAuthorized, RequirePermission, useCurrentUser } from '@/features/auth';
import { RequireSecondFactorSetup } from '@/features/security';
import { PlayerLink, PlayerSearch } from '@/features/players';
import { FILTER_KEYS, filterQuery, type PurchaseFilters, usePurchases } from '../api/purchases.ts';
import { PurchaseFiltersForm } from './purchase-filters.tsx';
import { DeliveryState } from './delivery-state.tsx';
import { STATUS_LABELS, StatusBadge, TypeBadge } from './purchase-badges.tsx';
import { PurchaseDetailsDialog } from './purchase-details-dialog.tsx';
import { StoreRules } from './store-rules.tsx';

/** the charts and their drawing code: a chunk of their own, fetched only when the dashboard shows */
const DashboardCharts = lazy(() => import('./dashboard-charts.tsx'));

const COLUMNS = ['Customer', 'Product', 'Type', 'Amount', 'Status', 'Discord', 'Date', 'Actions'];

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
const URL_FILTER_CHECKS: Record<(typeof FILTER_KEYS)[number], (value: string) => boolean> = {
  status: (value) => value in STATUS_LABELS,
  productType: (value) => ['whitelist', 'gang', 'addon', 'unban'].includes(value),
  buyer: (value) => value.trim().length <= 100,
  from: isDay,
  to: isDay,
  unpaid: (value) => value === '1',
};

/** the filters as the URL query holds them, so a reload keeps them */
function useUrlFilters(): [PurchaseFilters, (next: PurchaseFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters: PurchaseFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    // a value edited by hand into something the list cannot take is left out rather than failing the page
    if (value && URL_FILTER_CHECKS[key](value)) (filters as Record<string, string>)[key] = value;
  }
  return [filters, (next) => setParams(filterQuery(next), { replace: true })];
}

/** /admin: the purchase dashboard, for those who view purchases. */
export default function PurchaseDashboardPage() {
  return (
    <RequirePermission permission="view-purchases">
      <PurchaseDashboard />
    </RequirePermission>
  );
}

function PurchaseDashboard() {
  const [filters, setFilters] = useUrlFilters();
  const purchases = usePurchases(filters);
  const [viewing, setViewing] = useState<string | null>(null);
  const { user } = useCurrentUser();
  // each link to another staff screen only for those who may use it
  const screens = [
    { to: paths.adminApplications, label: 'Whitelist Applications', shown: can(user, 'review-whitelist') },
    { to: paths.staffReview, label: 'Staff Applications', shown: can(user, 'review-staff') },
    { to: paths.adminCoupons, label: 'Coupons', shown: can(user, 'manage-promotions') },
    { to: paths.adminCreators, label: 'Creators', shown: can(user, 'manage-promotions') },
    { to: paths.adminTemplates, label: 'Answer Templates', shown: can(user, 'manage-templates') },
    { to: paths.adminApiTokens, label: 'API Tokens', shown: can(user, 'manage-integrations') },
    { to: paths.adminQueue, label: 'Connection Queue', shown: can(user, 'manage-queue') },
    { to: paths.adminWebhooks, label: 'Webhooks', shown: can(user, 'manage-integrations') },
  ].filter((screen) => screen.shown);
  if (isRefusal(purchases.error)) return <NotAuthorized permission="view-purchases" />;
  const first = purchases.data?.pages[0];
  const rows = purchases.data?.pages.flatMap((page) => page.purchases) ?? [];
  const exportQuery = filterQuery(filters).toString();
  const filtered = exportQuery !== '';
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <title>Purchase Dashboard | Bayou Roleplay</title>
      <RequireSecondFactorSetup enabled={can(user, 'refund')} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl font-bold text-gold-400">Purchase Dashboard</h1>
        <div className="flex flex-wrap gap-2">
          {screens.map((screen) => (
            <Link
              key={screen.to}
              to={screen.to}
              className="rounded-md border border-bayou-600 px-3 py-2 text-sm text-slate-100 hover:border-gold-400"
            >
              {screen.label}
            </Link>
          ))}
          <button
            type="button"
            onClick={() => purchases.refetch()}
            className="flex items-center gap-2 rounded-md bg-gold-500 px-3 py-2 text-sm font-semibold text-bayou-950 hover:bg-gold-400"
          >
            <RefreshCw aria-hidden size={16} className={purchases.isFetching ? 'animate-spin' : ''} /> Refresh
          </button>
        </div>
      </div>
      {can(user, 'view-players') && (
        <div className="mt-6 max-w-xl">
          <PlayerSearch />
        </div>
      )}
      <PurchaseFiltersForm filters={filters} onChange={setFilters} />
      {!first ? (
        <QueryState isPending={purchases.isPending} error={purchases.error} retry={() => purchases.refetch()} />
      ) : (
        <>
          <dl aria-label="Summary" className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
            {[
              [
                'Total Purchases',
                String(first.count),
                filtered ? 'Matching the filters' : 'Paid, declined or being paid (unpaid checkouts left out)',
              ],
              [
                'Total Revenue',
                formatMoney(first.revenue),
                'Money taken: completed purchases, less refunds and disputes',
              ],
              ['Completed', String(first.completed), 'Paid and not refunded'],
              ['Pending', String(first.pending), 'Awaiting payment: checkouts being paid now'],
            ].map(([label, value, note]) => (
              <div key={label} className="rounded-xl border border-bayou-700 bg-bayou-900 p-4">
                <dt className="text-sm text-slate-300">{label}</dt>
                <dd
                  className="mt-1 text-2xl font-bold text-white"
                  data-testid={`summary-${label.toLowerCase().replace(/ /g, '-')}`}
                >
                  {value}
                </dd>
                <dd className="mt-1 text-xs text-slate-300">{note}</dd>
              </div>
            ))}
          </dl>
          <MembershipStrip />
          <StoreRules />
          <p className="mt-3 text-sm text-slate-300" data-testid="summary-other">
            Also: {first.byStatus.failed} failed, {first.byStatus.abandoned} abandoned, {first.byStatus.refunded}{' '}
            refunded, {first.byStatus.disputed} disputed.
          </p>
          <Suspense fallback={<p className="mt-8 text-sm text-slate-300">Loading the charts…</p>}>
            <DashboardCharts />
          </Suspense>
          <section
            aria-labelledby="recent-purchases-title"
            className="mt-8 min-w-0 overflow-hidden rounded-xl border border-bayou-700 bg-bayou-900"
          >
            <div className="flex flex-wrap items-center justify-between gap-2 px-4 pt-4">
              <h2 id="recent-purchases-title" className="font-display text-xl font-bold text-white">
                Recent Purchases
              </h2>
              <a
                href={`/api/purchases/export.csv${exportQuery ? `?${exportQuery}` : ''}`}
                download
                className="rounded-md border border-bayou-600 px-3 py-2 text-sm text-slate-100 hover:border-gold-400"
              >
                Export CSV
              </a>
            </div>
            {rows.length === 0 ? (
              <p className="px-4 py-10 text-center text-slate-300">
                {filtered ? 'No purchases match these filters' : 'No purchases yet'}
              </p>
            ) : (
              <StackedTable caption="Recent purchases, newest first" columns={COLUMNS} className="mt-3">
                {rows.map((purchase) => (
                  <StackedRow key={purchase.id}>
                    <StackedCell label="Customer" className="min-w-0">
                      <span className="block break-all">
                        {can(user, 'view-players') ? (
                          <PlayerLink userId={purchase.userId} name={purchase.buyerDiscord ?? 'Player page'} />
                        ) : (
                          (purchase.buyerDiscord ?? 'Player')
                        )}
                      </span>
                      <span className="block break-all text-xs text-slate-400">{purchase.buyerEmail ?? ''}</span>
                    </StackedCell>
                    <StackedCell label="Product">{purchase.productName}</StackedCell>
                    <StackedCell label="Type">
                      <TypeBadge type={purchase.productType} />
                    </StackedCell>
                    <StackedCell label="Amount">
                      <span className="font-semibold">{formatMoney(purchase.price)}</span>{' '}
                      <span className="block text-xs text-slate-400" data-testid="row-gateway">
                        via {GATEWAY_SHORT[purchase.gateway]}
                      </span>
                    </StackedCell>
                    <StackedCell label="Status">
                      <StatusBadge status={purchase.status} />
                      {!purchase.paymentTried && purchase.status !== 'awaiting_payment' && (
                        <span className="block text-xs text-slate-400">Unpaid checkout: no payment tried</span>
                      )}
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
                        onClick={() => setViewing(purchase.id)}
                        className="rounded-md border border-bayou-600 px-3 py-1 text-xs hover:border-gold-400"
                      >
                        View
                      </button>
                    </StackedCell>
                  </StackedRow>
                ))}
              </StackedTable>
            )}
            {purchases.hasNextPage && (
              <div className="flex justify-center border-t border-bayou-700 p-4">
                <button
                  type="button"
                  onClick={() => purchases.fetchNextPage()}
                  disabled={purchases.isFetchingNextPage}
                  className="rounded-md border border-bayou-600 px-4 py-2 text-sm text-slate-100 hover:border-gold-400 disabled:opacity-60"
                >
                  {purchases.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </button>
              </div>
            )}
          </section>
        </>
      )}
      <PurchaseDetailsDialog purchaseId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

const GATEWAY_SHORT: Record<'demo' | 'stripe' | 'tebex', string> = { demo: 'demo', stripe: 'Stripe', tebex: 'Tebex' };
