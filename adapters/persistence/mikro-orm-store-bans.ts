import type { StoreBans } from '../../core/purchases/ports.ts';
import type { Database } from './database.ts';

/** Buyers banned from the store after a payment dispute (store_bans); signing in stays a separate decision. */
export class MikroOrmStoreBans implements StoreBans {
  constructor(private readonly database: Database) {}

  async isBanned(userId: string): Promise<boolean> {
    const rows = await this.database.em.execute<unknown[]>(`select 1 from "store_bans" where "user_id" = ?`, [userId]);
    return rows.length > 0;
  }

  async ban(userId: string, reason: string): Promise<void> {
    await this.database.em.execute(
      `insert into "store_bans" ("user_id", "reason", "created_at") values (?, ?, now()) on conflict ("user_id") do nothing`,
      [userId, reason],
    );
  }
}
