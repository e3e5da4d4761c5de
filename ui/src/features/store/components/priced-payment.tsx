import { Spinner } from '@/components/ui/spinner.tsx';
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
  /** the order form sends `price`, the card page `amount` (SPEC section 7) */
  priceField: 'price' | 'amount';
  onCompleted: PaymentSectionProps['onCompleted'];
}) {
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
