import type { ReviewerFiguresResponse } from '@contract/dashboard.ts';
import { QueryState } from '@/components/ui/query-state.tsx';
import type { ChartDays } from '../api/charts.ts';
import { useReviewerFigures } from '../api/reviewers.ts';
import { ColumnChart } from './column-chart.tsx';

const KIND_LABELS: Record<ReviewerFiguresResponse['kinds'][number]['kind'], string> = {
  whitelist: 'Whitelist',
  staff: 'Staff',
  appeal: 'Appeals',
};
const count = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
const hours = (value: number | null) => (value === null ? '—' : `${count(value)} h`);
const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

/**
 * Beside the charts: per reviewer the votes cast, the median time from sending to their vote and how often they
 * agreed with the decision; per kind the median time to a decision and the share decided within 48 hours. Each chart
 * has its table, and the reviewers' figures are a table of their own.
 */
export function ReviewerFigures({ days }: { days: ChartDays }) {
  const figures = useReviewerFigures(days);
  if (!figures.data)
    return <QueryState isPending={figures.isPending} error={figures.error} retry={() => figures.refetch()} />;
  const { reviewers, kinds } = figures.data;
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-2" data-testid="reviewer-figures">
      <ColumnChart
        testId="chart-reviewer-votes"
        title={`Votes per reviewer, last ${figures.data.days} days`}
        summary={
          reviewers.length === 0
            ? 'No reviewer voted in these days.'
            : `${reviewers.reduce((total, reviewer) => total + reviewer.votes, 0)} votes by ${reviewers.length} ${
                reviewers.length === 1 ? 'reviewer' : 'reviewers'
              }; the most by ${reviewers[0].name} (${reviewers[0].votes}).`
        }
        xLabel="Reviewer"
        yLabel="Votes cast"
        categories={reviewers.map((reviewer) => reviewer.name)}
        series={[{ label: 'Votes cast', color: '#38bdf8', values: reviewers.map((reviewer) => reviewer.votes) }]}
        format={count}
        whole
        table={{
          columns: ['Reviewer', 'Votes cast', 'Median time to vote', 'Agreed with the decision'],
          rows: reviewers.map((reviewer) => [
            reviewer.name,
            reviewer.votes,
            hours(reviewer.medianHoursToVote),
            reviewer.judged === 0 ? 'No decided votes' : `${percent(reviewer.agreementPercent)} of ${reviewer.judged}`,
          ]),
        }}
      />
      <ColumnChart
        testId="chart-kind-decisions"
        title={`Median time to a decision by kind, last ${figures.data.days} days`}
        summary={kinds
          .map(
            (kind) =>
              `${KIND_LABELS[kind.kind]}: ${kind.decided} decided${
                kind.decided > 0
                  ? `, median ${hours(kind.medianHoursToDecision)}, ${percent(kind.within48HoursPercent)} within 48 hours`
                  : ''
              }`,
          )
          .join('; ')
          .concat('.')}
        xLabel="Kind (decided)"
        yLabel="Hours"
        categories={kinds.map((kind) => `${KIND_LABELS[kind.kind]}\n(${kind.decided})`)}
        series={[
          {
            label: 'Median hours to a decision',
            color: '#a78bfa',
            values: kinds.map((kind) => kind.medianHoursToDecision ?? 0),
          },
        ]}
        format={(value) => `${count(value)} h`}
        table={{
          columns: ['Kind', 'Decided', 'Median time to decision', 'Decided within 48 hours'],
          rows: kinds.map((kind) => [
            KIND_LABELS[kind.kind],
            kind.decided,
            hours(kind.medianHoursToDecision),
            percent(kind.within48HoursPercent),
          ]),
        }}
      />
    </div>
  );
}
