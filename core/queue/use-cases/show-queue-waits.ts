import type { Clock } from '../../shared/ports.ts';
import type { QueueAdmissions } from '../ports.ts';

/** the windows the dashboard shows the waits over, in days */
export const WAIT_WINDOWS = [7, 30] as const;
const DAY_MS = 86_400_000;

export interface QueueWaitFigures {
  windows: Array<{
    days: (typeof WAIT_WINDOWS)[number];
    /** per tier (null: no tier), the dearest first, players without one last */
    tiers: Array<{ tier: string | null; name: string; admissions: number; medianMinutes: number; p90Minutes: number }>;
  }>;
}

const minutes = (seconds: number) => Math.round((seconds / 60) * 10) / 10;

/**
 * The dashboard's queue figures (decision 0110): per tier, the median and 90th-percentile wait of the players let in
 * from the queue over the last 7 and 30 days. The store sums them; this names and orders them.
 */
export class ShowQueueWaits {
  constructor(
    private readonly deps: {
      admissions: QueueAdmissions;
      clock: Clock;
      /** the tiers' ids from the cheapest, and a tier's name */
      tiers: () => readonly string[];
      tierName: (tierId: string) => string;
    },
  ) {}

  async execute(): Promise<QueueWaitFigures> {
    const now = this.deps.clock.now();
    const order = this.deps.tiers();
    const rank = (tier: string | null) => {
      if (tier === null) return -1;
      const at = order.indexOf(tier);
      return at < 0 ? order.length : at;
    };
    const windows = await Promise.all(
      WAIT_WINDOWS.map(async (days) => {
        const rows = await this.deps.admissions.waitsByTier({ from: new Date(now.getTime() - days * DAY_MS), to: now });
        const tiers = rows
          .map((row) => ({
            tier: row.tier,
            name: row.tier === null ? 'No tier' : this.deps.tierName(row.tier),
            admissions: row.admissions,
            medianMinutes: minutes(row.medianSeconds),
            p90Minutes: minutes(row.p90Seconds),
          }))
          .sort((a, b) => rank(b.tier) - rank(a.tier) || a.name.localeCompare(b.name));
        return { days, tiers };
      }),
    );
    return { windows };
  }
}
