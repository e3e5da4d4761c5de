import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplicationListDto,
  ReviewApplicationInput,
  UpdateApplicationInput,
  WhitelistApplicationDto,
} from '@contract/applications.ts';
import type {
  ReviewStaffApplicationInput,
  StaffApplicationDto,
  StaffApplicationListDto,
} from '@contract/staff-applications.ts';
import { api } from '@/lib/api-client.ts';

/** SPEC section 9: /admin-applications polls every 5 s, /staff-applications and /staff-review every 10 s. */
export const POLL_ADMIN_APPLICATIONS_MS = 5_000;
export const POLL_SECOND_SCREEN_MS = 10_000;
export const POLL_STAFF_REVIEW_MS = 10_000;
export const PAGE_SIZE = 50;

type Kind = 'whitelist' | 'staff';
const PATHS: Record<Kind, string> = { whitelist: '/api/applications', staff: '/api/staff-applications' };

export const reviewKeys = {
  all: (kind: Kind) => ['review', kind] as const,
  page: (kind: Kind, page: number) => ['review', kind, page] as const,
};

/** One page of a kind's applications, polled while the screen is open. */
export function applicationsQuery<T>(kind: Kind, page: number, refetchInterval: number) {
  return queryOptions({
    queryKey: reviewKeys.page(kind, page),
    queryFn: ({ signal }) => api.get<T>(`${PATHS[kind]}?page=${page}&pageSize=${PAGE_SIZE}`, { signal }),
    refetchInterval,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useWhitelistApplications(page: number, refetchInterval: number) {
  return useQuery(applicationsQuery<ApplicationListDto>('whitelist', page, refetchInterval));
}

export function useStaffApplications(page: number) {
  return useQuery(applicationsQuery<StaffApplicationListDto>('staff', page, POLL_STAFF_REVIEW_MS));
}

/** A PATCH that decides; a lost answer is not retried, since a retry would meet the decided application (409). */
function useDecision<Body, Answer>(kind: Kind, suffix: string) {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: ({ id, ...body }: Body & { id: string }) => api.patch<Answer>(`${PATHS[kind]}/${id}${suffix}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all(kind) }),
  });
}

/** PATCH /api/applications/{id}/review: approved or rejected, notes of 10+ characters. */
export const useReviewApplication = () =>
  useDecision<ReviewApplicationInput, WhitelistApplicationDto>('whitelist', '/review');
/** PATCH /api/applications/{id}: approved or denied, notes optional. */
export const useUpdateApplication = () => useDecision<UpdateApplicationInput, WhitelistApplicationDto>('whitelist', '');
/** PATCH /api/staff-applications/{id}: under_review, approved or denied, notes as written. */
export const useReviewStaffApplication = () =>
  useDecision<ReviewStaffApplicationInput, StaffApplicationDto>('staff', '');
