import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUYER_OPEN_CHECKOUTS_SQL } from '../../adapters/persistence/mikro-orm-purchase-repository.ts';
import { PreparedStatements } from '../../adapters/persistence/prepared-statements.ts';
import { type MigratedDatabase, openMigratedDatabase } from '../support/contract-databases.ts';
import { databaseTargets } from '../support/databases.ts';

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** rows of `purchases` the plan's scans read: those they gave and those they read and threw away */
function purchaseRowsRead(node: PlanNode): number {
  const own =
    node['Relation Name'] === 'purchases'
      ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0)
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + purchaseRowsRead(child), 0);
}

const OTHER_PLAYERS = 400;
const OPEN_EACH = 10;

describe.each(databaseTargets())("a checkout's read of its buyer's open checkouts on %s", (target) => {
  let opened: MigratedDatabase;
  let buyer: string;
  const windowStart = new Date(Date.now() - 24 * 3600_000);

  beforeAll(async () => {
    opened = await openMigratedDatabase(target, 1);
    buyer = await opened.addUser();
    const { database } = opened;
    // a launch evening: 4,000 checkouts of other players open in the window, the buyer's own two, and the buyer's
    // completed purchases; no statistics gathered since (as after a burst, before autovacuum has looked)
    await database.withContext(() =>
      database.queries([
        [
          `insert into users (id, discord_id) select gen_random_uuid(), 'other-' || g from generate_series(1, ?) as g`,
          [OTHER_PLAYERS],
        ],
        [
          `insert into purchases (id, user_id, product_type, product_id, product_name, price_cents, created_at)
           select gen_random_uuid(), u.id, 'gang', 'starter-gang', 'Starter Gang', 1500,
                  now() - (random() * interval '20 hours')
           from users u cross join generate_series(1, ?) as g where u.discord_id like 'other-%'`,
          [OPEN_EACH],
        ],
        [
          `insert into purchases (id, user_id, product_type, product_id, product_name, price_cents, status, created_at)
           select gen_random_uuid(), ?, 'gang', 'starter-gang', 'Starter Gang', 1500,
                  case when g <= 2 then 'pending' else 'completed' end, now() - interval '1 hour'
           from generate_series(1, 6) as g`,
          [buyer],
        ],
      ]),
    );
  });
  afterAll(async () => {
    await opened?.close();
  });

  it("reads the buyer's own rows, not every open checkout in the window, even planned once for any buyer", async () => {
    const { database } = opened;
    // its placeholders numbered as the site numbers them for a prepared statement
    const numbered = new PreparedStatements((date) => date.toISOString()).of(BUYER_OPEN_CHECKOUTS_SQL, [
      buyer,
      windowStart,
    ])?.text;
    // a prepared statement's generic plan, as every checkout's runs once its connection has planned it a few times
    const results = await database.withContext(() =>
      database.queries([
        [`set plan_cache_mode = force_generic_plan`],
        [`prepare "open_checkouts"(uuid, timestamptz) as ${numbered}`],
        [`explain (analyze, format json) execute "open_checkouts"(?, ?)`, [buyer, windowStart]],
        [`deallocate "open_checkouts"`],
        [`reset plan_cache_mode`],
      ]),
    );
    const [explained] = results[2] as Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> | string }>;
    const planned = explained?.['QUERY PLAN'];
    const plan = (typeof planned === 'string' ? JSON.parse(planned) : planned)[0].Plan as PlanNode;
    // it finds the buyer's two open checkouts...
    expect(plan['Actual Rows']).toBe(2);
    // ...reading no more than the buyer's own purchases, of the 4,006 in the table
    expect(purchaseRowsRead(plan)).toBeLessThanOrEqual(6);
  });
});
