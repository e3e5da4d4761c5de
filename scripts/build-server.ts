import { type BuildOptions, build } from 'esbuild';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import {
  CLI_BUNDLE,
  CLI_BUNDLE_DIGEST,
  cliSourcesDigest,
  SERVER_BUNDLE,
  SERVER_BUNDLE_DIGEST,
  serverSourcesDigest,
} from './server-bundle.mjs';

/**
 * `npm run build` (after the UI): the server's TypeScript as one ES module (dist/server/start.mjs), and the
 * command-line tool's beside it (dist/cli/cli.mjs), with the npm packages left as imports. `npm start` and
 * `npm run cli` run them instead of compiling the sources at every start, as long as the digest of the sources each
 * was built from still matches.
 */
const common: BuildOptions = {
  // what only some sites use (Stripe, Discord sign-in, the migrator) in chunks of its own, loaded when first used
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
};

const EMBEDDED_THREAD = 'adapters/persistence/embedded-postgres-thread.ts';

/**
 * Builds into a folder of its own, then puts it in the bundle's place: a command started meanwhile reads the whole
 * old bundle or the whole new one (a chunk it loads later has the same name in both while the sources are the same).
 */
async function bundle(entry: string, output: string, digest: string, digestFile: string, options: BuildOptions) {
  const dir = dirname(output);
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  await build({
    ...common,
    ...options,
    // the embedded database's thread is started from a file of its own, beside the entry (embedded-postgres.ts)
    entryPoints: { [basename(output, '.mjs')]: entry, 'embedded-postgres-thread': EMBEDDED_THREAD },
    outdir: partial,
  });
  writeFileSync(`${partial}/${basename(digestFile)}`, `${digest}\n`);
  const old = `${dir}.old`;
  rmSync(old, { recursive: true, force: true });
  if (existsSync(dir)) renameSync(dir, old);
  renameSync(partial, dir);
  rmSync(old, { recursive: true, force: true });
}

await bundle('scripts/start.ts', SERVER_BUNDLE, serverSourcesDigest(), SERVER_BUNDLE_DIGEST, {
  define: { __SERVER_BUNDLE__: 'true' },
});
console.log(`Bundled the server into ${SERVER_BUNDLE}`);
await bundle('cli/main.ts', CLI_BUNDLE, cliSourcesDigest(), CLI_BUNDLE_DIGEST, {});
console.log(`Bundled the command-line tool into ${CLI_BUNDLE}`);
