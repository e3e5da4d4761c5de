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
  const missing = await database.unappliedMigrations();
  if (missing.length === 0) return;
  const count = missing.length === 1 ? '1 migration is' : `${missing.length} migrations are`;
  throw new CliFailure(
    `the database schema is behind (${count} not applied); apply them with: ${MIGRATE_COMMAND}`,
    EXIT_CODES.unavailable,
  );
}
