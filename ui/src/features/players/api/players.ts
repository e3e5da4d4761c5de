import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePermissionsInput,
  PlayerActionResponse,
  PlayerPageDto,
  PlayerSearchResponse,
} from '@contract/players.ts';
import { ApiError, api } from '@/lib/api-client.ts';
import { withSecondFactor } from '@/features/security';

/** Every player query starts with ['players'], so a refund elsewhere refreshes them all. */
export const playerKeys = {
  all: ['players'] as const,
  search: (q: string) => ['players', 'search', q] as const,
  page: (id: string) => ['players', 'page', id] as const,
};

export function usePlayerSearch(q: string) {
  return useQuery({
    queryKey: playerKeys.search(q),
    queryFn: ({ signal }) => api.get<PlayerSearchResponse>(`/api/players?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function usePlayer(id: string) {
  return useQuery({
    queryKey: playerKeys.page(id),
    queryFn: ({ signal }) => api.get<PlayerPageDto>(`/api/players/${encodeURIComponent(id)}`, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

export type PlayerAction =
  | { kind: 'tokens'; direction: 'credit' | 'debit'; amount: number; reason: string }
  | { kind: 'ban'; reason: string }
  | { kind: 'unban'; reason: string }
  | { kind: 'role'; role: 'player' | 'staff' | 'admin'; reason?: string };

/** One admin action; the page's profile and timeline refresh after it. */
export function usePlayerAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: PlayerAction) =>
      withSecondFactor(() => api.post<PlayerActionResponse>(`/api/players/${encodeURIComponent(id)}/${kind}`, body)),
    onSuccess: async ({ player, permissions }) => {
      client.setQueryData<PlayerPageDto>(playerKeys.page(id), (page) =>
        page ? { ...page, player, permissions } : page,
      );
      await client.invalidateQueries({ queryKey: playerKeys.all });
    },
  });
}

/** Grants and revokes permissions; the page's permissions, profile and timeline refresh after it. */
export function usePlayerPermissions(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePermissionsInput) =>
      withSecondFactor(() =>
        api.post<PlayerActionResponse>(`/api/players/${encodeURIComponent(id)}/permissions`, body),
      ),
    onSuccess: async ({ player, permissions }) => {
      client.setQueryData<PlayerPageDto>(playerKeys.page(id), (page) =>
        page ? { ...page, player, permissions } : page,
      );
      await client.invalidateQueries({ queryKey: playerKeys.all });
      // the signed-in user's own permissions may have changed
      await client.invalidateQueries({ queryKey: ['auth'] });
    },
  });
}

/** A failure as a sentence for people: the server's own words, never a field name. */
export function actionError(error: unknown): string {
  if (error instanceof ApiError) {
    const issues = (error.body as { issues?: { message?: unknown }[] } | undefined)?.issues;
    const messages = (issues ?? []).map((issue) => issue.message).filter((m): m is string => typeof m === 'string');
    if (messages.length > 0) return messages.join(' ');
    if (error.status === 403) return error.serverMessage || 'Your account does not have the permission for this.';
    if (error.serverMessage && !/^Invalid request\./.test(error.serverMessage)) return error.serverMessage;
    return 'That did not work. Check what you typed and try again.';
  }
  return 'That did not work. Please try again.';
}
