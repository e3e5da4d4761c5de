import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddCreatorRequest,
  CreatorDto,
  CreatorReportDto,
  CreatorsResponse,
  MyCreatorDto,
} from '@contract/creators.ts';
import { api } from '@/lib/api-client.ts';

export const creatorKeys = {
  all: ['creators'] as const,
  list: () => ['creators', 'list'] as const,
  report: (month: string) => ['creators', 'report', month] as const,
  mine: () => ['creators', 'mine'] as const,
};

export function creatorsQuery() {
  return queryOptions({
    queryKey: creatorKeys.list(),
    queryFn: ({ signal }) => api.get<CreatorsResponse>('/api/creators', { signal }),
  });
}

export const useCreators = () => useQuery(creatorsQuery());

/** The month's report (YYYY-MM, UTC); the server's current month when empty. */
export function useCreatorReport(month: string) {
  return useQuery({
    queryKey: creatorKeys.report(month),
    queryFn: ({ signal }) =>
      api.get<CreatorReportDto>(`/api/creators/report${month ? `?month=${encodeURIComponent(month)}` : ''}`, {
        signal,
      }),
  });
}

export function useAddCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddCreatorRequest) => api.post<CreatorDto>('/api/creators', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creatorKeys.all }),
  });
}

export function useDisableCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<CreatorDto>(`/api/creators/${encodeURIComponent(code)}/disable`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creatorKeys.all }),
  });
}

/** The signed-in player's own code and figures; `creator` is null for a player who is no creator. */
export function useMyCreator() {
  return useQuery({
    queryKey: creatorKeys.mine(),
    queryFn: ({ signal }) => api.get<MyCreatorDto>('/api/user/creator', { signal }),
  });
}
