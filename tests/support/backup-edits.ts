import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';

/** A backup's lines as written, the end line last. */
export function backupLines(file: string): string[] {
  return gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
}

/**
 * A copy of a backup with its lines (all but the end line) changed by `edit`, ended as the site ends one: the
 * counts and the checksum made again, so that only what the edit put in can be what a restore refuses.
 */
export function rewrittenBackup(file: string, copy: string, edit: (lines: string[]) => string[]): string {
  const lines = edit(backupLines(file).slice(0, -1));
  const content = `${lines.join('\n')}\n`;
  const end = {
    end: true,
    tables: lines.filter((line) => line.startsWith('{"table"')).length,
    rows: lines.filter((line) => line.startsWith('[')).length,
    sha256: createHash('sha256').update(content).digest('hex'),
  };
  writeFileSync(copy, gzipSync(`${content}${JSON.stringify(end)}\n`));
  return copy;
}
