import type { DashboardChartsResponse } from '@contract/dashboard.ts';
import { QueryState } from '@/components/ui/query-state.tsx';
import { formatMoney } from '@/lib/format.ts';
import { useState } from 'react';
import { type ChartDays, useDashboardCharts } from '../api/charts.ts';
import { type ChartSeries, ColumnChart } from './column-chart.tsx';
import { QueueWaits } from './queue-waits.tsx';
import { ReviewerFigures } from './reviewer-figures.tsx';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-11-27" -> "Nov 27" (a UTC day, written without the reader's time zone) */
const dayLabel = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;
/** "2026-11" -> "Nov 2026" */
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
/** a y-axis amount: whole dollars, cents only below $10 */
const axisMoney = (dollars: number) =>
  dollars >= 10 || Number.isInteger(dollars) ? formatMoney(Math.round(dollars)).slice(0, -3) : formatMoney(dollars);
const count = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
const hours = (value: number) => `${count(value)} h`;

const TYPE_LABELS: Record<string, string> = { whitelist: 'Whitelist', gang: 'Gang', addon: 'Add-on', unban: 'Unban' };
/** fills readable on the dark card, one per tier */
const PALETTE = ['#e0b84a', '#8fd18a', '#a78bfa', '#38bdf8', '#f472b6', '#fb923c', '#f87171'];

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The dashboard's charts (a chunk of its own, loaded only on the dashboard): money, the pass, product types, applications. */
export default function DashboardCharts() {
  const [days, setDays] = useState<ChartDays>(30);
  const charts = useDashboardCharts(days);
  return (
    <section aria-labelledby="charts-title" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="charts-title" className="font-display text-xl font-bold text-white">
          Charts
        </h2>
        <fieldset className="flex gap-1 rounded-lg border border-bayou-700 p-1">
          <legend className="sr-only">Chart period</legend>
          {([30, 90] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={days === option}
              onClick={() => setDays(option)}
              className={`rounded-md px-3 py-1.5 text-sm font-semibold ${
                days === option ? 'bg-gold-500 text-bayou-950' : 'text-slate-100 hover:text-gold-400'
              }`}
            >
              Last {option} days
            </button>
          ))}
        </fieldset>
      </div>
      <p className="mt-1 text-xs text-slate-300">
        Days, weeks and months are UTC. Refunded and disputed purchases are not counted.
      </p>
      {!charts.data ? (
        <QueryState isPending={charts.isPending} error={charts.error} retry={() => charts.refetch()} />
      ) : (
        <Charts data={charts.data} />
      )}
      <h3 className="mt-8 font-display text-lg font-bold text-white">Reviewers</h3>
      <p className="mt-1 text-xs text-slate-300">
        Votes cast in these days; agreement counts approvals and denials on applications decided since. Appeals closed
        because their ban changed are not decisions.
      </p>
      <ReviewerFigures days={days} />
      <h3 className="mt-8 font-display text-lg font-bold text-white">Queue waits</h3>
      <p className="mt-1 text-xs text-slate-300">
        How long players waited in the game server's queue before they got in, per Priority Pass tier, over the last 7
        and 30 days whatever the period above. Players let in without waiting are not counted.
      </p>
      <QueueWaits />
    </section>
  );
}

function Charts({ data }: { data: DashboardChartsResponse }) {
  const taken = sum(data.money.map((day) => day.taken));
  const best = data.money.reduce((top, day) => (day.taken > top.taken ? day : top), data.money[0]);
  const { tiers, months } = data.memberships;
  const tierSeries = (pick: (month: (typeof months)[number]) => Record<string, number>): ChartSeries[] =>
    tiers.map((tier, index) => ({
      label: tier.name,
      color: PALETTE[index % PALETTE.length],
      values: months.map((month) => pick(month)[tier.id] ?? 0),
    }));
  const lastMonth = months.at(-1);
  const weeks = data.applications;
  const decidedWeeks = weeks.filter((week) => week.medianDecisionHours !== null);

  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-2">
      <ColumnChart
        testId="chart-money"
        title={`Money taken per day, last ${data.days} days`}
        summary={`${formatMoney(taken)} taken in ${sum(data.money.map((day) => day.purchases))} purchases${
          best && best.taken > 0 ? `; the best day was ${dayLabel(best.day)} with ${formatMoney(best.taken)}` : ''
        }.`}
        xLabel="Day (UTC)"
        yLabel="Dollars taken"
        categories={data.money.map((day) => dayLabel(day.day))}
        series={[{ label: 'Money taken', color: '#e0b84a', values: data.money.map((day) => day.taken) }]}
        format={axisMoney}
        table={{
          columns: ['Day', 'Purchases', 'Money taken'],
          rows: data.money.map((day) => [dayLabel(day.day), day.purchases, formatMoney(day.taken)]),
        }}
      />
      <ColumnChart
        testId="chart-product-types"
        title={`Purchases by product type, last ${data.days} days`}
        summary={data.productTypes
          .map(
            (type) =>
              `${TYPE_LABELS[type.productType] ?? type.productType}: ${type.purchases} for ${formatMoney(type.taken)}`,
          )
          .join('; ')
          .concat('.')}
        xLabel="Product type (purchases)"
        yLabel="Dollars taken"
        categories={data.productTypes.map(
          (type) => `${TYPE_LABELS[type.productType] ?? type.productType}\n(${type.purchases})`,
        )}
        series={[{ label: 'Money taken', color: '#8fd18a', values: data.productTypes.map((type) => type.taken) }]}
        format={axisMoney}
        table={{
          columns: ['Product type', 'Purchases', 'Money taken'],
          rows: data.productTypes.map((type) => [
            TYPE_LABELS[type.productType] ?? type.productType,
            type.purchases,
            formatMoney(type.taken),
          ]),
        }}
      />
      {months.length === 0 ? (
        <div
          className="rounded-xl border border-bayou-700 bg-bayou-900 p-4 lg:col-span-2"
          data-testid="chart-pass-empty"
        >
          <h3 className="font-display text-lg font-bold text-white">Priority Pass</h3>
          <p className="mt-1 text-sm text-slate-300">
            No one has held a Priority Pass yet: its monthly charts start with the first membership.
          </p>
        </div>
      ) : (
        <>
          <ColumnChart
            testId="chart-mrr"
            title="Priority Pass monthly recurring revenue by tier"
            summary={`Money taken for the pass's monthly charges per month since ${monthLabel(months[0].month)}; ${
              lastMonth
                ? `${formatMoney(sum(Object.values(lastMonth.mrr)))} so far in ${monthLabel(lastMonth.month)}`
                : ''
            }.`}
            xLabel="Month (UTC)"
            yLabel="Dollars per month"
            categories={months.map((month) => monthLabel(month.month))}
            series={tierSeries((month) => month.mrr)}
            format={axisMoney}
            table={{
              columns: ['Month', ...tiers.map((tier) => tier.name), 'Total'],
              rows: months.map((month) => [
                monthLabel(month.month),
                ...tiers.map((tier) => formatMoney(month.mrr[tier.id] ?? 0)),
                formatMoney(sum(Object.values(month.mrr))),
              ]),
            }}
          />
          <ColumnChart
            testId="chart-members"
            title="Priority Pass active members by tier"
            summary={`Members holding a live pass at each month's end (now, for this month)${
              lastMonth ? `: ${sum(Object.values(lastMonth.members))} now` : ''
            }.`}
            xLabel="Month (UTC)"
            yLabel="Members"
            categories={months.map((month) => monthLabel(month.month))}
            series={tierSeries((month) => month.members)}
            format={count}
            whole
            table={{
              columns: ['Month', ...tiers.map((tier) => tier.name), 'Total'],
              rows: months.map((month) => [
                monthLabel(month.month),
                ...tiers.map((tier) => month.members[tier.id] ?? 0),
                sum(Object.values(month.members)),
              ]),
            }}
          />
        </>
      )}
      <ColumnChart
        testId="chart-applications"
        title="Applications per week"
        summary={`${sum(weeks.map((week) => week.submitted))} applications sent and ${sum(
          weeks.map((week) => week.decided),
        )} decided, whitelist and staff together, in weeks starting on Monday.`}
        xLabel="Week starting (UTC)"
        yLabel="Applications"
        categories={weeks.map((week) => dayLabel(week.week))}
        series={[
          { label: 'Sent', color: '#38bdf8', values: weeks.map((week) => week.submitted) },
          { label: 'Decided', color: '#a78bfa', values: weeks.map((week) => week.decided) },
        ]}
        layout="grouped"
        format={count}
        whole
        table={{
          columns: ['Week starting', 'Sent', 'Decided', 'Median time to decision'],
          rows: weeks.map((week) => [
            dayLabel(week.week),
            week.submitted,
            week.decided,
            week.medianDecisionHours === null ? 'None decided' : hours(week.medianDecisionHours),
          ]),
        }}
      />
      <ColumnChart
        testId="chart-decision-time"
        title="Median decision time"
        summary={
          decidedWeeks.length
            ? `Median hours from sending to the final decision, per week of the decision; the latest: ${hours(
                decidedWeeks.at(-1)?.medianDecisionHours ?? 0,
              )}.`
            : 'No application was decided in these weeks.'
        }
        xLabel="Week starting (UTC)"
        yLabel="Hours"
        categories={weeks.map((week) => dayLabel(week.week))}
        series={[
          { label: 'Median hours', color: '#f472b6', values: weeks.map((week) => week.medianDecisionHours ?? 0) },
        ]}
        format={hours}
        table={{
          columns: ['Week starting', 'Decided', 'Median time to decision'],
          rows: weeks.map((week) => [
            dayLabel(week.week),
            week.decided,
            week.medianDecisionHours === null ? 'None decided' : hours(week.medianDecisionHours),
          ]),
        }}
      />
    </div>
  );
}
