import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSaleRequest, SaleDto, SalesResponse } from '@contract/promotions.ts';
import { api } from '@/lib/api-client.ts';
import { itemsOnSaleQuery } from '@/features/catalogue';

export const saleAdminKeys = {
  all: ['admin-sales'] as const,
};

export function salesQuery() {
  return queryOptions({
    queryKey: saleAdminKeys.all,
    queryFn: ({ signal }) => api.get<SalesResponse>('/api/sales', { signal }),
    select: (data) => data.sales,
  });
}

export function useSales() {
  return useQuery(salesQuery());
}

/** a sale created or ended changes the admin's list and what the cards show on sale */
function useSaleMutation<T>(mutationFn: (input: T) => Promise<SaleDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: saleAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: itemsOnSaleQuery().queryKey }),
      ]),
  });
}

export function useCreateSale() {
  return useSaleMutation((body: CreateSaleRequest) => api.post<SaleDto>('/api/sales', body));
}

export function useEndSale() {
  return useSaleMutation((id: string) => api.post<SaleDto>(`/api/sales/${encodeURIComponent(id)}/end`));
}
