import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUserDto, SessionDto } from '@contract/auth.ts';
import type { TokenBalanceDto } from '@contract/tokens.ts';
import { api } from '@/lib/api-client.ts';
import { backoff, isRetriable } from '@/lib/query-client.ts';

export type CurrentUser = CurrentUserDto;

export const authKeys = {
  all: ['auth'] as const,
  user: () => ['auth', 'user'] as const,
  tokens: () => ['auth', 'tokens'] as const,
};

export const TOKEN_REFRESH_MS = 60_000;

/** how many times a busy or unreachable server is asked again before the visitor is taken as signed out */
export const SESSION_RETRIES = 3;

/**
 * null when signed out. A busy server (503) or a lost connection is asked again, a few seconds apart, while the
 * visitor stays unknown, so a member is never shown the signed-out site for a moment's load; only an error that
 * outlasts the retries counts as signed out.
 */
export function currentUserQuery() {
  return queryOptions({
    queryKey: authKeys.user(),
    // the session route answers 200 either way: a signed-out visit logs no failed request in the console
    queryFn: async ({ signal }): Promise<CurrentUserDto | null> =>
      (await api.get<SessionDto>('/api/auth/session', { signal })).user,
    retry: (failures, error) => failures < SESSION_RETRIES && isRetriable(error),
    retryDelay: backoff(4_000),
  });
}

/** The signed-in user, null when signed out, undefined while unknown. */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery());
  const user = query.isError ? null : query.data;
  return { ...query, user, isSignedIn: user ? true : user === null ? false : undefined };
}

export function tokenBalanceQuery() {
  return queryOptions({
    queryKey: authKeys.tokens(),
    queryFn: ({ signal }) => api.get<TokenBalanceDto>('/api/user/tokens', { signal }),
    refetchInterval: TOKEN_REFRESH_MS,
    select: (data) => data.tokens,
  });
}

/** The signed-in user's token balance, refreshed every 60 s; nothing is fetched while signed out or banned. */
export function useTokenBalance() {
  const { user } = useCurrentUser();
  return useQuery({ ...tokenBalanceQuery(), enabled: Boolean(user && !user.ban) });
}

/** The same balance with its parts: the tokens bought with money and those earned or granted. */
export function useTokenParts() {
  const { user } = useCurrentUser();
  return useQuery({ ...tokenBalanceQuery(), select: (data) => data, enabled: Boolean(user && !user.ban) });
}
