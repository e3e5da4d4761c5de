import type { ApplicationKindName } from '../../core/applications/model/application.ts';
import { ERASED_TEXT } from '../../core/privacy/model/erasure.ts';
import type { AccountEraser, ErasurePlan, ErasureReport } from '../../core/privacy/ports.ts';
import type { Database } from './database.ts';
import { APPLICATION_TABLES } from './mikro-orm-application-repository.ts';
import { isUuid } from './mikro-orm-user-repository.ts';

type Row = Record<string, unknown>;

/** what staff wrote on an application: it stays, with the player's name and addresses taken out */
const STAFF_TEXTS: Record<ApplicationKindName, readonly string[]> = {
  whitelist: ['review_notes', 'applicant_message'],
  staff: ['review_notes', 'applicant_message'],
  appeal: ['review_notes', 'applicant_message', 'appealed_ban_reason'],
};
/** the columns of an application's row that name the applicant besides the free-text answers */
const NAMING_COLUMNS = ['discord_username', 'email', 'real_name'];
/** a name shorter than this is not searched for in texts */
const SHORTEST_VALUE = 2;

const snake = (property: string) => property.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');
/** `in (?, ?)` over the values, `in (null)` (true of nothing) over none */
const inList = (values: readonly unknown[]) => (values.length > 0 ? `in (${placeholders(values)})` : 'in (null)');
const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** the rows tied to the account, read before anything changes: what is searched and changed */
interface Tied {
  purchases: string[];
  applications: string[];
  grants: string[];
  memberships: string[];
}

/**
 * The erasure of one account on Postgres (decision 0105), in the caller's transaction: the personal fields of its rows
 * are emptied or replaced, its own words replaced whole, its sessions, card link and second factors deleted, messages
 * not sent to it deleted, and its names, addresses and Discord id replaced wherever the rows tied to it quote them.
 * Amounts, dates, products, statuses and ids stay. The hash-chained logs of staff decisions are not touched.
 */
export class MikroOrmAccountEraser implements AccountEraser {
  constructor(private readonly database: Database) {}

  async erase(plan: ErasurePlan): Promise<ErasureReport> {
    if (!isUuid(plan.userId)) return {};
    const tied = await this.tied(plan);
    const { values, addresses } = await this.personalValues(plan);
    const pattern = matching(values);
    const report: ErasureReport = {};
    const run = async (table: string, sql: string, params: unknown[]) => {
      report[table] = (report[table] ?? 0) + (await this.count(sql, params));
    };
    const scrubbed = (column: string) => `regexp_replace("${column}", ?, ?, 'gi')`;
    const scrubParams = [pattern, ERASED_TEXT];
    /** one text column with the values replaced, on the rows `where` picks that quote any */
    const scrub = (table: string, column: string, where: string, params: unknown[]) =>
      run(table, `update "${table}" set "${column}" = ${scrubbed(column)} where (${where}) and "${column}" ~* ?`, [
        ...scrubParams,
        ...params,
        pattern,
      ]);
    const { userId: user, discordId, opaqueDiscordId: opaque, now } = plan;
    const inPurchases = inList(tied.purchases);
    const inApplications = inList(tied.applications);

    await run(
      'users',
      `update "users" set "username" = null, "email" = null, "password" = null, "discord_id" = ?, "discord_username" = null,
         "discord_avatar" = null, "discord_discriminator" = null, "ban_reason" = ${scrubbed('ban_reason')}, "updated_at" = ?
       where "id" = ?`,
      [opaque, ...scrubParams, now, user],
    );
    // the user id inside each session's JSON, read only from sessions that name it
    await run(
      'sessions',
      `delete from "sessions" where (case when "sess" like ? then "sess"::json ->> 'userId' end) = ?`,
      [`%${user}%`, user],
    );
    for (const [kind, table] of Object.entries(APPLICATION_TABLES) as Array<[ApplicationKindName, string]>) {
      const own = plan.freeTextAnswers[kind].map(snake);
      await run(
        table,
        `update "${table}" set "discord_id" = ?, "discord_username" = ?,
           ${own.map((column) => `"${column}" = case when "${column}" is null then null else ? end`).join(', ')}${own.length ? ',' : ''}
           ${STAFF_TEXTS[kind].map((column) => `"${column}" = ${scrubbed(column)}`).join(', ')}
         where "user_id" = ?`,
        [opaque, ERASED_TEXT, ...own.map(() => ERASED_TEXT), ...STAFF_TEXTS[kind].flatMap(() => scrubParams), user],
      );
    }
    await run(
      'purchases',
      `update "purchases" set "buyer_email" = null, "buyer_discord" = null, "consent_address" = null,
         "ban_reason" = case when "ban_reason" is null then null else ? end, "failure_reason" = ${scrubbed('failure_reason')}
       where "user_id" = ?`,
      [ERASED_TEXT, ...scrubParams, user],
    );
    await run(
      'purchases',
      `update "purchases" set "gift_discord_id" = ?, "gift_name" = ? where "gift_user_id" = ? or "gift_discord_id" = ?`,
      [opaque, ERASED_TEXT, user, discordId],
    );
    await scrub('purchase_status_changes', 'reason', `"purchase_id" ${inPurchases}`, tied.purchases);
    await scrub('payment_events', 'detail', `"purchase_id" ${inPurchases}`, tied.purchases);
    await run(
      'demo_payment_intents',
      `update "demo_payment_intents" set "metadata" = jsonb_set("metadata", '{giftTo}', to_jsonb(?::text)) where "metadata" ->> 'giftTo' = ?`,
      [opaque, discordId],
    );
    await this.eraseDeliveries(plan, tied, { run, scrub, inPurchases, inApplications });
    await this.eraseEmails(user, addresses, tied, { run, scrub, inPurchases });
    // the webhooks' messages keep their event and its ids; the names they quote and the Discord id are replaced
    await run(
      'webhook_messages',
      `update "webhook_messages" set "body" = replace(${scrubbed('body')}, ?, ?) where "body" like ? or "body" like ?`,
      [...scrubParams, discordId, opaque, `%${user}%`, `%${discordId}%`],
    );
    await run(
      'game_grants',
      `update "game_grants" set "discord_id" = ?, "command" = ${scrubbed('command')}, "result" = ${scrubbed('result')}
       where "user_id" = ? or "discord_id" = ?`,
      [opaque, ...scrubParams, ...scrubParams, user, discordId],
    );
    if (tied.grants.length > 0)
      await scrub('game_grant_events', 'message', `"grant_id" in (${placeholders(tied.grants)})`, tied.grants);
    // the queue's admissions keep their tier and wait for the figures, and its actions their reason, under no one's id
    for (const table of ['queue_admissions', 'queue_actions'])
      await run(table, `update "${table}" set "discord_id" = ? where "discord_id" = ?`, [opaque, discordId]);
    // a game server's last report lists them while they wait: they leave the list (its next report replaces it anyway)
    await run(
      'queue_states',
      `update "queue_states" set "state" = jsonb_set("state", '{waiting}', (
         select coalesce(jsonb_agg(w order by n), '[]'::jsonb)
         from jsonb_array_elements("state" -> 'waiting') with ordinality as t(w, n) where w ->> 'discordId' <> ?))
       where "state" -> 'waiting' @> jsonb_build_array(jsonb_build_object('discordId', ?::text))`,
      [discordId, discordId],
    );
    // an interview's steps the applicant took carry their name and their own words; staff's notes may quote them
    await run(
      'interviews',
      `update "interviews" set "history" = (
         select coalesce(jsonb_agg(case when e ->> 'by' = 'applicant' then e || jsonb_build_object('name', ?::text,
           'reason', case when jsonb_typeof(e -> 'reason') = 'string' then to_jsonb(?::text) else 'null'::jsonb end)
           else e end order by n), '[]'::jsonb)
         from jsonb_array_elements("history") with ordinality as t(e, n))
       where "applicant_id" = ?`,
      [ERASED_TEXT, ERASED_TEXT, user],
    );
    await scrub('interviews', 'notes', `"applicant_id" = ?`, [user]);
    await scrub('memberships', 'end_reason', `"user_id" = ?`, [user]);
    await scrub('membership_events', 'detail', `"user_id" = ?`, [user]);
    await scrub('token_ledger', 'reason', `"user_id" = ?`, [user]);
    await scrub('store_bans', 'reason', `"user_id" = ?`, [user]);
    for (const table of [
      'stripe_customers',
      'second_factor_apps',
      'second_factor_passkeys',
      'second_factor_recovery_codes',
    ])
      await run(table, `delete from "${table}" where "user_id" = ?`, [user]);
    await run('creators', `update "creators" set "disabled_at" = coalesce("disabled_at", ?) where "user_id" = ?`, [
      now,
      user,
    ]);
    await this.announce(user);
    return Object.fromEntries(Object.entries(report).filter(([, rows]) => rows > 0));
  }

  async releaseDiscordId(userId: string): Promise<boolean> {
    if (!isUuid(userId)) return true;
    await this.database.query(
      `update "deliveries" d set "discord_id" = u."discord_id" from "users" u
       where u."id" = d."user_id" and d."user_id" = ? and d."discord_id" <> u."discord_id" and d."status" not in ('pending', 'sending')`,
      [userId],
    );
    const waiting = await this.database.query(
      `select 1 from "deliveries" d join "users" u on u."id" = d."user_id"
       where d."user_id" = ? and d."discord_id" <> u."discord_id" and d."status" in ('pending', 'sending') limit 1`,
      [userId],
    );
    return waiting.length === 0;
  }

  /**
   * Messages and role grants not sent to the account are deleted; the texts of its messages and of staff notices about
   * its purchases and applications are replaced whole; its Discord id leaves every row but its role removals still to
   * be sent (`releaseDiscordId` replaces it there once they are).
   */
  private async eraseDeliveries(
    plan: ErasurePlan,
    tied: Tied,
    sql: {
      run: (table: string, sql: string, params: unknown[]) => Promise<void>;
      scrub: (table: string, column: string, where: string, params: unknown[]) => Promise<void>;
      inPurchases: string;
      inApplications: string;
    },
  ): Promise<void> {
    const { userId: user, discordId, opaqueDiscordId: opaque } = plan;
    const tiedRows = `"user_id" = ? or "discord_id" = ? or "purchase_id" ${sql.inPurchases} or "application_id" ${sql.inApplications}`;
    const tiedParams = [user, discordId, ...tied.purchases, ...tied.applications];
    await sql.run(
      'deliveries',
      `delete from "deliveries" where "status" in ('pending', 'sending') and "kind" in ('grant_role', 'message_user')
         and ("user_id" = ? or "discord_id" = ?)`,
      [user, discordId],
    );
    await sql.run(
      'deliveries',
      `update "deliveries" set "content" = ? where "kind" in ('message_user', 'notify_staff') and (${tiedRows})`,
      [ERASED_TEXT, ...tiedParams],
    );
    await sql.scrub('deliveries', 'content', tiedRows, tiedParams);
    await sql.scrub('deliveries', 'last_error', tiedRows, tiedParams);
    await sql.run(
      'deliveries',
      `update "deliveries" set "discord_id" = ? where "discord_id" = ?
         and not ("kind" = 'remove_role' and "status" in ('pending', 'sending') and "user_id" = ?)`,
      [opaque, discordId, user],
    );
  }

  /** the account's own emails are deleted; those about its purchases to others (a gift's recipient) lose its names */
  private async eraseEmails(
    user: string,
    addresses: readonly string[],
    tied: Tied,
    sql: {
      run: (table: string, sql: string, params: unknown[]) => Promise<void>;
      scrub: (table: string, column: string, where: string, params: unknown[]) => Promise<void>;
      inPurchases: string;
    },
  ): Promise<void> {
    await sql.run('emails', `delete from "emails" where "user_id" = ? or lower("to_address") ${inList(addresses)}`, [
      user,
      ...addresses,
    ]);
    const about = `"purchase_id" ${sql.inPurchases} or "membership_id" ${inList(tied.memberships)}`;
    for (const column of ['subject', 'text_body', 'html_body'])
      await sql.scrub('emails', column, about, [...tied.purchases, ...tied.memberships]);
  }

  private async tied(plan: ErasurePlan): Promise<Tied> {
    const ids = async (sql: string, params: unknown[]) =>
      (await this.database.query<Row>(sql, params)).map((row) => String(row.id));
    const { userId: user, discordId } = plan;
    // one statement after another: they share the transaction's connection
    const applications: string[] = [];
    for (const table of Object.values(APPLICATION_TABLES))
      applications.push(...(await ids(`select "id" from "${table}" where "user_id" = ?`, [user])));
    return {
      purchases: await ids(
        `select "id" from "purchases" where "user_id" = ? or "gift_user_id" = ? or "gift_discord_id" = ?`,
        [user, user, discordId],
      ),
      applications,
      grants: await ids(`select "id" from "game_grants" where "user_id" = ? or "discord_id" = ?`, [user, discordId]),
      memberships: await ids(`select "id" from "memberships" where "user_id" = ?`, [user]),
    };
  }

  /**
   * The account's names, email addresses, network addresses and Discord id as its rows hold them, read before they are
   * erased; `addresses`: its email addresses alone, in lower case.
   */
  private async personalValues(plan: ErasurePlan): Promise<{ values: string[]; addresses: string[] }> {
    const { userId: user, discordId } = plan;
    const values = new Set<string>([discordId]);
    const add = (value: unknown) => {
      const trimmed = typeof value === 'string' ? value.trim() : '';
      if (trimmed.length >= SHORTEST_VALUE) values.add(trimmed);
    };
    const rows = async (sql: string, params: unknown[]) => this.database.query<Row>(sql, params);
    for (const row of await rows(`select "username", "email", "discord_username" from "users" where "id" = ?`, [user]))
      Object.values(row).forEach(add);
    for (const row of await rows(
      `select "buyer_email", "buyer_discord", "consent_address" from "purchases" where "user_id" = ?`,
      [user],
    ))
      Object.values(row).forEach(add);
    for (const row of await rows(
      `select "gift_name" from "purchases" where "gift_user_id" = ? or "gift_discord_id" = ?`,
      [user, discordId],
    ))
      add(row.gift_name);
    for (const table of Object.values(APPLICATION_TABLES))
      for (const row of await rows(`select to_jsonb(t) as "row" from "${table}" t where "user_id" = ?`, [user])) {
        const columns = (typeof row.row === 'string' ? JSON.parse(row.row) : row.row) as Row;
        for (const column of NAMING_COLUMNS) add(columns[column]);
      }
    const addresses = [...values].filter((value) => value.includes('@')).map((value) => value.toLowerCase());
    return { values: [...values], addresses: [...new Set(addresses)] };
  }

  /** how many rows a change wrote */
  private async count(sql: string, params: unknown[]): Promise<number> {
    const [row] = await this.database.query<{ n: number | string }>(
      `with changed as (${sql} returning 1) select count(*)::int as "n" from changed`,
      params,
    );
    return Number(row?.n ?? 0);
  }

  /**
   * Every process hears of it: the account's sessions and lists, and '*' for the caches that hold a user's Discord id
   * as if it never changed (the Discord id each member's deliveries are written with).
   */
  private async announce(userId: string): Promise<void> {
    for (const key of [
      `user:${userId}`,
      ...['purchases', 'deliveries', ...Object.values(APPLICATION_TABLES)].map((table) => `table:${table}`),
      '*',
    ])
      this.database.changed(key);
    await this.database.query(`insert into "cache_invalidations" ("key") values ('*')`);
    await this.database.query(`select pg_notify('bayou_cache', '*')`);
  }
}

/** one case-insensitive pattern matching any of the values, and its HTML-escaped form, as a whole word */
function matching(values: readonly string[]): string {
  const forms = new Set(values.flatMap((value) => [value, escapeHtml(value)]));
  const alternatives = [...forms].sort((a, b) => b.length - a.length).map(escapeRegex);
  return `(?<![[:alnum:]_])(?:${alternatives.join('|')})(?![[:alnum:]_])`;
}
