import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  CompletePurchaseRequest,
  CompletePurchaseResponse,
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  DemoConfirmRequest,
  DemoConfirmResponse,
} from '@contract/payments.ts';
import type { MyPurchaseDto } from '@contract/account.ts';
import type { RecentPurchasesResponse } from '@contract/purchases.ts';
import { api } from '@/lib/api-client.ts';

export const storeKeys = {
  recent: () => ['purchases', 'recent'] as const,
};

export { paymentsConfigQuery, usePaymentsConfig } from '@/lib/payments-config.ts';

export function createPaymentIntent(body: CreatePaymentIntentRequest): Promise<CreatePaymentIntentResponse> {
  return api.post<CreatePaymentIntentResponse>('/api/create-payment-intent', body);
}

export function completePurchase(body: CompletePurchaseRequest): Promise<CompletePurchaseResponse> {
  return api.post<CompletePurchaseResponse>('/api/complete-purchase', body);
}

export function confirmDemoPayment(body: DemoConfirmRequest): Promise<DemoConfirmResponse> {
  return api.post<DemoConfirmResponse>('/api/payments/demo/confirm', body);
}

// one function for every render, so the selected list keeps its identity between renders
const selectItems = (data: RecentPurchasesResponse) => data.items;

export function recentPurchasesQuery() {
  return queryOptions({
    queryKey: storeKeys.recent(),
    queryFn: ({ signal }) => api.get<RecentPurchasesResponse>('/api/purchases/recent', { signal }),
    select: selectItems,
    retry: false,
  });
}

/** Real recent purchases for the home page's panel; undefined (the panel's sample list) until the store has sales. */
export function useRecentPurchaseItems() {
  const recent = useQuery(recentPurchasesQuery());
  return recent.data && recent.data.length > 0 ? recent.data : undefined;
}

export const PAYMENT_STATUS_REFRESH_MS = 2000;
/** how long the post-payment page asks every 2 s; after that it asks every 10 s while the payment is unsettled */
export const PAYMENT_STATUS_WATCH_MS = 60_000;
export const PAYMENT_STATUS_SLOW_REFRESH_MS = 10_000;

/**
 * The buyer's own purchase as the server tells it: null when signed out, an ApiError (404) when it is not theirs or
 * does not exist. Asked again while the payment is awaited (until it settles), and while the Discord role or what the
 * game server gives is on its way.
 */
export function useMyPurchase(reference: string) {
  const [startedAt] = useState(() => Date.now());
  return useQuery({
    queryKey: ['purchases', 'mine', reference] as const,
    queryFn: ({ signal }) =>
      api.get<MyPurchaseDto | null>(`/api/user/purchases/${encodeURIComponent(reference)}`, {
        signal,
        on401: 'returnNull',
      }),
    enabled: reference !== '',
    retry: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      const early = Date.now() - startedAt < PAYMENT_STATUS_WATCH_MS;
      if (data?.status === 'awaiting_payment')
        return early ? PAYMENT_STATUS_REFRESH_MS : PAYMENT_STATUS_SLOW_REFRESH_MS;
      return (data?.role === 'pending' || data?.inGame?.state === 'waiting') && early
        ? PAYMENT_STATUS_REFRESH_MS
        : false;
    },
  });
}
