import { GIFT_MONTHS } from '@contract/payments.ts';
import { Field } from '@/components/ui/form-fields.tsx';
import { formatPrice } from '@/lib/format.ts';
import { useGiftMonthQuotes } from '../api/quote.ts';
import type { CheckoutItem } from '../api/use-checkout-item.ts';

/**
 * A gifted pass's months, each at the server's price for them (a sale takes its percent off all the months of a gift,
 * which is paid at once); a coupon, if any, comes off in the order summary.
 */
export function GiftMonthsField({
  item,
  months,
  onChange,
}: {
  item: CheckoutItem;
  months: number;
  onChange: (months: number) => void;
}) {
  const quotes = useGiftMonthQuotes(item);
  const sale = quotes.get(months)?.sale;
  const hint = 'Paid once. A gifted pass does not renew.';
  return (
    <Field
      label="Months"
      hint={sale ? `${sale.name}: ${sale.percentOff}% off all the months of a gift. ${hint}` : hint}
    >
      {(props) => (
        <select {...props} name="giftMonths" value={months} onChange={(event) => onChange(Number(event.target.value))}>
          {GIFT_MONTHS.map((count) => {
            const quote = quotes.get(count);
            return (
              <option key={count} value={count}>
                {count} {count === 1 ? 'month' : 'months'}
                {quote ? ` (${formatPrice(quote.total)})` : ''}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}
