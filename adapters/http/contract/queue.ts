import { z } from 'zod';

/** The report's rules are core's: the resource's body is checked by the same schema. */
export { queueReportSchema, type QueueReport } from '../../../core/queue/model/queue.ts';

/** POST /api/game/queue answers the staff actions the resource has still to apply. */
export interface QueueReportResponse {
  actions: Array<{ id: string; action: 'front' | 'remove'; discordId: string; reason: string | null }>;
}

/** GET /api/queue/mine: where the signed-in player waits; `place` null when they are not waiting. */
export interface MyQueuePlaceDto {
  place: {
    server: string;
    place: number;
    ahead: number;
    waiting: number;
    online: number;
    slots: number;
    since: string;
    /** whole minutes, from the pace of the last hour; null: not enough data yet */
    expectedWait: { fromMinutes: number; toMinutes: number } | null;
    reportedAt: string;
  } | null;
}

/** GET /api/queue: every game server's queue for staff who manage it */
export interface QueuesDto {
  servers: Array<{
    server: string;
    slots: number;
    online: number;
    reportedAt: string;
    /** reported within the last minute */
    fresh: boolean;
    waiting: Array<{
      place: number;
      discordId: string;
      name: string;
      priority: number;
      tier: string | null;
      /** the tier's name as the store sells it */
      tierName: string | null;
      since: string;
    }>;
  }>;
}

/** POST /api/queue/:server/players/:discordId/front and .../remove */
export const queueActionSchema = z.object({
  reason: z.string().max(1000).nullable().optional(),
});
export type QueueActionRequest = z.infer<typeof queueActionSchema>;

export interface QueueActionDto {
  id: string;
  server: string;
  discordId: string;
  action: 'front' | 'remove';
  reason: string | null;
  createdAt: string;
}

/** GET /api/dashboard/queue-waits: per tier, the median and 90th-percentile wait over 7 and 30 days */
export interface QueueWaitsDto {
  windows: Array<{
    days: number;
    tiers: Array<{ tier: string | null; name: string; admissions: number; medianMinutes: number; p90Minutes: number }>;
  }>;
}
