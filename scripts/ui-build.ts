import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const BUILT_INDEX = 'ui/dist/index.html';
/** what the UI build reads: a change to any of them makes `npm start` build again */
export const UI_BUILD_SOURCES = [
  'ui/src',
  'ui/index.html',
  'ui/public',
  'vite.config.ts',
  'ui/aliases.ts',
  'tailwind.config.ts',
  'scripts/index-html-plugin.ts',
  'scripts/prerender-plugin.ts',
  'adapters/http/contract',
  // the contract brings parts of the core into the UI (the application forms, statuses, prices)
  'core',
  // the build prerenders /whitelist with the catalogue as the API presents it
  'adapters/http/presenters/catalogue.ts',
  'package-lock.json',
];

function newestChange(paths: string[]): number {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) newest = Math.max(newest, newestChange(readdirSync(path).map((name) => join(path, name))));
    else newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

/** Builds the UI when there is no build or a source is newer than it. */
export async function ensureUiBuild(): Promise<void> {
  if (existsSync(BUILT_INDEX) && newestChange(UI_BUILD_SOURCES) <= statSync(BUILT_INDEX).mtimeMs) return;
  console.log('Building the UI...');
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: test what ships.
  await withEnv('NODE_ENV', 'production', () =>
    build({ logLevel: 'warn', configFile: 'vite.config.ts', mode: 'production' }),
  );
}

/** Runs `work` with one environment variable set, then puts it back as it was, unset included. */
export async function withEnv<T>(name: string, value: string, work: () => Promise<T>): Promise<T> {
  const had = Object.hasOwn(process.env, name);
  const before = process.env[name];
  process.env[name] = value;
  try {
    return await work();
  } finally {
    // assigning undefined would store the string 'undefined', which the config then refuses
    if (had) process.env[name] = before;
    else delete process.env[name];
  }
}
