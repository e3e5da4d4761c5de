import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config.ts';
import { backupFileName, listBackups, pruneBackups } from '../../adapters/persistence/backup/backup-files.ts';
import { BackupScheduler } from '../../adapters/scheduling/backup-scheduler.ts';
import { capturedLogger } from '../support/captured-log.ts';
import { FakeTimer } from '../support/fake-timer.ts';

const HOUR = 3_600_000;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A scheduler over a fake clock whose backups are small files, failing while `failing.now` is set. */
function scheduler(options: { keep?: number; before?: Date[] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'backup-scheduler-'));
  dirs.push(dir);
  for (const at of options.before ?? []) writeFileSync(join(dir, backupFileName(at)), 'earlier');
  const timer = new FakeTimer();
  const failing = { now: false };
  const { logger, lines } = capturedLogger();
  const backups = new BackupScheduler({
    take: async (file) => {
      if (failing.now) throw new Error('disk full');
      writeFileSync(file, 'backup');
      return { file, schema: 'Migration1', tables: 1, rows: 1, bytes: 6 };
    },
    dir,
    keep: options.keep ?? 7,
    everyMs: HOUR,
    logger,
    timer,
  });
  const files = () => readdirSync(dir).sort();
  const messages = () => lines.map((line) => `${line.level === 50 ? 'error' : 'info'}: ${line.msg}`);
  return { backups, timer, failing, files, messages };
}

describe('scheduled backups', () => {
  it('takes one every interval from the start, logs each, and keeps the newest BACKUP_KEEP', async () => {
    const { backups, timer, files, messages } = scheduler({ keep: 2 });
    backups.start();
    await timer.advance(HOUR - 1);
    expect(files()).toEqual([]);
    await timer.advance(1);
    expect(files()).toEqual([backupFileName(new Date(timer.now()))]);
    await timer.advance(HOUR);
    await timer.advance(HOUR);
    expect(files()).toHaveLength(2);
    expect(files().at(-1)).toBe(backupFileName(new Date(timer.now())));
    expect(messages()).toEqual(Array(3).fill('info: database backed up'));
    await backups.stop();
  });

  it('logs a failed backup as an error and tries again an interval later, still running', async () => {
    const { backups, timer, failing, files, messages } = scheduler();
    backups.start();
    failing.now = true;
    await timer.advance(HOUR);
    expect(files()).toEqual([]);
    expect(messages()).toEqual(['error: database backup failed; the next is tried an interval later']);
    failing.now = false;
    await timer.advance(HOUR);
    expect(files()).toHaveLength(1);
    expect(messages().at(-1)).toBe('info: database backed up');
    await backups.stop();
  });

  it('after a restart, is due an interval after the newest backup already there', async () => {
    const start = new FakeTimer().now();
    const overdue = scheduler({ before: [new Date(start - 2 * HOUR)] });
    overdue.backups.start();
    await overdue.timer.advance(0);
    expect(overdue.files()).toHaveLength(2);
    await overdue.backups.stop();

    const recent = scheduler({ before: [new Date(start - HOUR / 2)] });
    recent.backups.start();
    await recent.timer.advance(HOUR / 2 - 1);
    expect(recent.files()).toHaveLength(1);
    await recent.timer.advance(1);
    expect(recent.files()).toHaveLength(2);
    await recent.backups.stop();
  });
});

describe('backup files', () => {
  it('are two files when taken within one second, and names to the second (older versions) are listed and pruned', () => {
    const dir = mkdtempSync(join(tmpdir(), 'backup-files-'));
    dirs.push(dir);
    const second = Date.parse('2026-11-27T20:57:01.000Z');
    writeFileSync(join(dir, 'bayou-20261127T205700Z.backup.gz'), 'written by an older version');
    for (const at of [second + 120, second + 480]) writeFileSync(join(dir, backupFileName(new Date(at))), 'backup');
    writeFileSync(join(dir, 'moving.backup.gz'), 'named by its owner: never listed nor pruned');

    expect(listBackups(dir).map((backup) => [backup.name, backup.takenAt.toISOString()])).toEqual([
      ['bayou-20261127T205701.480Z.backup.gz', '2026-11-27T20:57:01.480Z'],
      ['bayou-20261127T205701.120Z.backup.gz', '2026-11-27T20:57:01.120Z'],
      ['bayou-20261127T205700Z.backup.gz', '2026-11-27T20:57:00.000Z'],
    ]);
    expect(pruneBackups(dir, 1).map((file) => file.split('/').at(-1))).toEqual([
      'bayou-20261127T205701.120Z.backup.gz',
      'bayou-20261127T205700Z.backup.gz',
    ]);
    expect(readdirSync(dir).sort()).toEqual(['bayou-20261127T205701.480Z.backup.gz', 'moving.backup.gz']);
  });
});

describe('BACKUP_EVERY', () => {
  const every = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/srv/site', ...env }).backups;

  it('is daily on the embedded database, off on DATABASE_URL, into DATA_DIR/backups keeping 7, unless set', () => {
    expect(every({})).toEqual({ everyMs: 24 * HOUR, dir: join('/srv/site', 'backups'), keep: 7 });
    expect(every({ DATABASE_URL: 'postgres://db/site' }).everyMs).toBeNull();
    expect(every({ DATABASE_URL: 'postgres://db/site', BACKUP_EVERY: '12h' }).everyMs).toBe(12 * HOUR);
    expect(every({ BACKUP_EVERY: 'off' }).everyMs).toBeNull();
    expect(every({ BACKUP_EVERY: '30m', BACKUP_DIR: '/backups', BACKUP_KEEP: '3' })).toEqual({
      everyMs: HOUR / 2,
      dir: '/backups',
      keep: 3,
    });
  });

  it('refuses what is not a whole number and a unit, or past what a timer can wait', () => {
    for (const value of ['daily', '1.5h', '0s', '25d'])
      expect(() => every({ BACKUP_EVERY: value })).toThrow(/BACKUP_EVERY: must be off, or a whole number and a unit/);
  });
});
