import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardChartsResponse } from '@contract/dashboard.ts';
import { api } from '@/lib/api-client.ts';

export type ChartDays = 30 | 90;

export const chartKeys = {
  all: ['dashboard-charts'] as const,
  window: (days: ChartDays) => ['dashboard-charts', days] as const,
};

/** The dashboard's charts over the last 30 or 90 days; the server keeps them up to 30 s, so a minute's refresh suffices. */
export function useDashboardCharts(days: ChartDays) {
  return useQuery({
    queryKey: chartKeys.window(days),
    queryFn: ({ signal }) => api.get<DashboardChartsResponse>(`/api/dashboard/charts?days=${days}`, { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}
