import { afterAll, describe, expect, it } from 'vitest';
import { Database } from '../../adapters/persistence/database.ts';
import { verifyDatabase } from '../../adapters/persistence/database-verify.ts';
import { createTestDatabase, databaseTargets } from '../support/databases.ts';
import { pgliteBlankTemplate } from '../support/pglite-template.ts';

const BUYER = '00000000-0000-4000-8000-000000000451';
const EARNER = '00000000-0000-4000-8000-000000000452';

describe.each(databaseTargets())('migration 0045 on %s', (target) => {
  const opened: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of opened.reverse()) await close();
  });

  it('walks the ledger written before it: bought credits, spends from earned first, a refund from bought first', async () => {
    const testDb = await createTestDatabase(target);
    const database = await Database.open({ url: testDb.url, dataDir: 'memory', memoryTemplate: pgliteBlankTemplate() });
    opened.push(testDb.drop, () => database.close());
    await (await database.migrator()).up({ to: 'Migration20261130000044Emails' });
    await database.query(
      `insert into "users" ("id", "discord_id", "tokens") values (?, '100000000000000451', 5), (?, '100000000000000452', 30)`,
      [BUYER, EARNER],
    );
    // the buyer: 100 bought, 50 granted by staff, 30 spent, 40 spent in game, 10 earned, then the purchase refunded
    // (85 taken back: the tokens bought were partly spent); the earner: 40 from the game, 10 spent
    const entries: Array<[string, number, number, string | null]> = [
      [BUYER, 100, 100, 'purchase:00000000-0000-4000-8000-000000000453'],
      [BUYER, 50, 150, 'staff-1'],
      [BUYER, -30, 120, null],
      [BUYER, -40, 80, 'game:spend-1'],
      [BUYER, 10, 90, 'game:earn-1'],
      [BUYER, -85, 5, 'refunded:00000000-0000-4000-8000-000000000453'],
      [EARNER, 40, 40, 'game:earn-2'],
      [EARNER, -10, 30, 'game:spend-2'],
    ];
    for (const [userId, delta, balanceAfter, reference] of entries)
      await database.query(
        `insert into "token_ledger" ("id", "user_id", "delta", "balance_after", "reason", "reference", "created_at")
         values (gen_random_uuid(), ?, ?, ?, 'before the split', ?, now())`,
        [userId, delta, balanceAfter, reference],
      );
    await database.migrate();

    const moved = await database.query<{ user_id: string; bought_delta: number }>(
      `select "user_id", "bought_delta" from "token_ledger" order by "seq"`,
    );
    expect(moved.map((row) => Number(row.bought_delta))).toEqual([100, 0, 0, -20, 0, -80, 0, 0]);
    const users = await database.query<{ id: string; tokens: number; bought_tokens: number }>(
      `select "id", "tokens", "bought_tokens" from "users" order by "id"`,
    );
    expect(users.map((row) => [row.id, row.tokens, row.bought_tokens])).toEqual([
      [BUYER, 5, 0],
      [EARNER, 30, 0],
    ]);
    const { checks, breaches } = await verifyDatabase(database);
    expect(checks).toContain('bought tokens equal ledger');
    // the ledger's purchases are not in this database: only the balances' checks apply
    const balances = ['balance equals ledger', 'bought tokens equal ledger'];
    expect(breaches.filter((breach) => balances.includes(breach.check))).toEqual([]);
  });
});
