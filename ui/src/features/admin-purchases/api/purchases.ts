import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PurchaseDetailDto, PurchasesResponse, PurchaseStatusDto } from '@contract/purchases.ts';
import { api } from '@/lib/api-client.ts';
import { withSecondFactor } from '@/features/security';
import { membershipKeys } from '@/features/membership';

export const purchaseKeys = {
  all: ['purchases'] as const,
  list: (filters: PurchaseFilters = {}) => ['purchases', 'list', filters] as const,
  one: (id: string) => ['purchases', 'one', id] as const,
};

export const PURCHASES_REFRESH_MS = 5000;

/** The dashboard's filters, as they stand in the page's URL query. */
export interface PurchaseFilters {
  status?: PurchaseStatusDto;
  productType?: string;
  buyer?: string;
  /** YYYY-MM-DD, inclusive */
  from?: string;
  to?: string;
  /** `1`: also the checkouts closed or left unpaid with no payment attempt (no purchases: left out otherwise) */
  unpaid?: '1';
}

export const FILTER_KEYS = ['status', 'productType', 'buyer', 'from', 'to', 'unpaid'] as const;

/** the filters as a query string (empty ones left out), for the list and the CSV export */
export function filterQuery(filters: PurchaseFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

export function purchasesQuery(filters: PurchaseFilters = {}) {
  return infiniteQueryOptions({
    queryKey: purchaseKeys.list(filters),
    queryFn: ({ signal, pageParam }) => {
      const params = filterQuery(filters);
      if (pageParam) params.set('before', pageParam);
      const query = params.toString();
      return api.get<PurchasesResponse>(`/api/purchases${query ? `?${query}` : ''}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    refetchInterval: PURCHASES_REFRESH_MS,
    staleTime: 0,
  });
}

/** The admin's purchase list and totals under the filters, a page at a time, refreshed every 5 s (docs/product.md#staff-and-admin-screens). */
export function usePurchases(filters: PurchaseFilters = {}) {
  return useInfiniteQuery(purchasesQuery(filters));
}

/** how often an open purchase is read again while one of its Discord deliveries is still on its way */
export const DELIVERY_FOLLOW_MS = 1_000;

/**
 * One purchase as the admin's detail dialog shows it; nothing is asked while `id` is null. After a refund, while
 * the role removal is on its way, it is read again each second, so the dialog shows it land.
 */
export function usePurchase(id: string | null) {
  return useQuery({
    queryKey: purchaseKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.get<PurchaseDetailDto>(`/api/purchases/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
    // only once it is no longer refundable: an open refund confirmation is never redrawn under the admin's hands
    refetchInterval: (query) => {
      const detail = query.state.data;
      const onItsWay = detail?.deliveries.some(
        (delivery) => delivery.status === 'pending' || delivery.status === 'sending',
      );
      return onItsWay && !detail?.refund.refundable ? DELIVERY_FOLLOW_MS : false;
    },
  });
}

/** Refunds a completed purchase (admins); the dialog, the list and the player pages then read it as refunded. */
export function useRefundPurchase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      withSecondFactor(() =>
        api.post<PurchaseDetailDto>(`/api/purchases/${encodeURIComponent(id)}/refund`, { reason }),
      ),
    onSuccess: (detail) => queryClient.setQueryData(purchaseKeys.one(id), detail),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['players'] }),
        // a refunded month being served ends its pass: the members and monthly revenue change
        queryClient.invalidateQueries({ queryKey: membershipKeys.summary() }),
      ]);
    },
  });
}
