import type { QueueAction } from '../../core/queue/model/queue.ts';
import type { QueueActions } from '../../core/queue/ports.ts';

/** Staff actions on the queue in memory, like queue_actions. */
export class InMemoryQueueActions implements QueueActions {
  private readonly rows: Array<QueueAction & { appliedAt: Date | null }> = [];

  async add(action: QueueAction): Promise<void> {
    this.rows.push({ ...action, appliedAt: null });
  }

  async pending(server: string, since: Date): Promise<QueueAction[]> {
    return this.rows
      .filter((row) => row.server === server && row.appliedAt === null && row.createdAt >= since)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map(({ appliedAt: _, ...action }) => action);
  }

  async applied(server: string, ids: readonly string[], at: Date): Promise<void> {
    for (const row of this.rows) if (row.server === server && ids.includes(row.id)) row.appliedAt ??= at;
  }
}
