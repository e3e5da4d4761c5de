import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyApplicationsDto, WhitelistApplicationDto, WhitelistApplicationInput } from '@contract/applications.ts';
import { api, ApiError } from '@/lib/api-client.ts';

export const applicationKeys = {
  all: ['applications'] as const,
  mine: () => ['applications', 'mine'] as const,
};

export function myApplicationsQuery() {
  return queryOptions({
    queryKey: applicationKeys.mine(),
    queryFn: ({ signal }) => api.get<MyApplicationsDto>('/api/applications/mine', { signal }),
    staleTime: 0,
  });
}

export function useMyApplications(enabled: boolean) {
  return useQuery({ ...myApplicationsQuery(), select: (data) => data.applications, enabled });
}

/** Whether the decision reaches the applicant by Discord message too; undefined while unknown (promise nothing). */
export function useDecisionsOnDiscord(enabled = true): boolean | undefined {
  return useQuery({ ...myApplicationsQuery(), select: (data) => data.decisionsOnDiscord, enabled }).data;
}

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WhitelistApplicationInput) => api.post<WhitelistApplicationDto>('/api/applications', input),
    // a retry after a lost answer would meet the first submission and fail with 409
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKeys.mine() }),
    // a 409 means the applications changed elsewhere (one pending, or one approved): show where they stand now
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: applicationKeys.mine() });
    },
  });
}
