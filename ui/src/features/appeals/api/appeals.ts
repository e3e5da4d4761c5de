import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppealDto, AppealInput, MyApplicationsDto } from '@contract/applications.ts';
import { api, ApiError } from '@/lib/api-client.ts';

export const appealKeys = {
  mine: () => ['appeals', 'mine'] as const,
};

export function myAppealsQuery() {
  return queryOptions({
    queryKey: appealKeys.mine(),
    queryFn: ({ signal }) => api.get<MyApplicationsDto>('/api/appeals/mine', { signal }),
    staleTime: 0,
  });
}

/** The signed-in player's own ban appeals, newest first. */
export function useMyAppeals(enabled: boolean) {
  return useQuery({ ...myAppealsQuery(), select: (data) => data.applications, enabled });
}

/** Whether the decision reaches the player by Discord message too; undefined while unknown (promise nothing). */
export function useAppealDecisionsOnDiscord(enabled = true): boolean | undefined {
  return useQuery({ ...myAppealsQuery(), select: (data) => data.decisionsOnDiscord, enabled }).data;
}

export function useSubmitAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AppealInput) => api.post<AppealDto>('/api/appeals', input),
    // a retry after a lost answer would meet the first appeal and fail with 409
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appealKeys.mine() }),
    // a 409 means the appeals changed elsewhere: show where they stand now
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: appealKeys.mine() });
    },
  });
}
