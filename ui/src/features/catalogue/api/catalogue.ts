import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueResponse, ProductTypeDto } from '@contract/catalogue.ts';
import type { Fulfilment } from '@contract/fulfilment.ts';
import { api } from '@/lib/api-client.ts';

export const catalogueKeys = {
  all: ['catalogue'] as const,
  byType: (type: ProductTypeDto) => ['catalogue', type] as const,
};

export function catalogueQuery(type: ProductTypeDto) {
  return queryOptions({
    queryKey: catalogueKeys.byType(type),
    queryFn: ({ signal }) => api.get<CatalogueResponse>(`/api/catalogue?type=${type}`, { signal }),
    select: (data) => data.products,
  });
}

export function useProducts(type: ProductTypeDto) {
  return useQuery(catalogueQuery(type));
}

/** How a product reaches its buyer and in what time, as the catalogue states it; undefined until it has loaded. */
export function useFulfilment(type: string, id: string): Fulfilment | undefined {
  const known = (['whitelist', 'gang', 'addon', 'unban'] as const).find((one) => one === type);
  const products = useQuery({ ...catalogueQuery(known ?? 'addon'), enabled: Boolean(known) });
  return products.data?.find((product) => product.id === id || product.aliases.includes(id))?.fulfilment;
}
