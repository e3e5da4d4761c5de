import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../adapters/persistence/database.ts';
import { isDatabaseBusy } from '../../adapters/persistence/database-busy.ts';
import { type MigratedDatabase, openMigratedDatabase } from '../support/contract-databases.ts';
import { databaseTargets } from '../support/databases.ts';

interface Prepared {
  statement: string;
  generic_plans: number;
  custom_plans: number;
}

describe.each(databaseTargets())('plain statements on %s', (target) => {
  let opened: MigratedDatabase;
  let database: Database;
  // one connection: what one call prepares, the next finds
  beforeAll(async () => {
    opened = await openMigratedDatabase(target, 1);
    database = opened.database;
  });
  afterAll(async () => {
    await opened?.close();
  });
  const run = <T>(work: () => Promise<T>) => database.withContext(work);

  it('answer values as they were given, quotes, dates and nulls included', async () => {
    const at = new Date('2026-11-30T10:00:00.123Z');
    const [row] = await run(() =>
      database.query<{ text: string; at: string; nothing: null; n: number; yes: boolean }>(
        `select ?::text as "text", ?::timestamptz as "at", ?::text as "nothing", ?::int + 1 as "n", ?::boolean as "yes"`,
        [`O'Brien"; drop table users; --`, at, null, 41, true],
      ),
    );
    // a timestamp comes back as Postgres writes it, as every plain statement's does
    expect({ ...row, at: new Date(row?.at ?? '') }).toEqual({
      text: `O'Brien"; drop table users; --`,
      at,
      nothing: null,
      n: 42,
      yes: true,
    });
    const id = await opened.addUser();
    // a list in `in (?)` is spread as before
    expect(
      await run(() =>
        database.query(`select "id" from "users" where "id" in (?)`, [[id, '00000000-0000-4000-8000-000000000000']]),
      ),
    ).toEqual([{ id }]);
  });

  it.runIf(target === 'postgres')(
    'are prepared once on a connection and planned once after the first few calls, not on each',
    async () => {
      const id = await opened.addUser();
      const sql = `select "id", "tokens" from "users" where "id" = ?`;
      for (let n = 0; n < 10; n++) expect(await run(() => database.query(sql, [id]))).toEqual([{ id, tokens: 0 }]);
      const prepared = await run(() =>
        database.query<Prepared>(
          `select "statement", "generic_plans"::int, "custom_plans"::int from pg_prepared_statements where "statement" like ?`,
          ['%from "users" where "id" = $1'],
        ),
      );
      expect(prepared).toEqual([
        { statement: `select "id", "tokens" from "users" where "id" = $1`, generic_plans: 5, custom_plans: 5 },
      ]);
    },
  );

  it.runIf(target === 'postgres')(
    'still answer when a migration changed the columns a prepared one reads, and a transaction caught in it is busy, not broken',
    async () => {
      await run(() => database.query(`create table "scratch_notes" ("id" text primary key)`));
      await run(() => database.query(`insert into "scratch_notes" values ('a')`));
      const read = () => run(() => database.query(`select * from "scratch_notes" where "id" = ?`, ['a']));
      // the pool's one connection, by its server process
      const connection = async () =>
        (await run(() => database.query<{ pid: number }>(`select pg_backend_pid() as "pid"`)))[0]?.pid;
      expect(await read()).toEqual([{ id: 'a' }]);
      const before = await connection();
      // as a migration run by another process does
      await run(() => database.query(`alter table "scratch_notes" add column "note" text not null default 'new'`));
      expect(await read()).toEqual([{ id: 'a', note: 'new' }]);
      // the stale statement's connection was ended, and the statement prepared afresh on the next
      expect(await connection()).not.toBe(before);
      expect(await read()).toEqual([{ id: 'a', note: 'new' }]);

      await run(() => database.query(`alter table "scratch_notes" add column "more" int not null default 2`));
      const caught = await run(() => database.transactional(() => read())).catch((error: unknown) => error);
      expect(isDatabaseBusy(caught)).toBe(true);
      // the transaction's connection went with it: the next read prepares the statement afresh
      expect(await read()).toEqual([{ id: 'a', note: 'new', more: 2 }]);
    },
  );
});
