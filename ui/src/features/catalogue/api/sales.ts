import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDto } from '@contract/catalogue.ts';
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

/** A live sale on any of a product's options: one sale takes the same percent off each of them. */
export function useSaleOnOptionsOf(productId: string): ItemOnSaleDto | undefined {
  const sales = useQuery(itemsOnSaleQuery());
  return sales.data?.find((item) => item.productId === productId && item.optionId !== null);
}

/** What an item costs now, and the sale that lowers it. */
export interface ItemPrice {
  /** dollars: the server's sale price while a sale is live, else the catalogue's; null for a product sold only as one of its options */
  now: number | null;
  sale: ItemOnSaleDto | undefined;
}

/**
 * The price a card, its options and its button show: the server's own (the checkout's pricing rule gives the sale
 * price of each item it lists), never worked out here.
 */
export function useItemPrice(
  product: Pick<ProductDto, 'id' | 'price' | 'options'>,
  optionId: string | null = null,
): ItemPrice {
  const sale = useSaleOf(product.id, optionId);
  const listed = optionId === null ? product.price : (product.options.find((o) => o.id === optionId)?.price ?? null);
  return { now: sale?.salePrice ?? listed, sale };
}
