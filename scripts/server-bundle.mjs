import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Where `npm run build` puts the bundled server, and the digest of the sources it was built from. */
export const SERVER_BUNDLE = 'dist/server/start.mjs';
export const SERVER_BUNDLE_DIGEST = 'dist/server/sources.sha256';
/** The same for the command-line tool (`npm run cli`), built beside it. */
export const CLI_BUNDLE = 'dist/cli/cli.mjs';
export const CLI_BUNDLE_DIGEST = 'dist/cli/sources.sha256';

/** What the server is built from: any change here means the bundle is stale. */
const SOURCES = ['core', 'adapters', 'scripts/start.ts', 'scripts/ui-build.ts', 'package-lock.json', 'tsconfig.json'];
/** What the command-line tool is built from: its own folder and what the server is built from. */
const CLI_SOURCES = [...SOURCES, 'cli'];

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

/** SHA-256 over every source file's path and content: a copy or a checkout with new times is still fresh. */
export function serverSourcesDigest() {
  return digestOf(SOURCES);
}

export function cliSourcesDigest() {
  return digestOf(CLI_SOURCES);
}

function digestOf(sources) {
  const hash = createHash('sha256');
  for (const file of sources.flatMap(files)) {
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
  return bundleFresh(SERVER_BUNDLE, SERVER_BUNDLE_DIGEST, serverSourcesDigest);
}

export function cliBundleFresh() {
  return bundleFresh(CLI_BUNDLE, CLI_BUNDLE_DIGEST, cliSourcesDigest);
}

function bundleFresh(bundle, digestFile, digest) {
  if (!existsSync(bundle) || !existsSync(digestFile)) return false;
  return readFileSync(digestFile, 'utf8').trim() === digest();
}

/**
 * Runs `bundle` in this process when `fresh`; otherwise `sources` (a TypeScript entry) through tsx as a child
 * process with this one's arguments, its signals passed on and its exit code taken over.
 */
export async function runBundleOrSources(fresh, bundle, sources) {
  if (fresh) {
    await import(new URL(`../${bundle}`, import.meta.url).href);
    return;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', sources, ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
