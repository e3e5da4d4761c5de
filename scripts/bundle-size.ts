import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_BUDGET_KB = 120;
/** The lazy page module the router loads for `/` (keep in step with ui/src/app/router.tsx); null if the entry holds it. */
export const HOME_PAGE_MODULE: string | null = 'src/pages/home-page.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The JavaScript `/` needs before it renders: the entry, the home page chunk, and every chunk they import statically. */
export function firstLoadJavaScript(distDir = 'ui/dist'): { files: string[]; gzipKb: number } {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (HOME_PAGE_MODULE && !manifest[HOME_PAGE_MODULE])
    throw new Error(`${HOME_PAGE_MODULE} is not in the build manifest: update HOME_PAGE_MODULE`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  [...entries, ...(HOME_PAGE_MODULE ? [HOME_PAGE_MODULE] : [])].forEach(visit);
  const files = [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(distDir, file))).length, 0);
  return { files, gzipKb: Math.round((bytes / 1024) * 10) / 10 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, gzipKb } = firstLoadJavaScript();
  for (const file of files) console.log(`  ${file}`);
  console.log(`First-load JavaScript of /: ${gzipKb} KB gzip (budget ${FIRST_LOAD_BUDGET_KB} KB)`);
  if (gzipKb > FIRST_LOAD_BUDGET_KB) process.exitCode = 1;
}
