import type { DashboardCharts } from '../../../core/dashboard/use-cases/show-dashboard-charts.ts';
import { centsToDollars } from '../../../core/shared/money.ts';
import type { ReviewerFigures } from '../../../core/dashboard/use-cases/show-reviewer-figures.ts';
import type { DashboardChartsResponse, ReviewerFiguresResponse } from '../contract/dashboard.ts';

const dollarsOf = (cents: Record<string, number>) =>
  Object.fromEntries(Object.entries(cents).map(([id, value]) => [id, centsToDollars(value)]));

export function presentDashboardCharts(charts: DashboardCharts): DashboardChartsResponse {
  return {
    days: charts.days,
    money: charts.money.map((day) => ({ day: day.day, purchases: day.count, taken: centsToDollars(day.cents) })),
    productTypes: charts.productTypes.map((type) => ({
      productType: type.productType,
      purchases: type.count,
      taken: centsToDollars(type.cents),
    })),
    memberships: {
      tiers: charts.memberships.tiers,
      months: charts.memberships.months.map((month) => ({
        month: month.month,
        mrr: dollarsOf(month.mrrCents),
        members: month.members,
      })),
    },
    applications: charts.applications,
  };
}

/** Reviewers by name: their account id stays on the server. */
export function presentReviewerFigures(figures: ReviewerFigures): ReviewerFiguresResponse {
  return {
    days: figures.days,
    reviewers: figures.reviewers.map(({ reviewerId: _id, ...reviewer }) => reviewer),
    kinds: figures.kinds,
  };
}
