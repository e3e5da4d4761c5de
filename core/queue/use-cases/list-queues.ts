import type { Reviewer } from '../../audit/model/reviewer.ts';
import type { Clock } from '../../shared/ports.ts';
import { isFresh, type QueueState, type WaitingPlayer } from '../model/queue.ts';
import type { QueueBoard } from '../ports.ts';
import { checkManagesQueue } from './act-on-queue.ts';

/** Every game server's queue as last reported, for staff who manage it; a server silent for a minute shows as stale. */
export class ListQueues {
  constructor(private readonly deps: { board: QueueBoard; clock: Clock; tierName: (tierId: string) => string }) {}

  async execute(
    actor: Reviewer,
  ): Promise<
    Array<Omit<QueueState, 'waiting'> & { fresh: boolean; waiting: Array<WaitingPlayer & { tierName: string | null }> }>
  > {
    checkManagesQueue(actor);
    const now = this.deps.clock.now();
    return (await this.deps.board.all())
      .map((state) => ({
        ...state,
        fresh: isFresh(state, now),
        waiting: state.waiting.map((player) => ({
          ...player,
          tierName: player.tier === null ? null : this.deps.tierName(player.tier),
        })),
      }))
      .sort((a, b) => a.server.localeCompare(b.server));
  }
}
