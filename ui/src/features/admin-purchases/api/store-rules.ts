import { useQuery } from '@tanstack/react-query';
import type { StoreRulesDto } from '@contract/dashboard.ts';
import { api } from '@/lib/api-client.ts';

/** The rules the store sells under and the catalogue items that risk the platform's rules: settings, read once. */
export function useStoreRules() {
  return useQuery({
    queryKey: ['dashboard-rules'] as const,
    queryFn: ({ signal }) => api.get<StoreRulesDto>('/api/dashboard/rules', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
