import type { QueueState } from '../../core/queue/model/queue.ts';
import type { QueueBoard } from '../../core/queue/ports.ts';

/** Each game server's latest queue in this process's memory: one process, nothing to share. */
export class InMemoryQueueBoard implements QueueBoard {
  private readonly states = new Map<string, QueueState>();

  async put(state: QueueState): Promise<void> {
    const held = this.states.get(state.server);
    // a report that arrives late does not replace a newer one
    if (!held || held.receivedAt <= state.receivedAt) this.states.set(state.server, state);
  }

  async all(): Promise<QueueState[]> {
    return [...this.states.values()];
  }
}
