import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetryDeliveryResponse } from '@contract/deliveries.ts';
import { api } from '@/lib/api-client.ts';
import { withSecondFactor } from '@/features/security';
import { purchaseKeys } from './purchases.ts';

/** Queues a failed Discord delivery again (admins); the list refreshes to show it pending, then delivered. */
export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      withSecondFactor(() => api.post<RetryDeliveryResponse>(`/api/deliveries/${encodeURIComponent(id)}/retry`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}
