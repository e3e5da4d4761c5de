import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Database } from '../../adapters/persistence/database.ts';
import { migrationsList } from '../../adapters/persistence/migrations/index.ts';
import { createTestDatabase, databaseTargets } from '../support/databases.ts';
import { pgliteBlankTemplate } from '../support/pglite-template.ts';

const names = migrationsList.map((migration) => migration.name);

/** How the migrations were listed before they were put in order: 0003 ran before 0002 on databases made then. */
const EARLIER_ORDER = [
  'Migration20261122000001UsersAndSessions',
  'Migration20261122000003Applications',
  'Migration20261122000002Accounts',
  'Migration20261122000004Purchases',
  'Migration20261122000005Deliveries',
  'Migration20261122000006ListPerformance',
];
/** the migrations added since, which such a database still needs */
const LATER = names.slice(EARLIER_ORDER.length);

/** Tables, columns, constraints, indexes, functions and triggers of the public schema, in a stable order. */
async function schemaOf(database: Database): Promise<string[]> {
  const connection = database.em.getConnection();
  const rows = async (sql: string) => (await connection.execute<{ line: string }[]>(sql)).map((row) => row.line);
  return [
    ...(await rows(
      `select concat_ws(' ', table_name, ordinal_position, column_name, data_type, character_maximum_length, is_nullable, column_default) as line
       from information_schema.columns where table_schema = 'public' and table_name <> 'schema_migrations' order by table_name, ordinal_position`,
    )),
    ...(await rows(
      `select concat_ws(' ', c.conrelid::regclass::text, c.conname, pg_get_constraintdef(c.oid)) as line
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
       where n.nspname = 'public' and c.conrelid::regclass::text <> 'schema_migrations' order by 1`,
    )),
    ...(await rows(
      `select indexdef as line from pg_indexes where schemaname = 'public' and tablename <> 'schema_migrations' order by indexname`,
    )),
    ...(await rows(
      `select concat_ws(' ', p.proname, md5(p.prosrc)) as line from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by 1`,
    )),
    ...(await rows(
      `select concat_ws(' ', tgrelid::regclass::text, tgname, pg_get_triggerdef(oid)) as line from pg_trigger where not tgisinternal order by 1`,
    )),
  ];
}

describe('the migrations list', () => {
  it('names every migration file once, in the order of their numbers', () => {
    const files = readdirSync(resolve(import.meta.dirname, '../../adapters/persistence/migrations')).filter((file) =>
      /^\d{4}-.+\.ts$/.test(file),
    );
    expect(names).toEqual([...names].sort());
    // Migration20261122000003Applications is in 0003-applications.ts
    expect(names.map((name) => /^Migration\d{10}(\d{4})/.exec(name)?.[1])).toEqual(
      files.map((file) => file.slice(0, 4)),
    );
    // the earlier ones, then those added since
    expect([...names.slice(0, EARLIER_ORDER.length)].sort()).toEqual([...EARLIER_ORDER].sort());
  });
});

describe.each(databaseTargets())('migrations on %s', (target) => {
  const opened: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of opened.reverse()) await close();
  });

  async function open(url?: string): Promise<Database> {
    if (!url) {
      const testDb = await createTestDatabase(target);
      opened.push(testDb.drop);
      url = testDb.url;
    }
    const database = await Database.open({ url, dataDir: 'memory', memoryTemplate: pgliteBlankTemplate() });
    opened.push(() => database.close());
    return database;
  }

  it('sees a database migrated in the earlier order as up to date, with the schema a fresh database gets', async () => {
    const earlier = await open();
    const applied = await (await earlier.migrator()).up({ migrations: EARLIER_ORDER });
    expect(applied.map((migration) => migration.name)).toEqual(EARLIER_ORDER);
    // only the migrations added since are pending; once they ran, it is up to date
    expect(await earlier.pendingMigrations()).toEqual(LATER);
    expect(await earlier.unappliedMigrations()).toEqual(LATER);
    expect(await earlier.migrate()).toEqual(LATER);
    expect(await earlier.unappliedMigrations()).toEqual([]);
    expect(await earlier.pendingMigrations()).toEqual([]);

    const fresh = await open();
    expect(await fresh.migrate()).toEqual(names);
    expect(await fresh.pendingMigrations()).toEqual([]);

    const schema = await schemaOf(fresh);
    expect(schema.length).toBeGreaterThan(50);
    expect(await schemaOf(earlier)).toEqual(schema);
  });

  it('starts on a current schema by reading the migrations table alone, without loading the migrator', async () => {
    const first = await open();
    expect(await first.unappliedMigrations()).toEqual(names);
    expect(await first.migrate()).toEqual(names);

    const next = await open(first.url);
    expect(await next.migrate()).toEqual([]);
    expect(next.orm.config.getExtension('@mikro-orm/migrator')).toBeUndefined();
    // asked for, the migrator agrees there is nothing to apply
    expect(await next.pendingMigrations()).toEqual([]);
    expect(next.orm.config.getExtension('@mikro-orm/migrator')).toBeDefined();
  });
});
