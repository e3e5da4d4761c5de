import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemOnSaleDto, ItemsOnSaleResponse } from '@contract/promotions.ts';
import { api } from '@/lib/api-client.ts';

export const saleKeys = {
  live: () => ['sales', 'live'] as const,
};

/** Every catalogue item on sale now; asked again each minute, as sales start and end by the clock. */
export function itemsOnSaleQuery() {
  return queryOptions({
    queryKey: saleKeys.live(),
    queryFn: ({ signal }) => api.get<ItemsOnSaleResponse>('/api/sales/live', { signal }),
    select: (data) => data.items,
    refetchInterval: 60_000,
    retry: false,
  });
}

/** The sale on one item (a product, or one of its options), or undefined. */
export function useSaleOf(productId: string, optionId: string | null = null): ItemOnSaleDto | undefined {
  const sales = useQuery(itemsOnSaleQuery());
  return sales.data?.find((item) => item.productId === productId && item.optionId === optionId);
}
