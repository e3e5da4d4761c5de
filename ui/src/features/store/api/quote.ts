import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { GIFT_MONTHS } from '@contract/payments.ts';
import type { QuoteDto } from '@contract/promotions.ts';
import { api } from '@/lib/api-client.ts';
import { retryAfterOf } from './rate-limit.ts';
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
 * applied, for all of a gifted pass's months. The price without a code is asked for too: it is never counted against
 * the coupon limit, so while a code is refused, being checked, could not be checked, or must wait out the limit, the
 * order shows and charges that price (the sale's, when one is live), never the list price.
 */
export function useCheckoutPricing(item: CheckoutItem, giftMonths: number | null = null) {
  const [entered, setEntered] = useState('');
  /** when codes may be tried again (ms), after the server answered 429 */
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const base = useQuery({ ...quoteQuery(item, '', giftMonths), placeholderData: keepPreviousData });
  const coded = useQuery({ ...quoteQuery(item, entered, giftMonths), enabled: entered !== '' });
  const withCode = entered !== '';
  const limited = withCode ? retryAfterOf(coded.error) : null;
  useEffect(() => {
    if (limited === null) return;
    // the code goes: the order stays payable without it while the wait runs
    setWaitUntil(Date.now() + limited * 1000);
    setEntered('');
  }, [limited]);

  const baseQuote = base.data && !base.isPlaceholderData ? base.data : undefined;
  const data = withCode ? coded.data : baseQuote;
  const codeFailed = withCode && coded.error !== null;
  return {
    /** the server's quote for the code entered; undefined while it is asked */
    quote: data,
    /** the order as shown: the code's quote once in, else the price without a code (the last one while asked) */
    shown: (withCode && coded.data) || base.data,
    /** the price without a code, now */
    base: baseQuote,
    /** the code as entered, and the one the server accepted ('' for none) */
    entered,
    applied: data?.coupon ? data.coupon.code : '',
    refusal: data?.couponRefusal?.message ?? null,
    /** why the code could not be checked, or the price not asked */
    error: withCode ? coded.error : base.error,
    waitUntil,
    /** what the payment is for: the total with the accepted code, else without one; null while not known */
    total: data?.total ?? (codeFailed ? (baseQuote?.total ?? null) : null),
    retry: () => void (withCode ? coded.refetch() : base.refetch()),
    apply: (code: string) => setEntered(code.trim()),
    remove: () => setEntered(''),
  };
}
export type CheckoutPricing = ReturnType<typeof useCheckoutPricing>;

/** A gifted pass's price for each number of months it may run, without a code, as the server prices them. */
export function useGiftMonthQuotes(item: CheckoutItem): Map<number, QuoteDto> {
  const quotes = useQueries({
    queries: GIFT_MONTHS.map((months) => quoteQuery(item, '', months)),
  });
  const found = new Map<number, QuoteDto>();
  GIFT_MONTHS.forEach((months, index) => {
    const data = quotes[index]?.data;
    if (data) found.set(months, data);
  });
  return found;
}
