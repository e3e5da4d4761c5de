import type { Clock } from '../../shared/ports.ts';
import { isFresh } from '../model/queue.ts';
import type { QueueBoard } from '../ports.ts';

/** For every visitor: the players waiting, online and the slots, summed over the game servers that reported lately. */
export class ShowQueueSummary {
  constructor(private readonly deps: { board: QueueBoard; clock: Clock }) {}

  async execute(): Promise<{ waiting: number; online: number; slots: number } | null> {
    const now = this.deps.clock.now();
    const fresh = (await this.deps.board.all()).filter((state) => isFresh(state, now));
    if (fresh.length === 0) return null;
    return fresh.reduce(
      (sum, state) => ({
        waiting: sum.waiting + state.waiting.length,
        online: sum.online + state.online,
        slots: sum.slots + state.slots,
      }),
      { waiting: 0, online: 0, slots: 0 },
    );
  }
}
