import type { Admission, QueueAction, QueueState } from './model/queue.ts';

/** A span of time: from `from` (included) to `to` (excluded). */
export interface WaitPeriod {
  from: Date;
  to: Date;
}

/** One tier's waits in a period (tier null: players without one); the quantiles as Postgres's percentile_cont, in whole seconds. */
export interface TierWaits {
  tier: string | null;
  admissions: number;
  medianSeconds: number;
  p90Seconds: number;
}

/**
 * Each game server's latest queue, held in memory. A report reaches one process; the board shares it with the others
 * (decision 0110), so any process answers what the latest report said, a few seconds late at most.
 */
export interface QueueBoard {
  put(state: QueueState): Promise<void>;
  /** every server's latest state, fresh or not */
  all(): Promise<QueueState[]>;
}

/** The players let in from the queue, recorded for the figures and the expected wait. */
export interface QueueAdmissions {
  /** stores those not stored yet (by server and id): a report sent twice records each once */
  record(admissions: readonly Admission[]): Promise<void>;
  /** per server, the admissions at or after `since` */
  countSince(since: Date): Promise<Record<string, number>>;
  /** one player's admissions on every server, the latest first, at most `limit` (their copy of their data) */
  ofPlayer(discordId: string, limit: number): Promise<Admission[]>;
  /** per tier, the median and 90th percentile of the waits of admissions in the period */
  waitsByTier(period: WaitPeriod): Promise<TierWaits[]>;
}

/** Staff actions until the resource says it applied them. */
export interface QueueActions {
  add(action: QueueAction): Promise<void>;
  /** the server's actions not applied, made at or after `since`, oldest first */
  pending(server: string, since: Date): Promise<QueueAction[]>;
  /** the resource applied these */
  applied(server: string, ids: readonly string[], at: Date): Promise<void>;
}
