import type { QuoteDto } from '@contract/promotions.ts';
import { dayAndTime } from '@/lib/dates.ts';
import { formatMoney, formatPrice } from '@/lib/format.ts';

/**
 * The order's price as the server quoted it: the list price struck through when something lowers it, the sale and
 * when it ends, the coupon with its code, and the total.
 */
export function PriceLines({
  quote,
  monthly,
}: {
  /** undefined until the server has priced the order: no price is shown before it is the server's */
  quote: QuoteDto | undefined;
  /** a Priority Pass: say which monthly charges the coupon lowers */
  monthly: boolean;
}) {
  const lowered = quote !== undefined && (quote.sale !== null || quote.coupon !== null);
  return (
    <>
      {lowered && (
        <div className="flex justify-between gap-3">
          <dt className="text-slate-400">List price</dt>
          <dd data-testid="list-price">
            <del>{formatPrice(quote.listPrice)}</del>
          </dd>
        </div>
      )}
      {quote?.sale && (
        <div className="flex justify-between gap-3">
          <dt className="text-slate-400">
            {quote.sale.name} ({quote.sale.percentOff}% off)
            <span className="block text-xs">Sale ends {dayAndTime(quote.sale.endsAt)}</span>
          </dt>
          <dd data-testid="sale-discount">{formatMoney(quote.sale.price - quote.listPrice)}</dd>
        </div>
      )}
      {quote?.coupon && (
        <div className="flex justify-between gap-3">
          <dt className="text-slate-400">
            Coupon <span className="font-semibold text-slate-200">{quote.coupon.code}</span>
            {monthly && quote.coupon.months !== 1 && (
              <span className="block text-xs">
                {quote.coupon.months === null
                  ? 'Every monthly charge'
                  : `The first ${quote.coupon.months} monthly charges`}
              </span>
            )}
          </dt>
          <dd data-testid="coupon-discount">{formatMoney(-quote.coupon.discount)}</dd>
        </div>
      )}
      <div className="flex justify-between gap-3 border-t border-bayou-700 pt-2">
        <dt className="font-semibold">Total</dt>
        <dd className="text-xl font-extrabold text-gold-400" data-testid="order-total">
          {quote ? formatPrice(quote.total) : 'Pricing...'}
        </dd>
      </div>
    </>
  );
}

/** Whether a coupon stacks on the sale, as the server states it; outside the price list. */
export function StackingNote({ quote }: { quote: QuoteDto | undefined }) {
  if (!quote?.sale) return null;
  return (
    <p className="mt-2 text-xs text-slate-400" data-testid="coupon-stacking">
      {quote.stacking}
    </p>
  );
}
