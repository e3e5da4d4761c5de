import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { BackupError } from './backup-error.ts';

/**
 * The site's backup file: gzipped JSON, one value a line.
 *   1. the header (BackupHeader)
 *   2. per table: `{"table": name, "columns": [...]}`, then each row as an array of its values in that order,
 *      every value as Postgres writes it as text (or null)
 *   3. `{"sequences": [{"name", "lastValue", "isCalled"}]}`
 *   4. `{"end": true, "tables": n, "rows": n, "sha256": hex}`: a file without it was cut short and is refused; the
 *      checksum is SHA-256 over every byte before the end line (uncompressed), so a reader checks it as it streams
 * Format 1, written before backups carried a checksum, is the same without `sha256`.
 */
export const BACKUP_FORMAT = 'bayou-site-backup';
export const BACKUP_FORMAT_VERSION = 2;
/** the first format whose end line carries the checksum */
export const CHECKSUM_FORMAT_VERSION = 2;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** the last migration applied: the schema the rows fit */
  schema: string;
  /** every migration applied, in the order this site lists them */
  migrations: string[];
  /** package.json's version of the site that wrote it */
  siteVersion: string;
  createdAt: string;
  /** 'embedded' or 'postgres', and the server's version, for the reader's information */
  source: { database: 'embedded' | 'postgres'; serverVersion: string };
}

export interface TableStart {
  table: string;
  columns: string[];
}

export interface SequenceValue {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface BackupEnd {
  end: true;
  tables: number;
  rows: number;
  /** SHA-256, in hex, of the uncompressed lines before this one (format 2 on) */
  sha256?: string;
}

export type BackupEntry =
  | { kind: 'table'; table: TableStart }
  | { kind: 'row'; values: Array<string | null> }
  | { kind: 'sequences'; sequences: SequenceValue[] };

/** The file's header alone (the first line), checked to be one of this site's backups. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const line of lines(file)) if (line !== '') return parseHeader(line, file);
  throw notABackup(file, 'it is empty');
}

/** The checksum a backup's end line carries: SHA-256 over the lines before it, as written. */
export function backupChecksum() {
  return createHash('sha256');
}

/**
 * The entries after the header, checked as they come: each row has its table's column count, and the file ends
 * with an end line whose counts, and checksum (format 2 on), match. An error is thrown where the file goes wrong;
 * a changed file only at its end, so a reader that writes rows does so in a transaction it can roll back.
 */
export async function* readBackupEntries(file: string): AsyncGenerator<BackupEntry> {
  let header: BackupHeader | undefined;
  let columns: number | undefined;
  let tables = 0;
  let rows = 0;
  let end: BackupEnd | undefined;
  const checksum = backupChecksum();
  for await (const line of lines(file)) {
    if (end) {
      if (line === '') continue;
      throw notABackup(file, 'it goes on after its end line');
    }
    if (line === '' || !header) {
      checksum.update(`${line}\n`);
      if (line !== '') header = parseHeader(line, file);
      continue;
    }
    const value = parseLine(line, file);
    if (value === null || typeof value !== 'object') throw notABackup(file, 'it holds a line this site does not know');
    if (Array.isArray(value)) {
      if (columns === undefined || value.length !== columns || !value.every(isText))
        throw notABackup(file, 'a row does not fit its table');
      rows++;
      checksum.update(`${line}\n`);
      yield { kind: 'row', values: value as Array<string | null> };
    } else if (typeof value.table === 'string' && Array.isArray(value.columns) && value.columns.every(isName)) {
      columns = value.columns.length;
      tables++;
      checksum.update(`${line}\n`);
      yield { kind: 'table', table: { table: value.table, columns: value.columns } };
    } else if (Array.isArray(value.sequences) && value.sequences.every((each: SequenceValue) => isName(each?.name))) {
      columns = undefined;
      checksum.update(`${line}\n`);
      yield { kind: 'sequences', sequences: value.sequences };
    } else if (value.end === true) {
      end = value as BackupEnd;
    } else {
      throw notABackup(file, 'it holds a line this site does not know');
    }
  }
  if (!header) throw notABackup(file, 'it is empty');
  if (!end) throw notABackup(file, 'it was cut short (no end line)');
  if (end.tables !== tables || end.rows !== rows)
    throw notABackup(
      file,
      `its end line counts ${end.rows} rows in ${end.tables} tables, the file ${rows} in ${tables}`,
    );
  if (header.formatVersion >= CHECKSUM_FORMAT_VERSION && end.sha256 !== checksum.digest('hex'))
    throw new BackupError(
      'CHECKSUM_MISMATCH',
      `This backup was changed after it was written (checksum mismatch): ${file}; restore the file as the site wrote it, or another backup`,
    );
}

/** One line of the file as written (the header, a table's start, a row, the sequences or the end). */
export function backupLine(
  value: BackupHeader | TableStart | Array<string | null> | { sequences: SequenceValue[] } | BackupEnd,
): string {
  return `${JSON.stringify(value)}\n`;
}

async function* lines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  const failed = new Promise<never>((_, fail) => {
    input.once('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'ENOENT'
          ? new BackupError('NOT_FOUND', `there is no backup file ${file}`)
          : notABackup(file, error.message),
      ),
    );
    gunzip.once('error', (error) => fail(notABackup(file, `it is not gzip data that ends whole (${error.message})`)));
  });
  failed.catch(() => undefined);
  const reader = createInterface({ input: input.pipe(gunzip), crlfDelay: Number.POSITIVE_INFINITY });
  const iterator = reader[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), failed]);
      if (next.done) break;
      // every line counts towards the checksum, a blank one too
      yield next.value;
    }
    // an error that arrived with the last bytes
    await Promise.race([failed, new Promise((done) => setImmediate(done))]);
  } finally {
    reader.close();
    input.destroy();
  }
}

function parseHeader(line: string, file: string): BackupHeader {
  const header = parseLine(line, file) as Partial<BackupHeader> | null;
  if (header?.format !== BACKUP_FORMAT) throw notABackup(file, 'it does not start with a backup header');
  const version = header.formatVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1 || version > BACKUP_FORMAT_VERSION)
    throw new BackupError(
      'NEWER_FORMAT',
      `${file} is a backup in format ${header.formatVersion}; this site (version ${header.siteVersion ?? 'unknown'} wrote it) reads formats up to ${BACKUP_FORMAT_VERSION}: restore it with a site as new as the one that wrote it`,
    );
  if (typeof header.schema !== 'string' || !Array.isArray(header.migrations))
    throw notABackup(file, 'its header names no schema');
  return header as BackupHeader;
}

// biome-ignore lint/suspicious/noExplicitAny: a line is checked field by field by its reader
function parseLine(line: string, file: string): any {
  try {
    return JSON.parse(line);
  } catch {
    throw notABackup(file, 'a line is not JSON');
  }
}

function isText(value: unknown): boolean {
  return value === null || typeof value === 'string';
}

function isName(value: unknown): boolean {
  return typeof value === 'string';
}

function notABackup(file: string, why: string): BackupError {
  return new BackupError('NOT_A_BACKUP', `${file} is not a whole backup of this site: ${why}`);
}
