import type { AccountAction, AccountActionKind, AccountActionLog } from '../../core/audit/model/account-action.ts';
import type { ReviewChannel } from '../../core/audit/model/reviewer.ts';
import type { Permission } from '../../core/users/model/permissions.ts';
import { accountActionFields } from '../../core/audit/model/audit-chain.ts';
import type { Database } from './database.ts';
import { MikroOrmAuditChain } from './mikro-orm-audit-chain.ts';
import { isUuid } from './mikro-orm-user-repository.ts';

type Row = Record<string, unknown>;

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/**
 * The account_actions table: appended in the caller's transaction as a link of the audit chain, never updated (a
 * trigger refuses it).
 */
export class MikroOrmAccountActionLog implements AccountActionLog {
  private readonly chain: MikroOrmAuditChain;

  constructor(private readonly database: Database) {
    this.chain = new MikroOrmAuditChain(database);
  }

  /** appended as the audit chain's next row (see MikroOrmAuditChain) */
  async record(action: AccountAction): Promise<void> {
    await this.chain.append('account-action', accountActionFields(action), async (link) => {
      await this.database.em.execute(
        `insert into "account_actions" ("id", "user_id", "action", "before", "after", "reason", "permission", "actor_id", "actor_discord_id", "actor_name", "channel", "created_at", "chain_position", "previous_hash", "hash")
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          action.id,
          action.userId,
          action.action,
          action.before,
          action.after,
          action.reason,
          action.permission ?? null,
          action.actorId,
          action.actorDiscordId,
          action.actorName,
          action.channel,
          action.createdAt,
          link.position,
          link.previousHash,
          link.hash,
        ],
      );
    });
  }

  async forUser(userId: string, limit: number): Promise<AccountAction[]> {
    if (!isUuid(userId)) return [];
    const rows = await this.database.em.execute<Row[]>(
      `select * from "account_actions" where "user_id" = ? order by "seq" desc limit ?`,
      [userId, limit],
    );
    return rows.map(accountActionOfColumns);
  }
}

/** An account_actions row (its columns by name) as the action it records. */
export function accountActionOfColumns(row: Row): AccountAction {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    action: row.action as AccountActionKind,
    before: String(row.before),
    after: String(row.after),
    reason: text(row.reason),
    permission: (text(row.permission) as Permission | null) ?? null,
    actorId: text(row.actor_id),
    actorDiscordId: text(row.actor_discord_id),
    actorName: String(row.actor_name),
    channel: row.channel as ReviewChannel,
    createdAt: new Date(row.created_at as string),
  };
}
