import type { Catalogue } from '../../catalogue/model/catalogue.ts';
import { PRODUCT_TYPES } from '../../catalogue/model/product.ts';
import type { Clock } from '../../shared/ports.ts';
import { type ChartWindow, chartWindowOf } from '../model/chart-window.ts';
import type { DashboardFigures } from '../ports.ts';

export { CHART_WINDOWS, type ChartWindow } from '../model/chart-window.ts';

/** how many months the membership chart goes back at most (the current month included) */
export const MEMBERSHIP_MONTHS = 12;

const DAY_MS = 86_400_000;

export interface DashboardCharts {
  days: ChartWindow;
  /** every UTC day of the window, oldest first, today last (days without a sale at zero) */
  money: Array<{ day: string; count: number; cents: number }>;
  /** every product type, in the catalogue's order, over the window */
  productTypes: Array<{ productType: string; count: number; cents: number }>;
  /** the Priority Pass: every tier seen, by the catalogue's order, and each month since the first membership (at most 12) */
  memberships: {
    tiers: Array<{ id: string; name: string }>;
    months: Array<{
      /** "2026-11" */
      month: string;
      /** money taken that month for the pass's monthly charges, per tier id */
      mrrCents: Record<string, number>;
      /** live memberships at the month's end (now, for this month), per tier id */
      members: Record<string, number>;
    }>;
  };
  /** every week (Monday, UTC) the window touches, oldest first */
  applications: Array<{ week: string; submitted: number; decided: number; medianDecisionHours: number | null }>;
}

/** "2026-11-27": the UTC day of an instant */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
/** "2026-11": the UTC month of an instant */
const utcMonth = (at: Date) => at.toISOString().slice(0, 7);

const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
const startOfUtcMonth = (at: Date, monthsLater = 0) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + monthsLater, 1));
/** the Monday (UTC) of the week an instant falls in */
const startOfUtcWeek = (at: Date) => {
  const day = startOfUtcDay(at);
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
};

/**
 * The admin dashboard's charts: money taken per day, the Priority Pass's monthly revenue and members per tier, sales
 * per product type, and applications per week with how long decisions took. The store sums every series; this only
 * lays them out, with the days, weeks and months that had nothing at zero. Days, weeks and months are UTC.
 */
export class ShowDashboardCharts {
  constructor(
    private readonly figures: DashboardFigures,
    private readonly catalogue: Catalogue,
    private readonly clock: Clock,
  ) {}

  async execute(input: { days: number }): Promise<DashboardCharts> {
    const now = this.clock.now();
    const { days, window } = chartWindowOf(input.days, now, 'Charts');
    const firstWeek = startOfUtcWeek(window.from);
    const [taken, types, applications, memberships] = await Promise.all([
      this.figures.takenByDay(window),
      this.figures.takenByProductType(window),
      this.figures.applicationsByWeek({ from: firstWeek, to: now }),
      this.memberships(now),
    ]);

    const byDay = new Map(taken.map((row) => [row.day, row]));
    const money = Array.from({ length: days }, (_, index) => {
      const day = utcDay(new Date(window.from.getTime() + index * DAY_MS));
      const row = byDay.get(day);
      return { day, count: row?.count ?? 0, cents: row?.cents ?? 0 };
    });

    const byType = new Map(types.map((row) => [row.productType, row]));
    const productTypes = PRODUCT_TYPES.map((productType) => ({
      productType,
      count: byType.get(productType)?.count ?? 0,
      cents: byType.get(productType)?.cents ?? 0,
    }));

    const byWeek = new Map(applications.map((row) => [row.week, row]));
    const weeks: DashboardCharts['applications'] = [];
    for (let week = firstWeek; week <= now; week = new Date(week.getTime() + 7 * DAY_MS)) {
      const row = byWeek.get(utcDay(week));
      weeks.push({
        week: utcDay(week),
        submitted: row?.submitted ?? 0,
        decided: row?.decided ?? 0,
        medianDecisionHours:
          row?.medianDecisionSeconds === null || row?.medianDecisionSeconds === undefined
            ? null
            : Math.round((row.medianDecisionSeconds / 3600) * 10) / 10,
      });
    }

    return { days, money, productTypes, memberships, applications: weeks };
  }

  /** each month from the first membership's (at most 12 back) to this one */
  private async memberships(now: Date): Promise<DashboardCharts['memberships']> {
    const first = await this.figures.firstMembershipStart();
    if (!first) return { tiers: [], months: [] };
    const earliest = startOfUtcMonth(now, 1 - MEMBERSHIP_MONTHS);
    const start = first > earliest ? startOfUtcMonth(first) : earliest;
    const monthStarts: Date[] = [];
    for (let month = start; month <= now; month = startOfUtcMonth(month, 1)) monthStarts.push(month);
    // members are counted as each month ends; this month, as it stands now
    const points = monthStarts.map((month) => {
      const end = startOfUtcMonth(month, 1);
      return end < now ? end : now;
    });
    const [taken, members] = await Promise.all([
      this.figures.membershipTakenByMonth({ from: start, to: now }),
      this.figures.membersByTier(points),
    ]);
    const seen = new Set([...taken.map((row) => row.tierId), ...members.map((row) => row.tierId)]);
    const order = this.catalogue.list('whitelist').map((tier) => tier.id);
    const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
    const tiers = [...seen]
      .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
      .map((id) => ({ id, name: this.catalogue.list('whitelist').find((tier) => tier.id === id)?.name ?? id }));
    const months = monthStarts.map((month, index) => {
      const key = utcMonth(month);
      const mrrCents = Object.fromEntries(tiers.map((tier) => [tier.id, 0]));
      const counts = Object.fromEntries(tiers.map((tier) => [tier.id, 0]));
      for (const row of taken) if (row.month === key) mrrCents[row.tierId] += row.cents;
      for (const row of members) if (row.point === index) counts[row.tierId] += row.members;
      return { month: key, mrrCents, members: counts };
    });
    return { tiers, months };
  }
}
