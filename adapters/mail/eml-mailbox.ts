import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EML_FILE } from './eml-file-mail-sender.ts';

export interface EmlFile {
  name: string;
  bytes: number;
  writtenAt: Date;
}

/**
 * The .eml files the site wrote with no SMTP_URL, for the development page: listed newest first, and read by a name
 * that must be one of theirs (nothing else in or outside the folder is ever read).
 */
export class EmlMailbox {
  constructor(private readonly dir: string) {}

  async list(limit = 200): Promise<EmlFile[]> {
    const names = (await readdir(this.dir).catch(() => [] as string[])).filter((name) => EML_FILE.test(name));
    const newest = names.sort().reverse().slice(0, limit);
    const files = await Promise.all(
      newest.map(async (name) => {
        const about = await stat(join(this.dir, name)).catch(() => null);
        return about ? { name, bytes: about.size, writtenAt: about.mtime } : null;
      }),
    );
    return files.filter((file): file is EmlFile => file !== null);
  }

  /** the raw message, or null for a name that is not one of the files */
  async read(name: string): Promise<Buffer | null> {
    if (!EML_FILE.test(name)) return null;
    return readFile(join(this.dir, name)).catch(() => null);
  }
}
