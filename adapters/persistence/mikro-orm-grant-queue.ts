import type {
  Grant,
  GrantAction,
  GrantEvent,
  GrantEventKind,
  GrantKind,
  GrantStatus,
  GrantWithTimeline,
} from '../../core/grants/model/grant.ts';
import type { GrantChange, GrantClaim, GrantQueue, GrantSettlement } from '../../core/grants/ports.ts';
import type { Database } from './database.ts';
import { isUuid } from './mikro-orm-user-repository.ts';
import { date, text } from './row-values.ts';

type Row = Record<string, unknown>;

const GRANT_COLUMNS = [
  'id',
  'purchase_id',
  'membership_id',
  'user_id',
  'discord_id',
  'product_id',
  'option_id',
  'action',
  'kind',
  'command',
  'event',
  'needs_online',
  'status',
  'resend_of',
  'dedupe_key',
  'offers',
  'lease_until',
  'server',
  'ran_at',
  'result',
  'created_at',
  'updated_at',
] as const;

const EVENT_COLUMNS = ['grant_id', 'kind', 'at', 'server', 'message', 'actor'] as const;

const list = (values: readonly string[]) => JSON.stringify(values);
const quotedColumns = (columns: readonly string[]) => columns.map((column) => `"${column}"`).join(', ');
const placeholders = (rows: number, columns: number) =>
  Array.from({ length: rows }, () => `(${Array.from({ length: columns }, () => '?').join(', ')})`).join(', ');

function toGrant(row: Row): Grant {
  return {
    id: String(row.id),
    purchaseId: text(row.purchase_id),
    membershipId: text(row.membership_id),
    userId: text(row.user_id),
    discordId: String(row.discord_id),
    productId: String(row.product_id),
    optionId: text(row.option_id),
    action: row.action as GrantAction,
    kind: row.kind as GrantKind,
    command: text(row.command),
    event: text(row.event),
    needsOnline: row.needs_online === true || row.needs_online === 't',
    status: row.status as GrantStatus,
    resendOf: text(row.resend_of),
    dedupeKey: String(row.dedupe_key),
    offers: Number(row.offers),
    leaseUntil: row.lease_until ? date(row.lease_until) : null,
    server: text(row.server),
    ranAt: row.ran_at ? date(row.ran_at) : null,
    result: text(row.result),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

function toEvent(row: Row): GrantEvent {
  return {
    grantId: String(row.grant_id),
    kind: row.kind as GrantEventKind,
    at: date(row.at),
    server: text(row.server),
    message: text(row.message),
    actor: text(row.actor),
  };
}

/**
 * A statement that moves grants and writes each one's line with it, in one message: `moved` is an update of
 * "game_grants" aliased `alias`, and `kind` the line's kind (an expression over the moved grant).
 */
const withLines = (moved: string, alias: string, kind: string) => `with moved as (${moved} returning ${alias}.*),
  lines as (insert into "game_grant_events" ("grant_id", "kind", "at", "server", "message")
    select "id", ${kind}, "updated_at", "server", "result" from moved)
  select * from moved`;

/** The grants on Postgres. A claim takes row locks with SKIP LOCKED, so two game servers never hold one grant. */
export class MikroOrmGrantQueue implements GrantQueue {
  constructor(private readonly database: Database) {}

  private query(sql: string, params: unknown[] = []): Promise<Row[]> {
    return this.database.query<Row>(sql, params);
  }

  async add(grants: readonly Grant[], events: readonly GrantEvent[]): Promise<void> {
    let added = new Set<string>();
    if (grants.length > 0) {
      const values = grants.map((g) => [
        g.id,
        g.purchaseId,
        g.membershipId,
        g.userId,
        g.discordId,
        g.productId,
        g.optionId,
        g.action,
        g.kind,
        g.command,
        g.event,
        g.needsOnline,
        g.status,
        g.resendOf,
        g.dedupeKey,
        g.offers,
        g.leaseUntil,
        g.server,
        g.ranAt,
        g.result,
        g.createdAt,
        g.updatedAt,
      ]);
      const rows = await this.query(
        `insert into "game_grants" (${quotedColumns(GRANT_COLUMNS)}) values ${placeholders(values.length, GRANT_COLUMNS.length)}
         on conflict ("dedupe_key") do nothing returning "id"`,
        values.flat(),
      );
      added = new Set(rows.map((row) => String(row.id)));
    }
    // a line of a grant that was there already (its cause came twice) is not written again
    const adding = new Set(grants.map((grant) => grant.id));
    const lines = events.filter((event) => !adding.has(event.grantId) || added.has(event.grantId));
    if (lines.length === 0) return;
    await this.query(
      `insert into "game_grant_events" (${quotedColumns(EVENT_COLUMNS)}) values ${placeholders(lines.length, EVENT_COLUMNS.length)}`,
      lines.flatMap((e) => [e.grantId, e.kind, e.at, e.server, e.message, e.actor]),
    );
  }

  async claim(claim: GrantClaim): Promise<{ grants: Grant[]; more: boolean }> {
    const rows = await this.query(
      `with due as (
         select "id" from "game_grants"
         where "status" in ('queued', 'offered') and ("status" = 'queued' or "lease_until" <= ?)
           and (not "needs_online" or "discord_id" in (select jsonb_array_elements_text(?::jsonb)))
         order by "created_at", "dedupe_key" limit ? for update skip locked
       ),
       claimed as (
         update "game_grants" g set "status" = 'offered', "offers" = g."offers" + 1, "lease_until" = ?, "server" = ?,
           "updated_at" = ?
         from due where g."id" = due."id" returning g.*
       ),
       lines as (
         insert into "game_grant_events" ("grant_id", "kind", "at", "server") select "id", 'offered', ?, ? from claimed
       )
       select * from claimed order by "created_at", "dedupe_key"`,
      [claim.now, list(claim.online), claim.limit, claim.leaseUntil, claim.server, claim.now, claim.now, claim.server],
    );
    return { grants: rows.map(toGrant), more: rows.length >= claim.limit };
  }

  async lock(ids: readonly string[]): Promise<Grant[]> {
    const wanted = ids.filter(isUuid);
    if (wanted.length === 0) return [];
    const rows = await this.query(
      `select * from "game_grants" where "id" in (select (jsonb_array_elements_text(?::jsonb))::uuid) order by "id" for update`,
      [list(wanted)],
    );
    return rows.map(toGrant);
  }

  async settle(settlement: GrantSettlement): Promise<Grant[]> {
    if (settlement.outcomes.length === 0) return [];
    const rows = await this.query(
      withLines(
        `update "game_grants" g set
           "status" = case when r.ok then 'ran' else 'failed' end,
           "ran_at" = case when r.ok then ?::timestamptz else null end,
           "server" = ?, "result" = r.message, "lease_until" = null, "updated_at" = ?
         from jsonb_to_recordset(?::jsonb) as r(id uuid, ok boolean, message text)
         where g."id" = r.id and g."status" = 'offered'`,
        'g',
        `"status"`,
      ),
      [settlement.now, settlement.server, settlement.now, JSON.stringify(settlement.outcomes)],
    );
    return rows.map(toGrant);
  }

  async releaseHeld(purchaseId: string, now: Date): Promise<Grant[]> {
    if (!isUuid(purchaseId)) return [];
    const giving = (statuses: string) =>
      `select 1 from "game_grants" o where o."purchase_id" = h."purchase_id" and o."action" in ('purchase', 'renewal') and o."status" in (${statuses})`;
    const rows = await this.query(
      withLines(
        `update "game_grants" h set
           "status" = case when exists (${giving(`'ran', 'done_by_hand'`)}) then 'queued' else 'cancelled' end,
           "result" = case when exists (${giving(`'ran', 'done_by_hand'`)}) then null
             else 'Nothing was given in the game, so there is nothing to reverse.' end,
           "updated_at" = ?
         where h."purchase_id" = ? and h."status" = 'held' and not exists (${giving(`'offered'`)})`,
        'h',
        `case when "status" = 'queued' then 'released' else 'cancelled' end`,
      ),
      [now, purchaseId],
    );
    return rows.map(toGrant);
  }

  async givingGrantsOf(purchaseId: string): Promise<Grant[]> {
    if (!isUuid(purchaseId)) return [];
    const rows = await this.query(
      `select * from "game_grants" where "purchase_id" = ? and "action" in ('purchase', 'renewal') order by "created_at", "dedupe_key"`,
      [purchaseId],
    );
    return rows.map(toGrant);
  }

  async change(change: GrantChange): Promise<Grant | null> {
    if (!isUuid(change.id)) return null;
    const { event } = change;
    const [row] = await this.query(
      `with moved as (
         update "game_grants" set "status" = ?, "result" = coalesce(?, "result"), "lease_until" = null, "updated_at" = ?
         where "id" = ? and "status" in (select jsonb_array_elements_text(?::jsonb)) returning *
       ),
       lines as (
         insert into "game_grant_events" ("grant_id", "kind", "at", "server", "message", "actor")
         select "id", ?, ?, ?, ?, ? from moved
       )
       select * from moved`,
      [
        change.to,
        change.result ?? null,
        event.at,
        change.id,
        list(change.from),
        event.kind,
        event.at,
        event.server,
        event.message,
        event.actor,
      ],
    );
    return row ? toGrant(row) : null;
  }

  async findById(id: string): Promise<GrantWithTimeline | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.query(`select * from "game_grants" where "id" = ?`, [id]);
    if (!row) return null;
    return (await this.withTimelines([toGrant(row)]))[0] ?? null;
  }

  async list(query: {
    statuses?: readonly GrantStatus[];
    userId?: string;
    limit: number;
  }): Promise<GrantWithTimeline[]> {
    if (query.userId !== undefined && !isUuid(query.userId)) return [];
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.statuses) {
      where.push(`"status" in (select jsonb_array_elements_text(?::jsonb))`);
      params.push(list(query.statuses));
    }
    if (query.userId) {
      where.push(`"user_id" = ?`);
      params.push(query.userId);
    }
    const rows = await this.query(
      `select * from "game_grants" ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
       order by "created_at" desc, "dedupe_key" desc limit ?`,
      [...params, query.limit],
    );
    return this.withTimelines(rows.map(toGrant));
  }

  async forPurchases(purchaseIds: readonly string[]): Promise<GrantWithTimeline[]> {
    const ids = purchaseIds.filter(isUuid);
    if (ids.length === 0) return [];
    const rows = await this.query(
      `select * from "game_grants" where "purchase_id" in (select (jsonb_array_elements_text(?::jsonb))::uuid)
       order by "created_at", "dedupe_key"`,
      [list(ids)],
    );
    return this.withTimelines(rows.map(toGrant));
  }

  private async withTimelines(grants: Grant[]): Promise<GrantWithTimeline[]> {
    if (grants.length === 0) return [];
    const rows = await this.query(
      `select * from "game_grant_events" where "grant_id" in (select (jsonb_array_elements_text(?::jsonb))::uuid)
       order by "grant_id", "id"`,
      [list(grants.map((grant) => grant.id))],
    );
    const events = rows.map(toEvent);
    return grants.map((grant) => ({ ...grant, timeline: events.filter((event) => event.grantId === grant.id) }));
  }
}
