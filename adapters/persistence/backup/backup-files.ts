import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The scheduled (and unnamed) backups' names: the site's name and the moment, in UTC, to the millisecond, so that two
 * backups taken within a second (a scheduled one and one asked for) are two files; names to the second, as earlier
 * versions wrote them, are still listed and pruned.
 */
const NAME = /^bayou-(\d{8}T\d{6})(?:\.(\d{3}))?Z\.backup\.gz$/;

export interface BackupFile {
  file: string;
  name: string;
  bytes: number;
  /** when it was taken, read from its name */
  takenAt: Date;
}

export function backupFileName(at: Date): string {
  return `bayou-${at.toISOString().replace(/[-:]/g, '')}.backup.gz`;
}

/** The backups in `dir` named as the site names them, newest first (none when the folder does not exist). */
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .flatMap((name) => {
      const match = NAME.exec(name);
      if (!match) return [];
      const [, stamp, millis = '000'] = match;
      const takenAt = new Date(
        `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}.${millis}Z`,
      );
      const file = resolve(join(dir, name));
      return [{ file, name, bytes: statSync(file).size, takenAt }];
    })
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** Deletes all but the newest `keep` of the site's backups in `dir`; answers the files it deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(keep);
  for (const backup of old) rmSync(backup.file, { force: true });
  return old.map((backup) => backup.file);
}
