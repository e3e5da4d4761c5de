import { build } from 'esbuild';
import { serverSourcesDigest, SERVER_BUNDLE, SERVER_BUNDLE_DIGEST } from './server-bundle.mjs';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * `npm run build` (after the UI): the server's TypeScript as one ES module (dist/server/start.mjs), with the npm
 * packages left as imports. `npm start` runs it instead of compiling the sources at every start, as long as the
 * digest of the sources it was built from still matches.
 */
const digest = serverSourcesDigest();
rmSync(dirname(SERVER_BUNDLE), { recursive: true, force: true });
await build({
  entryPoints: ['scripts/start.ts'],
  outdir: dirname(SERVER_BUNDLE),
  entryNames: '[name]',
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
  define: { __SERVER_BUNDLE__: 'true' },
  logLevel: 'warning',
});
writeFileSync(SERVER_BUNDLE_DIGEST, `${digest}\n`);
console.log(`Bundled the server into ${SERVER_BUNDLE}`);
