import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerStatusDto } from '@contract/game.ts';
import { api } from '@/lib/api-client.ts';

/** the server reads the game server every 15 s; the page asks as often */
export const SERVER_STATUS_REFRESH_MS = 15_000;

export function serverStatusQuery() {
  return queryOptions({
    queryKey: ['server-status'] as const,
    queryFn: ({ signal }) => api.get<ServerStatusDto>('/api/server-status', { signal }),
    refetchInterval: SERVER_STATUS_REFRESH_MS,
    staleTime: SERVER_STATUS_REFRESH_MS,
  });
}

export function useServerStatus() {
  return useQuery(serverStatusQuery());
}

export interface Stat {
  value: string;
  label: string;
  /** the live game server's state, for the players figure */
  mark?: 'online' | 'offline';
}

/**
 * The page's figures with the players figure made live when a game server is configured: "N / M" players online
 * with an Online mark, or 0 with an Offline mark. Without one (or before it was first read) the figures stay as given.
 */
export function useLiveStats(stats: readonly Stat[], playersLabel: string): Stat[] {
  const status = useServerStatus().data;
  if (!status?.configured || !status.updatedAt) return [...stats];
  const live: Stat =
    status.online && status.players !== null
      ? {
          value: status.maxPlayers ? `${status.players} / ${status.maxPlayers}` : String(status.players),
          label: 'Players online',
          mark: 'online',
        }
      : // nobody can be on a server that does not answer; its slots are the last ones seen
        { value: status.maxPlayers ? `0 / ${status.maxPlayers}` : '0', label: 'Players online', mark: 'offline' };
  return stats.map((stat) => (stat.label === playersLabel ? live : stat));
}
