import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchasesResponse } from '@contract/purchases.ts';
import { api } from '@/lib/api-client.ts';

export const purchaseKeys = {
  all: ['purchases'] as const,
  list: () => ['purchases', 'list'] as const,
};

export const PURCHASES_REFRESH_MS = 5000;

export function purchasesQuery() {
  return queryOptions({
    queryKey: purchaseKeys.list(),
    queryFn: ({ signal }) => api.get<PurchasesResponse>('/api/purchases', { signal }),
    refetchInterval: PURCHASES_REFRESH_MS,
    staleTime: 0,
  });
}

/** The admin's purchase list and totals, refreshed every 5 s (SPEC section 9). */
export function usePurchases() {
  return useQuery(purchasesQuery());
}
