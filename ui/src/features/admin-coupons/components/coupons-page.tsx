import { AdminList, AdminPage } from '@/components/ui/admin-page.tsx';
import { StackedCell, StackedRow, StackedTable } from '@/components/ui/stacked-table.tsx';
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
    <AdminPage
      title="Coupons"
      intro="Codes are not case-sensitive. A coupon is taken off the sale price; no discount takes a charge below $0.50."
    >
      <CouponForm products={products} />
      <AdminList heading="All coupons" query={coupons} actionError={disable.error} empty="No coupons yet.">
        {(rows) => (
          <StackedTable caption="Coupons, newest first" columns={COLUMNS}>
            {rows.map((coupon) => (
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
      </AdminList>
      <SalesSection />
    </AdminPage>
  );
}
