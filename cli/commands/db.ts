import type { Command } from 'commander';
import type { CliContext } from '../program.ts';
import { registerDbVerifyCommand } from './db-verify.ts';

/** These two look at the migrations themselves, so they run whatever state the schema is in. */
const SCHEMA_AS_IS = { schemaAsIs: true };

export function registerDbCommands(program: Command, context: CliContext): void {
  const db = program.command('db').description('Database schema');
  db.command('migrate')
    .description('Apply pending migrations')
    .action(() =>
      context.withSystem(async (system) => {
        const applied = await system.database.migrate();
        context.out(
          applied.length === 0
            ? 'Database is up to date; no migrations to apply.'
            : `Applied ${applied.length} migration(s):\n${applied.map((name) => `  ${name}`).join('\n')}`,
        );
      }, SCHEMA_AS_IS),
    );
  db.command('status')
    .description('List migrations not yet applied')
    .action(() =>
      context.withSystem(async (system) => {
        const pending = await system.database.pendingMigrations();
        context.out(
          pending.length === 0
            ? 'Database is up to date.'
            : `Pending migrations:\n${pending.map((name) => `  ${name}`).join('\n')}`,
        );
      }, SCHEMA_AS_IS),
    );
  registerDbVerifyCommand(db, context);
}
