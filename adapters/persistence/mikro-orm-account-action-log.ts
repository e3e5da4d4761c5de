import type { AccountAction, AccountActionKind, AccountActionLog } from '../../core/audit/model/account-action.ts';
import type { ReviewChannel } from '../../core/audit/model/reviewer.ts';
import type { Permission } from '../../core/users/model/permissions.ts';
import { accountActionFields } from '../../core/audit/model/audit-chain.ts';
import type { Database } from './database.ts';
import { latestRowsOfUser } from './list-rows.ts';
import { MikroOrmChainedLog } from './mikro-orm-chained-log.ts';
import { text } from './row-values.ts';

type Row = Record<string, unknown>;

/** The account_actions table, a log of the audit chain. */
export class MikroOrmAccountActionLog extends MikroOrmChainedLog<AccountAction> implements AccountActionLog {
  constructor(database: Database) {
    super(database, 'account-action', 'account_actions', accountActionFields);
  }

  async forUser(userId: string, limit: number): Promise<AccountAction[]> {
    return (await latestRowsOfUser<Row>(this.database, 'account_actions', userId, limit)).map(accountActionOfColumns);
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
