import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyApplicationsDto } from '@contract/applications.ts';
import type { StaffApplicationDto, StaffApplicationInput } from '@contract/staff-applications.ts';
import { api, ApiError } from '@/lib/api-client.ts';

export const staffApplicationKeys = {
  mine: () => ['staff-applications', 'mine'] as const,
};

export function myStaffApplicationsQuery() {
  return queryOptions({
    queryKey: staffApplicationKeys.mine(),
    queryFn: ({ signal }) => api.get<MyApplicationsDto>('/api/staff-applications/mine', { signal }),
    staleTime: 0,
  });
}

/** The signed-in player's own staff applications, newest first. */
export function useMyStaffApplications(enabled: boolean) {
  return useQuery({ ...myStaffApplicationsQuery(), select: (data) => data.applications, enabled });
}

/** Whether the decision reaches the applicant by Discord message too; undefined while unknown (promise nothing). */
export function useStaffDecisionsOnDiscord(enabled = true): boolean | undefined {
  return useQuery({ ...myStaffApplicationsQuery(), select: (data) => data.decisionsOnDiscord, enabled }).data;
}

export function useSubmitStaffApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffApplicationInput) => api.post<StaffApplicationDto>('/api/staff-applications', input),
    // a retry after a lost answer would meet the first submission and fail with 409
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffApplicationKeys.mine() }),
    // a 409 means the applications changed elsewhere: show where they stand now
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: staffApplicationKeys.mine() });
    },
  });
}
