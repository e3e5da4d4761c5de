import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueResponse, ProductTypeDto } from '@contract/catalogue.ts';
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
