import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useCurrentUser } from '@/features/auth';
import { errorMessage } from '@/lib/api-client.ts';
import { formatPrice } from '@/lib/format.ts';
import type { CheckoutPricing } from '../api/quote.ts';
import { agreedTerms, CheckoutTerms, NO_TERMS, termsAgreed } from './checkout-terms.tsx';
import { PaymentSection, type PaymentSectionProps } from './payment-section.tsx';
import type { PaymentRequest } from './payment-request.ts';

/**
 * The payment of the order at the server's price (with the coupon it accepted), once the server has priced it and the
 * buyer has given the withdrawal consent (and, before a first purchase, their age): the payment opens only then.
 */
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
  const { user } = useCurrentUser();
  // asked once for this page: the answer stored by this checkout does not open the payment again
  const [askAge] = useState(() => !user?.ageDeclared);
  const [terms, setTerms] = useState(NO_TERMS);
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
    <div className="space-y-4">
      <CheckoutTerms value={terms} askAge={askAge} onChange={setTerms} />
      {termsAgreed(terms, askAge) && (
        <PaymentSection
          request={{
            ...request,
            ...(priceField === 'price' ? { price: pricing.total } : { amount: pricing.total }),
            ...(pricing.applied ? { couponCode: pricing.applied } : {}),
            ...agreedTerms(terms, askAge),
          }}
          payLabel={`Pay now ${formatPrice(pricing.total)}`}
          onCompleted={onCompleted}
        />
      )}
    </div>
  );
}
