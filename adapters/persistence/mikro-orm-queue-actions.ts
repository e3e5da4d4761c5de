import type { QueueAction, QueueActionKind } from '../../core/queue/model/queue.ts';
import type { QueueActions } from '../../core/queue/ports.ts';
import type { Database } from './database.ts';

type Row = Record<string, unknown>;

/** Staff actions on the queue (queue_actions, migration 0051) until the resource says it applied them. */
export class MikroOrmQueueActions implements QueueActions {
  constructor(private readonly database: Database) {}

  async add(action: QueueAction): Promise<void> {
    await this.database.query(
      `insert into "queue_actions"
         ("id", "server", "discord_id", "user_id", "action", "reason", "actor_id", "actor_name", "created_at")
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        action.id,
        action.server,
        action.discordId,
        action.userId,
        action.action,
        action.reason,
        action.actorId,
        action.actorName,
        action.createdAt,
      ],
    );
  }

  async pending(server: string, since: Date): Promise<QueueAction[]> {
    const rows = await this.database.query<Row>(
      `select * from "queue_actions" where "server" = ? and "applied_at" is null and "created_at" >= ?
       order by "created_at", "id"`,
      [server, since],
    );
    return rows.map((row) => ({
      id: String(row.id),
      server: String(row.server),
      discordId: String(row.discord_id),
      userId: String(row.user_id),
      action: row.action as QueueActionKind,
      reason: row.reason === null ? null : String(row.reason),
      actorId: row.actor_id === null ? null : String(row.actor_id),
      actorName: String(row.actor_name),
      createdAt: new Date(row.created_at as string),
    }));
  }

  async applied(server: string, ids: readonly string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.database.query(
      `update "queue_actions" set "applied_at" = ? where "server" = ? and "applied_at" is null
       and "id" in (${ids.map(() => '?').join(', ')})`,
      [at, server, ...ids],
    );
  }
}
