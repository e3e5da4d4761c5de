import { Link } from 'react-router-dom';
import { QueryState } from '@/components/ui/query-state.tsx';
import { StackedCell, StackedRow, StackedTable } from '@/components/ui/stacked-table.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { isRefusal, NotAuthorized, RequirePermission } from '@/features/auth';
import { useCoupons, useDisableCoupon } from '../api/coupons.ts';
import { CouponForm } from './coupon-form.tsx';
import { COUPON_STATE_WORDS, discountOf, passMonthsOf, usesOf, validityOf } from './coupon-words.ts';
import { appliesTo, useCatalogueGroups } from './product-picker.tsx';
import { SalesSection } from './sales-section.tsx';

const COLUMNS = ['Code', 'Discount', 'Applies to', 'Uses', 'Priority Pass months', 'Valid', 'State', 'Actions'];

/** /admin/coupons: the coupons with their uses, a form for a new one, and Disable; then the sales; admins only. */
export default function CouponsPage() {
  return (
    <RequirePermission permission="manage-promotions">
      <Coupons />
    </RequirePermission>
  );
}

function Coupons() {
  const coupons = useCoupons();
  const products = useCatalogueGroups();
  const disable = useDisableCoupon();
  if (isRefusal(coupons.error)) return <NotAuthorized permission="manage-promotions" />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <title>Coupons | Bayou Roleplay</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl font-bold text-gold-400">Coupons</h1>
        <Link
          to={paths.admin}
          className="rounded-md border border-bayou-600 px-3 py-2 text-sm text-slate-100 hover:border-gold-400"
        >
          Purchase Dashboard
        </Link>
      </div>
      <p className="mt-2 text-sm text-slate-300">
        Codes are not case-sensitive. A coupon is taken off the sale price; no discount takes a charge below $0.50.
      </p>
      <CouponForm products={products} />
      <h2 className="mt-10 font-display text-2xl font-bold text-white">All coupons</h2>
      {disable.error && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {errorMessage(disable.error)}
        </p>
      )}
      {coupons.isPending || coupons.error ? (
        <QueryState isPending={coupons.isPending} error={coupons.error} retry={() => void coupons.refetch()} />
      ) : coupons.data.length === 0 ? (
        <p className="mt-3 text-slate-300">No coupons yet.</p>
      ) : (
        <StackedTable caption="Coupons, newest first" columns={COLUMNS}>
          {coupons.data.map((coupon) => (
            <StackedRow key={coupon.code} testId="coupon-row">
              <StackedCell label="Code">
                <code className="whitespace-nowrap font-semibold">{coupon.code}</code>
              </StackedCell>
              <StackedCell label="Discount">{discountOf(coupon)}</StackedCell>
              <StackedCell label="Applies to">{appliesTo(coupon, products)}</StackedCell>
              <StackedCell label="Uses">{usesOf(coupon)}</StackedCell>
              <StackedCell label="Priority Pass months">{passMonthsOf(coupon)}</StackedCell>
              <StackedCell label="Valid">{validityOf(coupon)}</StackedCell>
              <StackedCell label="State">{COUPON_STATE_WORDS[coupon.state]}</StackedCell>
              <StackedCell label="Actions">
                {coupon.state === 'disabled' ? (
                  '—'
                ) : (
                  <button
                    type="button"
                    onClick={() => disable.mutate(coupon.code)}
                    disabled={disable.isPending}
                    aria-label={`Disable ${coupon.code}`}
                    className="whitespace-nowrap rounded-md border border-red-400/60 px-3 py-1 text-sm text-red-200 hover:bg-red-950/40"
                  >
                    Disable
                  </button>
                )}
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
      <SalesSection />
    </div>
  );
}
