import { COUNTS_MAX_AGE_MS, statusCountsOf } from './application-counts.ts';
import type { Database } from './database.ts';

/** one broken invariant: which check, and what exactly is wrong */
export interface Breach {
  check: string;
  detail: string;
}

/** a delivery still `sending` this long after its lease ran out is stuck (the worker takes lapsed leases again) */
const STUCK_SENDING_MINUTES = 10;

type Row = Record<string, string | number | null>;

/**
 * The invariants an operator relies on, each one SQL statement answering the rows that break it: balances (and
 * their part bought with money) equal their ledger, each completed purchase and each membership month granted once, no reference used twice, refunds
 * and disputes debited once (at most what was granted), no delivery stuck in sending, and the counts the
 * dashboard and review lists show equal to the rows.
 */
const CHECKS: Array<{ check: string; sql: string; detail: (row: Row) => string }> = [
  {
    check: 'balance equals ledger',
    sql: `select u."id", u."tokens", coalesce(sum(l."delta"), 0)::bigint as "ledger" from "users" u
          left join "token_ledger" l on l."user_id" = u."id" group by u."id", u."tokens"
          having u."tokens" <> coalesce(sum(l."delta"), 0)`,
    detail: (row) => `user ${row.id}: balance ${row.tokens}, but its ledger sums to ${row.ledger}`,
  },
  {
    check: 'bought tokens equal ledger',
    sql: `select u."id", u."bought_tokens", coalesce(sum(l."bought_delta"), 0)::bigint as "ledger" from "users" u
          left join "token_ledger" l on l."user_id" = u."id" group by u."id", u."bought_tokens"
          having u."bought_tokens" <> coalesce(sum(l."bought_delta"), 0)`,
    detail: (row) =>
      `user ${row.id}: ${row.bought_tokens} tokens bought, but its ledger's bought part sums to ${row.ledger}`,
  },
  {
    check: 'completed purchase granted once',
    sql: `select p."id", p."tokens_awarded", l."delta" from "purchases" p
          left join "token_ledger" l on l."reference" = 'purchase:' || p."id"
          where p."status" = 'completed' and (p."gift_discord_id" is null or p."gift_delivered_at" is not null)
            and (p."tokens_awarded" <> p."tokens_granted"
            or (p."tokens_granted" > 0 and (l."delta" is null or l."delta" <> p."tokens_granted")))`,
    detail: (row) =>
      `purchase ${row.id}: completed with ${row.tokens_awarded} tokens awarded, ledger credit ${row.delta ?? 'missing'}`,
  },
  {
    check: 'tokens granted only for paid purchases',
    sql: `select l."reference", p."status" from "token_ledger" l
          left join "purchases" p on 'purchase:' || p."id" = l."reference"
          where l."reference" like 'purchase:%' and (p."id" is null or p."status" not in ('completed', 'refunded', 'disputed'))`,
    detail: (row) => `ledger ${row.reference}: credited, but the purchase is ${row.status ?? 'missing'}`,
  },
  {
    check: 'membership month granted once',
    sql: `select "membership_id", "period_start", count(*)::int as "n" from "purchases"
          where "status" = 'completed' and "billing_reason" = 'renewal' and "membership_id" is not null
          group by "membership_id", "period_start" having count(*) > 1`,
    detail: (row) => `membership ${row.membership_id}: the month from ${row.period_start} completed ${row.n} times`,
  },
  {
    check: 'reference used once',
    sql: `select "reference", count(*)::int as "n" from "token_ledger" where "reference" is not null
          group by "reference" having count(*) > 1
          union all
          select "payment_intent_id", count(*)::int from "purchases" where "payment_intent_id" is not null
          group by "payment_intent_id" having count(*) > 1`,
    detail: (row) => `reference ${row.reference} used ${row.n} times`,
  },
  {
    check: 'refund debited once',
    sql: `select p."id", p."status", c."delta" as "credit", coalesce(sum(d."delta"), 0)::bigint as "taken", count(d."id")::int as "debits"
          from "purchases" p
          left join "token_ledger" c on c."reference" = 'purchase:' || p."id"
          left join "token_ledger" d on d."reference" in ('refunded:' || p."id", 'disputed:' || p."id")
          group by p."id", p."status", c."delta"
          having count(d."id") > 1 or coalesce(sum(d."delta"), 0) > 0
            or -coalesce(sum(d."delta"), 0) > coalesce(c."delta", 0)
            or (count(d."id") > 0 and p."status" not in ('refunded', 'disputed'))
            or (p."status" in ('refunded', 'disputed') and p."tokens_awarded" <> 0)`,
    detail: (row) =>
      `purchase ${row.id} (${row.status}): credited ${row.credit ?? 0}, debited ${-Number(row.taken)} in ${row.debits} entries`,
  },
  {
    check: 'no delivery stuck in sending',
    sql: `select "id", "kind", "locked_until" from "deliveries" where "status" = 'sending'
          and coalesce("locked_until", "updated_at") < now() - interval '${STUCK_SENDING_MINUTES} minutes'`,
    detail: (row) => `delivery ${row.id} (${row.kind}): sending since ${row.locked_until ?? 'unknown'}`,
  },
];

/** the tables whose per-status counts the dashboard and review lists show */
const COUNTED = [
  { table: 'purchases', cents: true },
  { table: 'whitelist_applications', cents: false },
  { table: 'staff_applications', cents: false },
  { table: 'ban_appeals', cents: false },
] as const;

/** Every invariant checked; the breaches found (none: the database is consistent). */
export async function verifyDatabase(database: Database): Promise<{ checks: string[]; breaches: Breach[] }> {
  const breaches: Breach[] = [];
  for (const { check, sql, detail } of CHECKS)
    for (const row of await database.query<Row>(sql)) breaches.push({ check, detail: detail(row) });
  for (const { table, cents } of COUNTED) {
    // on a live site a write can come between the two reads and move only the second: a real difference stays when
    // both are read again, once the shown counts are read afresh
    let difference = await countsDiffer(database, table, cents);
    for (let again = 0; difference && again < 2; again++) {
      await new Promise((done) => setTimeout(done, COUNTS_MAX_AGE_MS));
      difference = await countsDiffer(database, table, cents);
    }
    if (difference) breaches.push({ check: 'dashboard counts', detail: difference });
  }
  return { checks: [...CHECKS.map((each) => each.check), 'dashboard counts'], breaches };
}

/** the counts the dashboard shows of a table against the rows counted, in words when they differ (null: the same) */
async function countsDiffer(database: Database, table: string, cents: boolean): Promise<string | null> {
  const shown = await statusCountsOf(database).read(table, { cents });
  const real = await database.query<Row>(
    `select "status", count(*) as "count", coalesce(sum(${cents ? 'coalesce("amount_paid_cents", "price_cents")' : '0'}), 0) as "cents" from "${table}" group by "status"`,
  );
  const line = (rows: readonly Row[] | readonly { status: string; count: unknown; cents?: unknown }[]) =>
    rows
      .map((row) => `${row.status}=${row.count}${cents ? `/$${Number(row.cents) / 100}` : ''}`)
      .sort()
      .join(' ');
  return line(shown) === line(real) ? null : `${table}: shown ${line(shown)}, counted ${line(real)}`;
}
