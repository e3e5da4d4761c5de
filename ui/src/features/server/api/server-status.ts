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
  /** what a measured figure covers ("last 30 days") */
  detail?: string;
}

/** The labels of the page's figures that the live status replaces (the landing's and home's figures). */
export interface LiveLabels {
  players: string;
  uptime: string;
}
const MARKETING_LABELS: LiveLabels = { players: 'Active Players', uptime: 'Server Uptime' };

/** 0.9987 -> "99.8%": rounded down, so a server that missed a check never reads as 100% */
export function formatUptime(uptime: number): string {
  return uptime >= 1 ? '100%' : `${(Math.floor(uptime * 1000) / 10).toFixed(1)}%`;
}

/**
 * The page's figures made live when a game server is configured: "N / M" players online with an Online mark, or "—"
 * with an Offline mark (nobody can be counted on a server that does not answer), and the uptime the status checks
 * measured over the last 30 days in place of the fixed one. Without a game server (or before it was first read) the
 * figures stay as given.
 */
export function useLiveStats(stats: readonly Stat[], labels: LiveLabels = MARKETING_LABELS): Stat[] {
  const status = useServerStatus().data;
  if (!status?.configured || !status.updatedAt) return [...stats];
  const players: Stat =
    status.online && status.players !== null
      ? {
          value: status.maxPlayers ? `${status.players} / ${status.maxPlayers}` : String(status.players),
          label: 'Players online',
          mark: 'online',
        }
      : { value: '—', label: 'Players online', mark: 'offline' };
  const uptime: Stat = {
    value: status.uptime === null ? '—' : formatUptime(status.uptime),
    label: labels.uptime,
    detail: 'last 30 days',
  };
  return stats.map((stat) => (stat.label === labels.players ? players : stat.label === labels.uptime ? uptime : stat));
}
