import { z } from 'zod';

/** A game server's name as it reports itself (bayou_server_name): letters, digits, spaces and _ . - */
export const QUEUE_SERVER_NAME = /^[A-Za-z0-9 _.-]{1,64}$/;
const DISCORD_ID = /^\d{17,20}$/;
/** the most players one report may list as waiting, and admissions it may carry (a report stays under the 100 KB body limit) */
export const MAX_WAITING = 400;
export const MAX_ADMISSIONS = 200;

const discordId = z.string().regex(DISCORD_ID, 'a Discord id is 17 to 20 digits');
const instant = z.iso.datetime({ offset: true });
// a FiveM name may hold anything; control characters are dropped and it is cut to 64
const playerName = z
  .string()
  .max(256)
  .transform(
    (name) =>
      name
        .replace(/\p{Cc}/gu, '')
        .trim()
        .slice(0, 64) || 'Player',
  );

/**
 * What the bayou-bridge resource reports every few seconds (decision 0110): the players waiting, in the order they
 * will go in, the players on the server and its slots, who went in since the last report, and the staff actions it
 * applied. A report that breaks this is refused whole, and the last good one stays.
 */
export const queueReportSchema = z
  .object({
    server: z.string().trim().regex(QUEUE_SERVER_NAME, 'a server name is 1 to 64 letters, digits, spaces or _ . -'),
    slots: z.number().int().min(0).max(4096),
    online: z.number().int().min(0).max(4096),
    waiting: z
      .array(
        z.object({
          discordId,
          name: playerName,
          /** the priority it is sorted by now (its tier's, raised by the time waited where that rule is on) */
          priority: z.number().int().min(0).max(10_000),
          tier: z.string().max(64).nullable(),
          since: instant,
        }),
      )
      .max(MAX_WAITING),
    admitted: z
      .array(
        z.object({
          /** the resource's own id for the admission: a report sent again records it once */
          id: z.string().regex(/^[A-Za-z0-9:._-]{1,80}$/, 'an admission id is 1 to 80 letters, digits or : . _ -'),
          discordId,
          tier: z.string().max(64).nullable(),
          priority: z.number().int().min(0).max(10_000),
          waitedSeconds: z
            .number()
            .int()
            .min(0)
            .max(7 * 86_400),
          at: instant,
        }),
      )
      .max(MAX_ADMISSIONS)
      .default([]),
    /** the staff actions it applied since its last report */
    applied: z.array(z.uuid()).max(MAX_ADMISSIONS).default([]),
  })
  .refine((report) => new Set(report.waiting.map((player) => player.discordId)).size === report.waiting.length, {
    message: 'a player is listed as waiting twice',
    path: ['waiting'],
  });
export type QueueReport = z.output<typeof queueReportSchema>;

export interface WaitingPlayer {
  discordId: string;
  name: string;
  priority: number;
  tier: string | null;
  since: Date;
}

/** One game server's queue as last reported. */
export interface QueueState {
  server: string;
  slots: number;
  online: number;
  /** in the order they go in */
  waiting: WaitingPlayer[];
  receivedAt: Date;
}

/** A player let in from the queue, and how long they waited. */
export interface Admission {
  server: string;
  id: string;
  discordId: string;
  /** the tier they held (null: none) */
  tier: string | null;
  priority: number;
  waitedSeconds: number;
  at: Date;
}

export const QUEUE_ACTIONS = ['front', 'remove'] as const;
export type QueueActionKind = (typeof QUEUE_ACTIONS)[number];

/** A staff member's move of a waiting player, waiting for the resource to apply it. */
export interface QueueAction {
  id: string;
  server: string;
  discordId: string;
  userId: string;
  action: QueueActionKind;
  reason: string | null;
  actorId: string | null;
  actorName: string;
  createdAt: Date;
}

/** A report older than this tells nothing: the resource stopped, or the game server is down. */
export const STALE_AFTER_MS = 60_000;
/** A staff action not applied within this is dropped: the player has gone in or left since. */
export const ACTION_EXPIRES_MS = 10 * 60_000;
/** the admissions of the last hour give the pace; fewer than this is not enough to tell */
export const MIN_ADMISSIONS_FOR_ESTIMATE = 3;

export const isFresh = (state: QueueState, now: Date) => now.getTime() - state.receivedAt.getTime() <= STALE_AFTER_MS;

/**
 * The expected wait of a player with `ahead` players before them, from the players let in over the last hour: they
 * go in after `ahead + 1` admissions. The pace is uncertain by about its square root (a count of arrivals), so the
 * answer is the range between the faster and the slower pace, in whole minutes; null when the hour let in fewer than
 * MIN_ADMISSIONS_FOR_ESTIMATE.
 */
export function expectedWait(
  ahead: number,
  admittedLastHour: number,
): { fromMinutes: number; toMinutes: number } | null {
  if (admittedLastHour < MIN_ADMISSIONS_FOR_ESTIMATE) return null;
  const spread = Math.sqrt(admittedLastHour);
  const turns = ahead + 1;
  const fromMinutes = Math.max(1, Math.floor((turns * 60) / (admittedLastHour + spread)));
  const toMinutes = Math.max(fromMinutes, Math.ceil((turns * 60) / Math.max(admittedLastHour - spread, 1)));
  return { fromMinutes, toMinutes };
}

/** The `p` quantile (0 to 1) of values, interpolated between the two nearest as Postgres's percentile_cont does. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const at = p * (sorted.length - 1);
  const below = Math.floor(at);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (at - below);
}
