import type { StoreBanRecord } from '../../core/players/ports.ts';
import type { StoreBans } from '../../core/purchases/ports.ts';
import type { Database } from './database.ts';
import { isUuid } from './mikro-orm-user-repository.ts';

/** what a ban made or lifted announces, in this process (`Database.changed`) and through the change feed (0040) */
export const STORE_BANS_CHANGED = 'table:store_bans';

/** Buyers banned from the store after a payment dispute (store_bans); signing in stays a separate decision. */
export class MikroOrmStoreBans implements StoreBans {
  constructor(protected readonly database: Database) {}

  async isBanned(userId: string): Promise<boolean> {
    const rows = await this.database.em.execute<unknown[]>(`select 1 from "store_bans" where "user_id" = ?`, [userId]);
    return rows.length > 0;
  }

  /** the ban and when it was made (the player page) */
  async find(userId: string): Promise<StoreBanRecord | null> {
    if (!isUuid(userId)) return null;
    const [row] = await this.database.em.execute<{ reason: string; created_at: Date | string }[]>(
      `select "reason", "created_at" from "store_bans" where "user_id" = ?`,
      [userId],
    );
    return row ? { reason: row.reason, createdAt: new Date(row.created_at) } : null;
  }

  async ban(userId: string, reason: string): Promise<void> {
    await this.database.em.execute(
      `insert into "store_bans" ("user_id", "reason", "created_at") values (?, ?, now()) on conflict ("user_id") do nothing`,
      [userId, reason],
    );
    this.database.changed(STORE_BANS_CHANGED);
  }

  async lift(userId: string): Promise<boolean> {
    if (!isUuid(userId)) return false;
    const rows = await this.database.em.execute<unknown[]>(
      `delete from "store_bans" where "user_id" = ? returning "user_id"`,
      [userId],
    );
    this.database.changed(STORE_BANS_CHANGED);
    return rows.length > 0;
  }
}
