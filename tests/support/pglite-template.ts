import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Database } from '../../adapters/persistence/database.ts';

const DIR = 'test-artifacts';
const MIGRATIONS = 'adapters/persistence/migrations';
/** where the global set-up tells the test files the template is */
export const TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';
/** where the global set-up tells the test files the blank (initialised, not migrated) template is */
export const BLANK_TEMPLATE_ENV = 'TEST_PGLITE_BLANK_TEMPLATE';
/** where the global set-up tells the test files the migrated data directory is */
export const DATA_DIR_TEMPLATE_ENV = 'TEST_DATA_DIR_TEMPLATE';

/** The migrations and the PGlite version name the template: a change to either makes a new one. */
export function templateKey(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS).sort()) hash.update(name).update(readFileSync(join(MIGRATIONS, name)));
  hash.update(JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')).version);
  return hash.digest('hex').slice(0, 16);
}

/**
 * An embedded database with every migration applied, dumped to a file once per change of the schema: each test
 * file's throw-away database starts from it instead of initialising and migrating a new one.
 */
export function ensurePgliteTemplate(): Promise<string> {
  return oncePerSchema('pglite-template-', '.tar', (partial) => dumpNewDatabase(partial, { migrated: true }));
}

/**
 * An embedded database as a new one is before its first migration, dumped once: the tests of the migrations start
 * from it instead of initialising a database each time (seconds of work, the same every time).
 */
export function ensurePgliteBlankTemplate(): Promise<string> {
  return oncePerSchema('pglite-blank-', '.tar', (partial) => dumpNewDatabase(partial, { migrated: false }));
}

/** A new in-memory embedded database, migrated if asked, dumped into `file`. */
async function dumpNewDatabase(file: string, { migrated }: { migrated: boolean }): Promise<void> {
  const database = await Database.open({ dataDir: 'memory' });
  try {
    if (migrated) await database.migrate();
    const dump = await database.dumpEmbedded();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/**
 * `test-artifacts/<prefix><key><suffix>` (an absolute path), made by `make` at a partial path and renamed when whole,
 * once per change of the schema: the ones of an earlier schema go, and a run cut short leaves no half-made one.
 */
async function oncePerSchema(
  prefix: string,
  suffix: string,
  make: (partial: string) => Promise<void>,
): Promise<string> {
  const path = resolve(DIR, `${prefix}${templateKey()}${suffix}`);
  if (existsSync(path)) return path;
  mkdirSync(DIR, { recursive: true });
  for (const old of readdirSync(DIR).filter((name) => name.startsWith(prefix)))
    rmSync(join(DIR, old), { recursive: true, force: true });
  const partial = `${path}.partial`;
  await make(partial);
  renameSync(partial, path);
  return path;
}

/** The template the global set-up made, if it ran. */
export const pgliteTemplate = (): string | undefined => process.env[TEMPLATE_ENV] || undefined;

/** The blank (unmigrated) template the global set-up made, if it ran. */
export const pgliteBlankTemplate = (): string | undefined => process.env[BLANK_TEMPLATE_ENV] || undefined;

/**
 * A data directory with the embedded database in it, created and migrated, as a site leaves it after its first start:
 * made once per change of the schema, and closed, so a copy opens as the site's own.
 */
export function ensureDataDirTemplate(): Promise<string> {
  return oncePerSchema('data-dir-template-', '', async (partial) => {
    const database = await Database.open({ dataDir: partial });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  });
}

/**
 * A new data directory (under `prefix` in the temporary folder) holding a site's migrated embedded database: a copy of
 * the run's, or empty when there is none (the site then creates the database at its first start, at the cost of
 * seconds).
 */
export function migratedDataDir(prefix: string): string {
  return withMigratedDatabase(mkdtempSync(join(tmpdir(), prefix)));
}

/** `dir` (made if missing) with a copy of the run's migrated embedded database in it, if there is one; answers `dir` */
export function withMigratedDatabase(dir: string): string {
  const template = process.env[DATA_DIR_TEMPLATE_ENV];
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}
