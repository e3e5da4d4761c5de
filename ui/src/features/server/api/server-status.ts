import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerFiguresDto, ServerStatusDto } from '@contract/game.ts';
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

/** the members counted and the owner's figures: they move slowly, and the server keeps them a minute */
export function serverFiguresQuery() {
  return queryOptions({
    queryKey: ['server-figures'] as const,
    queryFn: ({ signal }) => api.get<ServerFiguresDto>('/api/server-figures', { signal }),
    staleTime: 60_000,
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

/** 0.9987 -> "99.8%": rounded down, so a server that missed a check never reads as 100% */
export function formatUptime(uptime: number): string {
  return uptime >= 1 ? '100%' : `${(Math.floor(uptime * 1000) / 10).toFixed(1)}%`;
}

/** The figures a page may show, in the order it names them. */
export type FigureName = 'players' | 'members' | 'uptime' | 'customVehicles' | 'jobSystems';

const OWNER_LABELS = {
  players: 'Active Players',
  uptime: 'Server Uptime',
  customVehicles: 'Custom Vehicles',
  jobSystems: 'Job Systems',
} as const;

/**
 * The one rule for the home and landing figures: a figure the site measures is shown as measured (the game server's
 * players and 30-day uptime once a configured game server has been read, or the players its queue report counts, with
 * the players waiting; the members counted from the accounts);
 * otherwise the figure its owner set (FIGURE_*), as written; with neither, the figure is left out, never made up.
 */
export function figuresShown(
  names: readonly FigureName[],
  status: ServerStatusDto | undefined,
  figures: ServerFiguresDto | undefined,
): Stat[] {
  const live = Boolean(status?.configured && status.updatedAt);
  const owner = (name: keyof typeof OWNER_LABELS): Stat | null => {
    const key = name === 'players' ? 'activePlayers' : name === 'uptime' ? 'serverUptime' : name;
    const value = figures?.owner[key];
    return value ? { value, label: OWNER_LABELS[name] } : null;
  };
  const queue = status?.queue ?? null;
  // "5 waiting" under the players while the game server's queue holds anyone
  const waiting = queue && queue.waiting > 0 ? { detail: `${queue.waiting.toLocaleString('en-US')} waiting` } : {};
  const figure = (name: FigureName): Stat | null => {
    if (name === 'members')
      return figures ? { value: figures.members.toLocaleString('en-US'), label: 'Members' } : null;
    if (name === 'players' && live && status)
      return status.online && status.players !== null
        ? {
            value: status.maxPlayers ? `${status.players} / ${status.maxPlayers}` : String(status.players),
            label: 'Players online',
            mark: 'online',
            ...waiting,
          }
        : { value: '—', label: 'Players online', mark: 'offline' };
    // no status address set, but the game server's resource reports its queue: its count is measured too
    if (name === 'players' && queue)
      return { value: `${queue.online} / ${queue.slots}`, label: 'Players online', mark: 'online', ...waiting };
    if (name === 'uptime' && live && status)
      return {
        value: status.uptime === null ? '—' : formatUptime(status.uptime),
        label: OWNER_LABELS.uptime,
        detail: 'last 30 days',
      };
    return owner(name);
  };
  return names.map(figure).filter((stat): stat is Stat => stat !== null);
}

/** The page's figures by that rule, live: the players and uptime follow the status as it is read again. */
export function useServerFigures(names: readonly FigureName[]): Stat[] {
  const status = useServerStatus().data;
  const figures = useQuery(serverFiguresQuery()).data;
  return figuresShown(names, status, figures);
}
