import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplicationListDto,
  ReviewApplicationInput,
  UpdateApplicationInput,
  WhitelistApplicationDto,
} from '../../../../../adapters/http/contract/applications.ts';
import type { ReviewStaffApplicationInput, StaffApplicationDto, StaffApplicationListDto } from '../../../../../adapters/http/contract/staff-applications.ts';
import { api } from '../../../lib/api-client.ts';

/** SPEC section 9: /admin-applications polls every 5 s, /staff-applications and /staff-review every 10 s. */
export const POLL_ADMIN_APPLICATIONS_MS = 5_000;
export const POLL_SECOND_SCREEN_MS = 10_000;
export const POLL_STAFF_REVIEW_MS = 10_000;
export const PAGE_SIZE = 50;

export const reviewKeys = {
  whitelist: ['review', 'whitelist'] as const,
  whitelistPage: (page: number) => ['review', 'whitelist', page] as const,
  staff: ['review', 'staff'] as const,
  staffPage: (page: number) => ['review', 'staff', page] as const,
};

export function whitelistApplicationsQuery(page: number, refetchInterval: number) {
  return queryOptions({
    queryKey: reviewKeys.whitelistPage(page),
    queryFn: ({ signal }) => api.get<ApplicationListDto>(`/api/applications?page=${page}&pageSize=${PAGE_SIZE}`, { signal }),
    refetchInterval,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useWhitelistApplications(page: number, refetchInterval: number) {
  return useQuery(whitelistApplicationsQuery(page, refetchInterval));
}

export function staffApplicationsQuery(page: number) {
  return queryOptions({
    queryKey: reviewKeys.staffPage(page),
    queryFn: ({ signal }) => api.get<StaffApplicationListDto>(`/api/staff-applications?page=${page}&pageSize=${PAGE_SIZE}`, { signal }),
    refetchInterval: POLL_STAFF_REVIEW_MS,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useStaffApplications(page: number) {
  return useQuery(staffApplicationsQuery(page));
}

// a decision is not repeated on its own: a lost answer retried would meet the decided application (409)
const once = { retry: false } as const;

/** PATCH /api/applications/{id}/review: approved or rejected, notes of 10+ characters. */
export function useReviewApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    ...once,
    mutationFn: ({ id, ...body }: ReviewApplicationInput & { id: string }) => api.patch<WhitelistApplicationDto>(`/api/applications/${id}/review`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.whitelist }),
  });
}

/** PATCH /api/applications/{id}: approved or denied, notes optional. */
export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    ...once,
    mutationFn: ({ id, ...body }: UpdateApplicationInput & { id: string }) => api.patch<WhitelistApplicationDto>(`/api/applications/${id}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.whitelist }),
  });
}

export function useReviewStaffApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    ...once,
    mutationFn: ({ id, ...body }: ReviewStaffApplicationInput & { id: string }) => api.patch<StaffApplicationDto>(`/api/staff-applications/${id}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.staff }),
  });
}
