import { QueryState } from '@/components/ui/query-state.tsx';
import { useQueueWaits } from '../api/queue-waits.ts';
import { ColumnChart } from './column-chart.tsx';

const minutes = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)} min`;

/**
 * Beside the reviewer figures: per tier, the median and 90th-percentile wait in the queue of the players let in over
 * the last 7 and 30 days, each window a chart with its table.
 */
export function QueueWaits() {
  const waits = useQueueWaits();
  if (!waits.data) return <QueryState isPending={waits.isPending} error={waits.error} retry={() => waits.refetch()} />;
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-2" data-testid="queue-waits">
      {waits.data.windows.map(({ days, tiers }) => (
        <ColumnChart
          key={days}
          testId={`chart-queue-waits-${days}`}
          title={`Wait in the queue by tier, last ${days} days`}
          summary={
            tiers.length === 0
              ? 'Nobody was let in from the queue in these days.'
              : tiers
                  .map(
                    (tier) =>
                      `${tier.name}: ${tier.admissions} let in, median ${minutes(tier.medianMinutes)}, 90th percentile ${minutes(tier.p90Minutes)}`,
                  )
                  .join('; ')
                  .concat('.')
          }
          xLabel="Tier (let in)"
          yLabel="Minutes"
          categories={tiers.map((tier) => `${tier.name}\n(${tier.admissions})`)}
          layout="grouped"
          series={[
            { label: 'Median wait', color: '#8fd18a', values: tiers.map((tier) => tier.medianMinutes) },
            { label: '90th percentile', color: '#e0b84a', values: tiers.map((tier) => tier.p90Minutes) },
          ]}
          format={minutes}
          table={{
            columns: ['Tier', 'Let in', 'Median wait', '90th percentile wait'],
            rows: tiers.map((tier) => [
              tier.name,
              tier.admissions,
              minutes(tier.medianMinutes),
              minutes(tier.p90Minutes),
            ]),
          }}
        />
      ))}
    </div>
  );
}
