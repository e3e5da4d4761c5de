import type { ChangeFeed } from './change-feed.ts';
import type { Database } from './database.ts';
import { MikroOrmStoreBans, STORE_BANS_CHANGED } from './mikro-orm-store-bans.ts';

/** bans cached per process at most: past it, every checkout asks the database */
const MAX_BANS = 10_000;

/**
 * The store's bans in this process's memory, as the ids of the banned buyers: every checkout asks whether its buyer is
 * banned, and a ban follows a payment dispute, a few a month. A ban made or lifted drops them at once: this process's
 * own (`Database.changed`, again at commit), and every other process's through the change feed (migration 0040's
 * trigger). A read under way while anything changed is not cached, and while the feed cannot hear, every question
 * goes to the database.
 */
export class CachedStoreBans extends MikroOrmStoreBans {
  /** the banned buyers' ids; 'too many' when there are more than MAX_BANS (each question then asks the database) */
  private banned: Set<string> | 'too many' | null = null;
  /** moves on every change heard: a read that began before it is not cached */
  private changes = 0;

  constructor(
    database: Database,
    private readonly feed: ChangeFeed,
  ) {
    super(database);
    database.onChange((key) => this.heard(key));
  }

  private heard(key: string): void {
    if (key !== '*' && key !== STORE_BANS_CHANGED) return;
    this.changes++;
    this.banned = null;
  }

  override async isBanned(userId: string): Promise<boolean> {
    if (!this.feed.hearing || this.banned === 'too many') return super.isBanned(userId);
    if (this.banned) return this.banned.has(userId);
    const since = this.changes;
    const rows = await this.database.query<{ user_id: string }>(
      `select "user_id" from "store_bans" limit ${MAX_BANS + 1}`,
    );
    const banned = rows.length > MAX_BANS ? 'too many' : new Set(rows.map((row) => row.user_id));
    if (this.feed.hearing && since === this.changes) this.banned = banned;
    return banned === 'too many' ? super.isBanned(userId) : banned.has(userId);
  }
}
