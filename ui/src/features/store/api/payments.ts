import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CompletePurchaseRequest,
  CompletePurchaseResponse,
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  DemoConfirmRequest,
  DemoConfirmResponse,
  PaymentsConfigDto,
} from '../../../../../adapters/http/contract/payments.ts';
import type { RecentPurchasesResponse } from '../../../../../adapters/http/contract/purchases.ts';
import { api } from '../../../lib/api-client.ts';

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
