import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { BackupError, type BackupErrorCode } from '../../adapters/persistence/backup/backup-error.ts';
import { backupFileName, listBackups } from '../../adapters/persistence/backup/backup-files.ts';
import { restoreBackup, type RestoreSummary } from '../../adapters/persistence/backup/restore-backup.ts';
import { writeBackup } from '../../adapters/persistence/backup/write-backup.ts';
import { Database } from '../../adapters/persistence/database.ts';
import { CliFailure, EXIT_CODES } from '../failure.ts';
import type { CliContext } from '../program.ts';

/** A backup reads the schema as it stands (it may be taken before an upgrade), and a restore builds its own. */
const SCHEMA_AS_IS = { schemaAsIs: true };

const EXIT_CODE_OF: Record<BackupErrorCode, number> = {
  NOT_FOUND: EXIT_CODES.not_found,
  NOT_A_BACKUP: EXIT_CODES.invalid,
  NEWER_FORMAT: EXIT_CODES.invalid,
  NEWER_SCHEMA: EXIT_CODES.invalid,
  CHECKSUM_MISMATCH: EXIT_CODES.invalid,
  NO_CHECKSUM: EXIT_CODES.invalid,
  UNKNOWN_TABLE: EXIT_CODES.invalid,
  UNKNOWN_COLUMN: EXIT_CODES.invalid,
  UNKNOWN_SEQUENCE: EXIT_CODES.invalid,
  TARGET_NOT_EMPTY: EXIT_CODES.conflict,
  TARGET_IN_USE: EXIT_CODES.conflict,
};

/** `db backup`, `db restore` and `db backups`, under the `db` command. */
export function registerDbBackupCommands(program: Command, context: CliContext): void {
  const db = program.commands.find((command) => command.name() === 'db') ?? program.command('db');
  db.command('backup [file]')
    .description('Write a backup of the whole database (default: a new file in BACKUP_DIR); the site may keep running')
    .action((file: string | undefined) =>
      refusals(() =>
        context.withSystem(async (system) => {
          const target = resolve(file ?? join(system.config.backups.dir, backupFileName(new Date())));
          const summary = await writeBackup(system.database, target);
          context.out(
            `Backed up ${summary.rows} rows in ${summary.tables} tables (schema ${summary.schema}) to ${summary.file} (${kilobytes(summary.bytes)})`,
          );
        }, SCHEMA_AS_IS),
      ),
    );
  db.command('restore <file>')
    .description('Restore a backup into an empty database: the embedded one in DATA_DIR, DATABASE_URL, or --to')
    .option('--to <url>', 'restore into this Postgres database (postgres://...) instead')
    .option('--force', 'replace everything in a database that holds data')
    .option('--allow-unchecked', 'restore a backup written before backups carried a checksum')
    .action((file: string, options: { to?: string; force?: boolean; allowUnchecked?: boolean }) =>
      refusals(async () => {
        const force = options.force === true;
        const restoring = { force, allowUnchecked: options.allowUnchecked === true };
        if (options.to !== undefined) {
          if (!/^postgres(ql)?:\/\//.test(options.to))
            throw new CliFailure('--to must be a postgres:// URL', EXIT_CODES.usage);
          const database = await Database.open({ url: options.to, dataDir: context.config().database.dataDir });
          try {
            report(await restoreBackup(database, file, restoring), 'the database at --to');
          } finally {
            await database.close();
          }
          return;
        }
        await context.withSystem(async (system) => {
          const { database, config } = system;
          if (database.onPglite && !database.isEmbedded)
            throw new BackupError(
              'TARGET_IN_USE',
              `a running site serves the embedded database in ${config.database.dataDir}: stop it before restoring into it`,
            );
          const where = database.isEmbedded ? `the embedded database in ${config.database.dataDir}` : 'DATABASE_URL';
          report(await restoreBackup(database, file, restoring), where);
        }, SCHEMA_AS_IS);
      }),
    );
  db.command('backups')
    .description('List the backups in BACKUP_DIR, newest first')
    .action(() => {
      const { dir } = context.config().backups;
      const backups = listBackups(dir);
      if (backups.length === 0) {
        context.out(`No backups in ${resolve(dir)}.`);
        return;
      }
      context.out(`Backups in ${resolve(dir)}, newest first:`);
      for (const backup of backups)
        context.out(`  ${backup.name}  ${backup.takenAt.toISOString()}  ${kilobytes(backup.bytes)}`);
    });

  function report(summary: RestoreSummary, where: string): void {
    const { header, rows, tables } = summary;
    if (summary.unchecked)
      context.err(
        `Warning: the backup carried no checksum (site ${header.siteVersion} wrote it before backups had one); it was restored unchecked.`,
      );
    context.out(
      `Restored ${rows} rows in ${tables} tables into ${where} (backup of ${header.createdAt}, site ${header.siteVersion}, schema ${header.schema}).`,
    );
  }
}

async function refusals(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof BackupError) throw new CliFailure(error.message, EXIT_CODE_OF[error.code]);
    throw error;
  }
}

function kilobytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
