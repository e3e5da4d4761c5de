import { useQuery } from '@tanstack/react-query';
import type { QueueWaitsDto } from '@contract/queue.ts';
import { api } from '@/lib/api-client.ts';

export const queueWaitKeys = {
  all: ['dashboard-queue-waits'] as const,
};

/** The queue's waits per tier over 7 and 30 days, refreshed as the other figures are. */
export function useQueueWaits() {
  return useQuery({
    queryKey: queueWaitKeys.all,
    queryFn: ({ signal }) => api.get<QueueWaitsDto>('/api/dashboard/queue-waits', { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}
