import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReviewerFiguresResponse } from '@contract/dashboard.ts';
import { api } from '@/lib/api-client.ts';
import type { ChartDays } from './charts.ts';

export const reviewerKeys = {
  window: (days: ChartDays) => ['dashboard-reviewers', days] as const,
};

/** The reviewer figures over the charts' window; cached by the server as the charts are, refreshed as they are. */
export function useReviewerFigures(days: ChartDays) {
  return useQuery({
    queryKey: reviewerKeys.window(days),
    queryFn: ({ signal }) => api.get<ReviewerFiguresResponse>(`/api/dashboard/reviewers?days=${days}`, { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}
