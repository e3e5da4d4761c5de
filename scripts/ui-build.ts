import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const BUILT_INDEX = 'ui/dist/index.html';
const SOURCES = ['ui/src', 'ui/index.html', 'ui/public', 'vite.config.ts', 'tailwind.config.ts', 'adapters/http/contract', 'package-lock.json'];

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
  if (existsSync(BUILT_INDEX) && newestChange(SOURCES) <= statSync(BUILT_INDEX).mtimeMs) return;
  console.log('Building the UI...');
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: test what ships.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel: 'warn', configFile: 'vite.config.ts', mode: 'production' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
