import type { Logger } from '../adapters/logger.ts';
import type { Database } from '../adapters/persistence/database.ts';
import { CliFailure, EXIT_CODES } from './failure.ts';

const MIGRATE_COMMAND = 'npm run cli -- db migrate';

/**
 * Before a command runs. An embedded database this process opened itself has no other user (a running server
 * would have published its own), so it is migrated here, as the server does at start: a fresh data directory
 * works before the site ever ran. Any other database (DATABASE_URL, or the embedded one a running server
 * serves) is only read: a command refuses a schema that lacks migrations and names the command that applies them.
 */
export async function requireCurrentSchema(database: Database, logger: Logger): Promise<void> {
  if (database.isEmbedded) {
    const applied = await database.migrate();
    if (applied.length > 0) logger.info({ applied }, 'migrated the embedded database');
    return;
  }
  const missing = await unappliedMigrations(database);
  if (missing.length === 0) return;
  const count = missing.length === 1 ? '1 migration is' : `${missing.length} migrations are`;
  throw new CliFailure(
    `the database schema is behind (${count} not applied); apply them with: ${MIGRATE_COMMAND}`,
    EXIT_CODES.unavailable,
  );
}

/** Migrations the database has not recorded, found by reading alone (the migrator creates its table when it looks). */
async function unappliedMigrations(database: Database): Promise<string[]> {
  const settings = database.orm.config.get('migrations');
  const table = settings.tableName ?? 'mikro_orm_migrations';
  const known = (settings.migrationsList ?? []).map((migration) => migration.name);
  const [found] = await database.query<{ present: boolean }>('select to_regclass(?) is not null as present', [table]);
  if (!found?.present) return known;
  const rows = await database.query<{ name: string }>(
    `select name from ${database.orm.em.getPlatform().quoteIdentifier(table)}`,
  );
  const applied = new Set(rows.map((row) => row.name));
  return known.filter((name) => !applied.has(name));
}
