import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Where `npm run build` puts the bundled server, and the digest of the sources it was built from. */
export const SERVER_BUNDLE = 'dist/server/start.mjs';
export const SERVER_BUNDLE_DIGEST = 'dist/server/sources.sha256';

/** What the server is built from: any change here means the bundle is stale. */
const SOURCES = ['core', 'adapters', 'scripts/start.ts', 'scripts/ui-build.ts', 'package-lock.json', 'tsconfig.json'];

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

/** SHA-256 over every source file's path and content: a copy or a checkout with new times is still fresh. */
export function serverSourcesDigest() {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap(files)) {
    if (file.endsWith('.test.ts')) continue;
    hash.update(file);
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** true when the bundle exists and was built from the sources as they are now */
export function serverBundleFresh() {
  if (!existsSync(SERVER_BUNDLE) || !existsSync(SERVER_BUNDLE_DIGEST)) return false;
  return readFileSync(SERVER_BUNDLE_DIGEST, 'utf8').trim() === serverSourcesDigest();
}
