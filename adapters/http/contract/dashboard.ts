import { z } from 'zod';
import { CHART_WINDOWS } from '../../../core/dashboard/use-cases/show-dashboard-charts.ts';

export { CHART_WINDOWS };

/** GET /api/dashboard/charts?days=30|90 (view-purchases): the window of the daily and weekly charts, 30 days unless given */
export const dashboardChartsQuerySchema = z.object({
  days: z
    .enum(CHART_WINDOWS.map(String) as ['30', '90'], { message: `Days must be ${CHART_WINDOWS.join(' or ')}.` })
    .default('30')
    .transform(Number),
});

export const dashboardChartsSchema = z.object({
  days: z.number().int(),
  /** every UTC day of the window, oldest first: completed purchases and the dollars taken (refunds and disputes not) */
  money: z.array(z.object({ day: z.string(), purchases: z.number().int(), taken: z.number() })),
  /** every product type, over the window */
  productTypes: z.array(z.object({ productType: z.string(), purchases: z.number().int(), taken: z.number() })),
  /** the Priority Pass per month (UTC) since the first membership, at most 12 months */
  memberships: z.object({
    tiers: z.array(z.object({ id: z.string(), name: z.string() })),
    months: z.array(
      z.object({
        /** "2026-11" */
        month: z.string(),
        /** dollars taken that month for the pass's monthly charges, per tier id */
        mrr: z.record(z.string(), z.number()),
        /** live memberships at the month's end (now, for this month), per tier id */
        members: z.record(z.string(), z.number().int()),
      }),
    ),
  }),
  /** every week (its Monday, UTC) the window touches: applications sent, decided, and the median hours to a decision */
  applications: z.array(
    z.object({
      week: z.string(),
      submitted: z.number().int(),
      decided: z.number().int(),
      medianDecisionHours: z.number().nullable(),
    }),
  ),
});
export type DashboardChartsResponse = z.infer<typeof dashboardChartsSchema>;
