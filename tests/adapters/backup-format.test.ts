import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError } from '../../adapters/persistence/backup/backup-error.ts';
import { readBackupEntries } from '../../adapters/persistence/backup/backup-format.ts';

const root = mkdtempSync(join(tmpdir(), 'backup-format-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const header = (formatVersion: number) =>
  JSON.stringify({
    format: 'bayou-site-backup',
    formatVersion,
    schema: 'Migration20261122000001UsersAndSessions',
    migrations: ['Migration20261122000001UsersAndSessions'],
    siteVersion: '1.0.0',
    createdAt: '2026-11-29T10:00:00.000Z',
    source: { database: 'embedded', serverVersion: '17' },
  });
const body = ['{"table":"users","columns":["id","name"]}', '["1","Ada"]', '["2","Grace"]', '{"sequences":[]}'];

/** A file of these lines, ended as the site ends one: counts, and the checksum over what comes before. */
function backup(
  name: string,
  lines: string[],
  { formatVersion = 2, sha256 }: { formatVersion?: number; sha256?: string } = {},
) {
  const content = `${[header(formatVersion), ...lines].join('\n')}\n`;
  const end = {
    end: true,
    tables: lines.filter((line) => line.startsWith('{"table"')).length,
    rows: lines.filter((line) => line.startsWith('[')).length,
    ...(formatVersion >= 2 ? { sha256: sha256 ?? createHash('sha256').update(content).digest('hex') } : {}),
  };
  const file = join(root, name);
  writeFileSync(file, gzipSync(`${content}${JSON.stringify(end)}\n`));
  return file;
}

async function read(file: string) {
  const entries = [];
  for await (const entry of readBackupEntries(file)) entries.push(entry);
  return entries;
}

async function refusal(file: string): Promise<BackupError> {
  const error = await read(file).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(BackupError);
  return error as BackupError;
}

describe('the backup checksum', () => {
  it('reads a file whose checksum matches what it holds', async () => {
    expect(await read(backup('whole.gz', body))).toHaveLength(4);
  });

  it('refuses a file changed after it was written, naming the checksum', async () => {
    const written = backup('written.gz', body);
    const changed = backup('changed.gz', body.with(1, '["1","Mallory"]'), {
      sha256: createHash('sha256')
        .update(`${[header(2), ...body].join('\n')}\n`)
        .digest('hex'),
    });
    expect(await read(written)).toHaveLength(4);
    const error = await refusal(changed);
    expect(error.code).toBe('CHECKSUM_MISMATCH');
    expect(error.message).toBe(
      `This backup was changed after it was written (checksum mismatch): ${changed}; restore the file as the site wrote it, or another backup`,
    );
  });

  it('counts a blank line added to the file as a change', async () => {
    const withBlank = backup('with-blank.gz', [...body.slice(0, 2), '', ...body.slice(2)], {
      sha256: createHash('sha256')
        .update(`${[header(2), ...body].join('\n')}\n`)
        .digest('hex'),
    });
    expect((await refusal(withBlank)).code).toBe('CHECKSUM_MISMATCH');
  });

  it('refuses a format 2 file whose end line lost its checksum', async () => {
    const file = join(root, 'stripped.gz');
    writeFileSync(
      file,
      gzipSync(`${[header(2), ...body].join('\n')}\n${JSON.stringify({ end: true, tables: 1, rows: 2 })}\n`),
    );
    expect((await refusal(file)).code).toBe('CHECKSUM_MISMATCH');
  });

  it('still reads format 1, written before backups carried a checksum', async () => {
    expect(await read(backup('format-1.gz', body, { formatVersion: 1 }))).toHaveLength(4);
  });

  it('refuses a row holding anything but text or null', async () => {
    const error = await refusal(backup('number.gz', body.with(1, '["1",{"x":1}]')));
    expect(error.code).toBe('NOT_A_BACKUP');
    expect(error.message).toContain('a row does not fit its table');
  });
});
