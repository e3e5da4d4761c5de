import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatPrice } from '@/lib/format.ts';
import type { CheckoutPricing } from '../api/quote.ts';
import { PaymentSection, type PaymentSectionProps } from './payment-section.tsx';
import type { PaymentRequest } from './payment-request.ts';

/** The payment of the order at the server's price (with the coupon it accepted), once the server has priced it. */
export function PricedPayment({
  pricing,
  request,
  priceField,
  onCompleted,
}: {
  pricing: CheckoutPricing;
  /** the item and the buyer's details; the price and the coupon are added here */
  request: PaymentRequest;
  /** the order form sends `price`, the card page `amount` (docs/product.md#checkout) */
  priceField: 'price' | 'amount';
  onCompleted: PaymentSectionProps['onCompleted'];
}) {
  if (pricing.total === null && pricing.error && !pricing.entered)
    return (
      <div role="alert" className="rounded-lg border border-red-500/40 bg-red-950/40 p-4 text-center">
        <p className="font-semibold text-red-200">Your order could not be priced</p>
        <p className="mt-1 text-sm text-red-100/80">{errorMessage(pricing.error)}</p>
        <button
          type="button"
          onClick={pricing.retry}
          className="mt-3 rounded-md bg-gold-500 px-4 py-2 text-sm font-semibold text-bayou-950 hover:bg-gold-400"
        >
          Try again
        </button>
      </div>
    );
  if (pricing.total === null) return <Spinner label="Pricing your order" />;
  return (
    <PaymentSection
      request={{
        ...request,
        ...(priceField === 'price' ? { price: pricing.total } : { amount: pricing.total }),
        ...(pricing.applied ? { couponCode: pricing.applied } : {}),
      }}
      payLabel={`Pay ${formatPrice(pricing.total)}`}
      onCompleted={onCompleted}
    />
  );
}
