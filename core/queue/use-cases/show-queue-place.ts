import type { Clock } from '../../shared/ports.ts';
import { expectedWait, isFresh } from '../model/queue.ts';
import type { QueueAdmissions, QueueBoard } from '../ports.ts';

export interface QueuePlace {
  server: string;
  /** 1 for the next to go in */
  place: number;
  ahead: number;
  waiting: number;
  online: number;
  slots: number;
  since: Date;
  /** from the admissions of the last hour; null when too few went in to tell */
  expectedWait: { fromMinutes: number; toMinutes: number } | null;
  admittedLastHour: number;
  reportedAt: Date;
}

const HOUR_MS = 3_600_000;

/** Where a signed-in player waits, by their Discord id, in the latest fresh report of any game server; null when not waiting. */
export class ShowQueuePlace {
  constructor(private readonly deps: { board: QueueBoard; admissions: QueueAdmissions; clock: Clock }) {}

  async execute(discordId: string): Promise<QueuePlace | null> {
    const now = this.deps.clock.now();
    for (const state of await this.deps.board.all()) {
      if (!isFresh(state, now)) continue;
      const index = state.waiting.findIndex((player) => player.discordId === discordId);
      if (index < 0) continue;
      const counts = await this.deps.admissions.countSince(new Date(now.getTime() - HOUR_MS));
      const admittedLastHour = counts[state.server] ?? 0;
      return {
        server: state.server,
        place: index + 1,
        ahead: index,
        waiting: state.waiting.length,
        online: state.online,
        slots: state.slots,
        since: state.waiting[index].since,
        expectedWait: expectedWait(index, admittedLastHour),
        admittedLastHour,
        reportedAt: state.receivedAt,
      };
    }
    return null;
  }
}
