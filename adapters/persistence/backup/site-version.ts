import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let known: string | undefined;

/** The site's version from its package.json, found above this module wherever it runs from (sources or bundle). */
export function siteVersion(): string {
  known ??= findVersion(dirname(fileURLToPath(import.meta.url)));
  return known;
}

function findVersion(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string };
      if (manifest.version) return manifest.version;
    } catch {
      // none here: look higher
    }
    if (dirname(dir) === dir) return 'unknown';
  }
}
