import { type Admission, percentile } from '../../core/queue/model/queue.ts';
import type { QueueAdmissions, TierWaits, WaitPeriod } from '../../core/queue/ports.ts';

/** The players let in from the queue, in memory, like queue_admissions. */
export class InMemoryQueueAdmissions implements QueueAdmissions {
  private readonly rows = new Map<string, Admission>();

  async record(admissions: readonly Admission[]): Promise<void> {
    for (const admission of admissions) {
      const key = `${admission.server}\n${admission.id}`;
      if (!this.rows.has(key)) this.rows.set(key, { ...admission });
    }
  }

  async countSince(since: Date): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const row of this.rows.values())
      if (row.at.getTime() >= since.getTime()) counts[row.server] = (counts[row.server] ?? 0) + 1;
    return counts;
  }

  async ofPlayer(discordId: string, limit: number): Promise<Admission[]> {
    return [...this.rows.values()]
      .filter((row) => row.discordId === discordId)
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .slice(0, limit)
      .map((row) => ({ ...row }));
  }

  async waitsByTier(period: WaitPeriod): Promise<TierWaits[]> {
    const byTier = new Map<string | null, number[]>();
    for (const row of this.rows.values()) {
      if (row.at < period.from || row.at >= period.to) continue;
      byTier.set(row.tier, [...(byTier.get(row.tier) ?? []), row.waitedSeconds]);
    }
    return [...byTier].map(([tier, waits]) => ({
      tier,
      admissions: waits.length,
      medianSeconds: Math.round(percentile(waits, 0.5)),
      p90Seconds: Math.round(percentile(waits, 0.9)),
    }));
  }
}
