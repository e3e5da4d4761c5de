import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsConfigDto } from '@contract/payments.ts';
import { api } from './api-client.ts';

/**
 * Who takes payments (demo card form, Stripe, or Tebex's checkout), asked once per page load. Set apart from the
 * store feature so the footer of every page can name the gateway without loading the store.
 */
export function paymentsConfigQuery() {
  return queryOptions({
    queryKey: ['payments', 'config'] as const,
    queryFn: ({ signal }) => api.get<PaymentsConfigDto>('/api/payments/config', { signal }),
    staleTime: Infinity,
  });
}

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQuery());
}
