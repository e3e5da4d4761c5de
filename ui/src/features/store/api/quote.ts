import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { QuoteDto } from '@contract/promotions.ts';
import { api } from '@/lib/api-client.ts';
import type { CheckoutItem } from './use-checkout-item.ts';

export const quoteKeys = {
  item: (type: string, id: string, optionId: string | null, coupon: string, months: number | null) =>
    ['checkout', 'quote', type, id, optionId, coupon, months] as const,
};

export function quoteQuery(item: CheckoutItem, coupon: string, giftMonths: number | null = null) {
  const query = new URLSearchParams({ productType: item.product.type, productId: item.product.id });
  if (item.option) query.set('option', item.option.id);
  if (coupon) query.set('coupon', coupon);
  if (giftMonths) query.set('months', String(giftMonths));
  return queryOptions({
    queryKey: quoteKeys.item(item.product.type, item.product.id, item.option?.id ?? null, coupon, giftMonths),
    queryFn: ({ signal }) => api.get<QuoteDto>(`/api/checkout/quote?${query.toString()}`, { signal }),
    retry: false,
    staleTime: 30_000,
  });
}

/**
 * What the checkout charges, as the server prices it: the catalogue price, a live sale, and the coupon the buyer
 * applied, for all of a gifted pass's months. A code the server refuses is kept out of the payment, with the
 * server's reason shown at the field.
 */
export function useCheckoutPricing(item: CheckoutItem, giftMonths: number | null = null) {
  const [entered, setEntered] = useState('');
  const quote = useQuery({ ...quoteQuery(item, entered, giftMonths), placeholderData: keepPreviousData });
  const data = quote.data && !quote.isPlaceholderData ? quote.data : undefined;
  const applied = data?.coupon ? data.coupon.code : '';
  return {
    /** the server's quote for the code entered; undefined while it is asked */
    quote: data,
    /** the last quote, shown while a new one is asked */
    shown: quote.data,
    /** the code as entered, and the one the server accepted ('' for none) */
    entered,
    applied,
    refusal: data?.couponRefusal?.message ?? null,
    error: quote.error,
    /** what the payment is for: the total, and the accepted code */
    total:
      data?.total ?? (quote.error && entered === '' ? Math.round(item.price * (giftMonths ?? 1) * 100) / 100 : null),
    apply: (code: string) => setEntered(code.trim()),
    remove: () => setEntered(''),
  };
}
export type CheckoutPricing = ReturnType<typeof useCheckoutPricing>;
