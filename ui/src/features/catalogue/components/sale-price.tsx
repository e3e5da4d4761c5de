import type { ItemOnSaleDto } from '@contract/promotions.ts';
import { dayAndTime } from '@/lib/dates.ts';
import { formatPrice } from '@/lib/format.ts';

/**
 * A card's price on sale: the old price struck through, the sale price, and when the sale ends. `monthly`: a Priority
 * Pass tier, whose sale lowers only the first month.
 */
export function SalePrice({
  sale,
  className = '',
  monthly = false,
}: {
  sale: ItemOnSaleDto;
  className?: string;
  monthly?: boolean;
}) {
  return (
    <div className={className} data-testid="sale-price">
      <p className="flex flex-wrap items-baseline gap-2">
        <del className="text-lg text-slate-400" data-testid="sale-was">
          <span className="sr-only">Was </span>
          {formatPrice(sale.price)}
          {monthly && '/month'}
        </del>
        <span className="text-3xl font-extrabold text-gold-400">
          <span className="sr-only">Now </span>
          <span data-testid="sale-now">{formatPrice(sale.salePrice)}</span>
          {monthly && <span className="text-sm font-medium text-slate-300"> first month</span>}
        </span>
        <span className="rounded-full bg-moss-400/20 px-2 py-0.5 text-xs font-bold text-moss-200">
          {sale.percentOff}% off
        </span>
      </p>
      {monthly && <p className="mt-1 text-sm text-slate-300">Then {formatPrice(sale.price)}/month</p>}
      <p className="mt-1 text-sm text-gold-300">Sale ends {dayAndTime(sale.endsAt)}</p>
    </div>
  );
}
