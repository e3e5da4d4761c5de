import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { MyPurchaseDto, MyPurchasesResponse } from '@contract/account.ts';
import type { MyApplicationsDto } from '@contract/applications.ts';
import type { TokenHistoryDto } from '@contract/tokens.ts';
import { api } from '@/lib/api-client.ts';

export const accountKeys = {
  all: ['account'] as const,
  purchases: () => ['account', 'purchases'] as const,
  purchase: (id: string) => ['account', 'purchases', id] as const,
  tokenHistory: () => ['account', 'token-history'] as const,
  applications: (kind: ApplicationKind) => ['account', 'applications', kind] as const,
};

export function myPurchasesQuery() {
  return infiniteQueryOptions({
    queryKey: accountKeys.purchases(),
    queryFn: ({ signal, pageParam }) =>
      api.get<MyPurchasesResponse>(
        `/api/user/purchases${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** The player's purchases, newest first, a page at a time. */
export function useMyPurchases() {
  return useInfiniteQuery(myPurchasesQuery());
}

/** One of the player's purchases (a receipt); another player's answers 404. */
export function useMyPurchaseReceipt(id: string) {
  return useQuery(
    queryOptions({
      queryKey: accountKeys.purchase(id),
      queryFn: ({ signal }) => api.get<MyPurchaseDto>(`/api/user/purchases/${encodeURIComponent(id)}`, { signal }),
      retry: false,
    }),
  );
}

/** The player's token ledger, newest first, with the reason of each change. */
export function useTokenHistory() {
  return useQuery(
    queryOptions({
      queryKey: accountKeys.tokenHistory(),
      queryFn: ({ signal }) => api.get<TokenHistoryDto>('/api/user/tokens/history', { signal }),
      select: (data) => data.entries,
    }),
  );
}

export type ApplicationKind = 'whitelist' | 'staff';
const MINE_PATHS: Record<ApplicationKind, string> = {
  whitelist: '/api/applications/mine',
  staff: '/api/staff-applications/mine',
};

export type MyApplication = MyApplicationsDto['applications'][number];

/** The player's own applications of one kind, newest first. */
export function useMyApplicationsOf(kind: ApplicationKind) {
  return useQuery(
    queryOptions({
      queryKey: accountKeys.applications(kind),
      queryFn: ({ signal }) => api.get<MyApplicationsDto>(MINE_PATHS[kind], { signal }),
      select: (data): MyApplication[] => data.applications,
    }),
  );
}
