import type { Entitlement, Entitlements, EntitlementExclusion } from '../../core/delivery/ports.ts';
import type { Database } from './database.ts';
import { text } from './row-values.ts';

type Row = Record<string, unknown>;

/** at most this many users' Discord ids are cached (a launch evening's buyers fit many times over) */
const MAX_CACHED_DISCORD_IDS = 10_000;

/** What members are owed, read from completed purchases and approved whitelist applications. */
export class MikroOrmEntitlements implements Entitlements {
  /** each user's Discord id, set when the user is made and never changed: read once per user, not per delivery */
  private readonly discordIds = new Map<string, string>();

  constructor(private readonly database: Database) {
    // a restore may bring back other users: '*' is anything changed unannounced (see ChangeFeed)
    database.onChange((key) => {
      if (key === '*') this.discordIds.clear();
    });
  }

  private query(sql: string, params: unknown[] = []): Promise<Row[]> {
    return this.database.query<Row>(sql, params);
  }

  async discordIdOf(userId: string): Promise<string | null> {
    const cached = this.discordIds.get(userId);
    if (cached !== undefined) return cached;
    const [row] = await this.query(`select "discord_id" from "users" where "id" = ?`, [userId]);
    if (!row) return null;
    const discordId = String(row.discord_id);
    this.knowDiscordId(userId, discordId);
    return discordId;
  }

  /** a user's Discord id read elsewhere (with their session): a buyer's first delivery then reads none */
  knowDiscordId(userId: string, discordId: string): void {
    if (this.discordIds.has(userId)) return;
    if (this.discordIds.size >= MAX_CACHED_DISCORD_IDS) this.discordIds.clear();
    this.discordIds.set(userId, discordId);
  }

  async of(userId?: string, without: EntitlementExclusion = {}): Promise<Entitlement[]> {
    const where = userId ? 'where u."id" = ?' : '';
    const params = userId ? [userId] : [];
    const users = await this.query(
      `select u."id", u."discord_id", coalesce(u."discord_username", u."username", u."discord_id") as "name",
              exists (select 1 from "whitelist_applications" w where w."user_id" = u."id" and w."status" = 'approved') as "approved"
       from "users" u ${where} order by u."created_at", u."id"`,
      params,
    );
    const purchases = heldPurchases(userId, without.purchaseId);
    const memberships = narrowed('m', userId, without.membershipId);
    const items = await this.query(
      // one-time purchases (and tier purchases made before memberships) for good, a gift for its recipient once
      // delivered; a membership's tier while it is live (a gifted pass gives its tier through its membership)
      `select distinct coalesce(p."gift_user_id", p."user_id") as "user_id", p."product_id", p."option_id" from "purchases" p
       where p."status" = 'completed' and p."billing_reason" is null and p."gift_months" is null
         and (p."gift_discord_id" is null or p."gift_delivered_at" is not null) ${purchases.sql}
       union
       select m."user_id", m."tier_id", null from "memberships" m
       where m."status" in ('active', 'past_due') ${memberships.sql}`,
      [...purchases.params, ...memberships.params],
    );
    const byUser = new Map<string, Entitlement['items']>();
    for (const item of items) {
      const key = String(item.user_id);
      byUser.set(key, [
        ...(byUser.get(key) ?? []),
        { productId: String(item.product_id), optionId: text(item.option_id) },
      ]);
    }
    return users.map((user) => ({
      userId: String(user.id),
      discordId: String(user.discord_id),
      displayName: String(user.name),
      items: byUser.get(String(user.id)) ?? [],
      whitelistApproved: Boolean(user.approved),
    }));
  }
}

/** the purchases one user holds (bought for themself, or given to them), less one left out */
function heldPurchases(userId: string | undefined, leftOut: string | undefined) {
  const held = userId ? `and ((p."user_id" = ? and p."gift_discord_id" is null) or p."gift_user_id" = ?)` : '';
  return {
    sql: `${held} ${leftOut ? 'and p."id" <> ?' : ''}`,
    params: [...(userId ? [userId, userId] : []), leftOut].filter((value) => value !== undefined),
  };
}

/** the conditions that keep a query to one user and leave one row out */
function narrowed(alias: string, userId: string | undefined, leftOut: string | undefined) {
  return {
    sql: `${userId ? `and ${alias}."user_id" = ?` : ''} ${leftOut ? `and ${alias}."id" <> ?` : ''}`,
    params: [userId, leftOut].filter((value) => value !== undefined),
  };
}
