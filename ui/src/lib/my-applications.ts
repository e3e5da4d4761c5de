import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyApplicationsDto } from '@contract/applications.ts';
import { api, ApiError } from '@/lib/api-client.ts';

/** Where the signed-in player's own applications of one kind are read (`{path}/mine`) and sent (`path`). */
export interface MyApplicationsEndpoint {
  path: string;
  key: readonly [string, 'mine'];
}

export const myApplicationsEndpoint = (path: string, key: string): MyApplicationsEndpoint => ({
  path,
  key: [key, 'mine'],
});

export function myApplicationsQuery(endpoint: MyApplicationsEndpoint) {
  return queryOptions({
    queryKey: endpoint.key,
    queryFn: ({ signal }) => api.get<MyApplicationsDto>(`${endpoint.path}/mine`, { signal }),
    staleTime: 0,
  });
}

/** The signed-in player's own applications of the kind, newest first. */
export function useMyApplicationsOf(endpoint: MyApplicationsEndpoint, enabled: boolean) {
  return useQuery({ ...myApplicationsQuery(endpoint), select: (data) => data.applications, enabled });
}

/** Whether the decision reaches the applicant by Discord message too; undefined while unknown (promise nothing). */
export function useDecisionsOnDiscordOf(endpoint: MyApplicationsEndpoint, enabled = true): boolean | undefined {
  return useQuery({ ...myApplicationsQuery(endpoint), select: (data) => data.decisionsOnDiscord, enabled }).data;
}

/** Sends an application of the kind. */
export function useSubmitTo<Input, Created>(endpoint: MyApplicationsEndpoint) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => api.post<Created>(endpoint.path, input),
    // a retry after a lost response would meet the first submission and fail with 409
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpoint.key }),
    // a 409 means the applications changed elsewhere (one open, or one approved): show where they stand now
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: endpoint.key });
    },
  });
}
