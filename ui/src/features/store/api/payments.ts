import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  CompletePurchaseRequest,
  CompletePurchaseResponse,
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  DemoConfirmRequest,
  DemoConfirmResponse,
  PaymentsConfigDto,
} from '@contract/payments.ts';
import type { MyPurchaseResponse } from '@contract/deliveries.ts';
import type { RecentPurchasesResponse } from '@contract/purchases.ts';
import { api } from '@/lib/api-client.ts';

export const storeKeys = {
  paymentsConfig: () => ['payments', 'config'] as const,
  recent: () => ['purchases', 'recent'] as const,
};

export function paymentsConfigQuery() {
  return queryOptions({
    queryKey: storeKeys.paymentsConfig(),
    queryFn: ({ signal }) => api.get<PaymentsConfigDto>('/api/payments/config', { signal }),
    staleTime: Infinity,
  });
}

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQuery());
}

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

export const ROLE_STATUS_REFRESH_MS = 2000;
/** how long the post-payment page keeps asking whether the bot granted the role */
export const ROLE_STATUS_WATCH_MS = 60_000;

/** The buyer's own purchase and its Discord role, asked again every 2 s while the role is on its way. */
export function useMyPurchase(paymentIntentId: string) {
  const [startedAt] = useState(() => Date.now());
  return useQuery({
    queryKey: ['purchases', 'mine', paymentIntentId] as const,
    queryFn: ({ signal }) =>
      api.get<MyPurchaseResponse | null>(`/api/user/purchases/${encodeURIComponent(paymentIntentId)}`, {
        signal,
        on401: 'returnNull',
      }),
    enabled: paymentIntentId !== '',
    retry: false,
    refetchInterval: (query) => {
      const role = query.state.data?.role;
      const waiting = role === 'pending' || (role === 'none' && query.state.data?.status === 'pending');
      return waiting && Date.now() - startedAt < ROLE_STATUS_WATCH_MS ? ROLE_STATUS_REFRESH_MS : false;
    },
  });
}
