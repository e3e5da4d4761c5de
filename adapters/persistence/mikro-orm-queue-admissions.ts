import type { Admission } from '../../core/queue/model/queue.ts';
import type { QueueAdmissions, TierWaits, WaitPeriod } from '../../core/queue/ports.ts';
import type { Database } from './database.ts';

/** how long the last hour's counts are cached: every waiting player's page asks for them every few seconds */
const COUNTS_CACHED_MS = 5_000;

/** The players let in from the queue (queue_admissions, migration 0051), one row each, never changed. */
export class MikroOrmQueueAdmissions implements QueueAdmissions {
  private counted: { at: number; since: number; counts: Record<string, number> } | null = null;

  constructor(private readonly database: Database) {}

  async record(admissions: readonly Admission[]): Promise<void> {
    if (admissions.length === 0) return;
    const values = admissions.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ');
    await this.database.query(
      `insert into "queue_admissions"
         ("server", "admission_id", "discord_id", "tier", "priority", "waited_seconds", "admitted_at")
       values ${values} on conflict ("server", "admission_id") do nothing`,
      admissions.flatMap((each) => [
        each.server,
        each.id,
        each.discordId,
        each.tier,
        each.priority,
        each.waitedSeconds,
        each.at,
      ]),
    );
    this.counted = null;
  }

  async countSince(since: Date): Promise<Record<string, number>> {
    const held = this.counted;
    if (held && Date.now() - held.at < COUNTS_CACHED_MS && Math.abs(held.since - since.getTime()) < COUNTS_CACHED_MS)
      return held.counts;
    const rows = await this.database.query<{ server: string; admitted: string | number }>(
      `select "server", count(*) as "admitted" from "queue_admissions" where "admitted_at" >= ? group by "server"`,
      [since],
    );
    const counts = Object.fromEntries(rows.map((row) => [row.server, Number(row.admitted)]));
    this.counted = { at: Date.now(), since: since.getTime(), counts };
    return counts;
  }

  async ofPlayer(discordId: string, limit: number): Promise<Admission[]> {
    const rows = await this.database.query<{
      server: string;
      admission_id: string;
      discord_id: string;
      tier: string | null;
      priority: number;
      waited_seconds: number;
      admitted_at: Date | string;
    }>(
      `select "server", "admission_id", "discord_id", "tier", "priority", "waited_seconds", "admitted_at"
       from "queue_admissions" where "discord_id" = ? order by "admitted_at" desc limit ?`,
      [discordId, limit],
    );
    return rows.map((row) => ({
      server: row.server,
      id: row.admission_id,
      discordId: row.discord_id,
      tier: row.tier,
      priority: Number(row.priority),
      waitedSeconds: Number(row.waited_seconds),
      at: new Date(row.admitted_at),
    }));
  }

  async waitsByTier(period: WaitPeriod): Promise<TierWaits[]> {
    const rows = await this.database.query<{
      tier: string | null;
      admissions: string | number;
      median: string | number;
      p90: string | number;
    }>(
      `select "tier", count(*) as "admissions",
         percentile_cont(0.5) within group (order by "waited_seconds") as "median",
         percentile_cont(0.9) within group (order by "waited_seconds") as "p90"
       from "queue_admissions" where "admitted_at" >= ? and "admitted_at" < ? group by "tier"`,
      [period.from, period.to],
    );
    return rows.map((row) => ({
      tier: row.tier,
      admissions: Number(row.admissions),
      medianSeconds: Math.round(Number(row.median)),
      p90Seconds: Math.round(Number(row.p90)),
    }));
  }
}
