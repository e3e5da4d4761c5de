import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
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
};

/**
 * A kind's applications, newest first, a page at a time by the keyset cursor: each further page asks for the
 * applications before the last one shown (`nextBefore`), so a new arrival never shifts or repeats a row. Every page
 * loaded is polled while the screen is open; the counters come with each page and always count everything.
 */
export function applicationsQuery<T extends { nextBefore: string | null }>(kind: Kind, refetchInterval: number) {
  return infiniteQueryOptions({
    queryKey: reviewKeys.all(kind),
    queryFn: ({ signal, pageParam }) =>
      api.get<T>(`${PATHS[kind]}?pageSize=${PAGE_SIZE}${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`, {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    refetchInterval,
    staleTime: 0,
  });
}

export function useWhitelistApplications(refetchInterval: number) {
  return useInfiniteQuery(applicationsQuery<ApplicationListDto>('whitelist', refetchInterval));
}

export function useStaffApplications() {
  return useInfiniteQuery(applicationsQuery<StaffApplicationListDto>('staff', POLL_STAFF_REVIEW_MS));
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
