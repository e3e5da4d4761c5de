import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyQueuePlaceDto, QueueActionDto, QueuesDto } from '@contract/queue.ts';
import { api } from '@/lib/api-client.ts';
import { useCurrentUser } from '@/features/auth';

/** the game server reports its queue every 5 s; the pages ask as often while the player waits */
export const QUEUE_REFRESH_MS = 5_000;
/** a player not waiting is asked after less often: every signed-in visitor of the home page asks */
export const NOT_WAITING_REFRESH_MS = 30_000;

export const queueKeys = {
  all: ['queue'] as const,
  mine: () => ['queue', 'mine'] as const,
  servers: () => ['queue', 'servers'] as const,
};

export function myQueuePlaceQuery() {
  return queryOptions({
    queryKey: queueKeys.mine(),
    queryFn: ({ signal }) => api.get<MyQueuePlaceDto>('/api/queue/mine', { signal }),
    refetchInterval: (query) => (query.state.data?.place ? QUEUE_REFRESH_MS : NOT_WAITING_REFRESH_MS),
    staleTime: QUEUE_REFRESH_MS,
    select: (data) => data.place,
  });
}

/** Where the signed-in player waits, followed every few seconds; nothing is asked while signed out or banned. */
export function useMyQueuePlace() {
  const { user } = useCurrentUser();
  return useQuery({ ...myQueuePlaceQuery(), enabled: Boolean(user && !user.ban) });
}

/** Every game server's queue, for staff who manage it. */
export function useQueues() {
  return useQuery({
    queryKey: queueKeys.servers(),
    queryFn: ({ signal }) => api.get<QueuesDto>('/api/queue', { signal }),
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

export interface QueueActionInput {
  server: string;
  discordId: string;
  action: 'front' | 'remove';
  reason?: string;
}

/** Moves a waiting player to the front, or removes them with a reason; the list is read again after. */
export function useQueueAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ server, discordId, action, reason }: QueueActionInput) =>
      api.post<QueueActionDto>(
        `/api/queue/${encodeURIComponent(server)}/players/${encodeURIComponent(discordId)}/${action}`,
        { reason: reason ?? null },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: queueKeys.servers() }),
  });
}
