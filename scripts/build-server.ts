import { build } from 'esbuild';
import { serverSourcesDigest, SERVER_BUNDLE, SERVER_BUNDLE_DIGEST } from './server-bundle.mjs';
import { writeFileSync } from 'node:fs';

/**
 * `npm run build` (after the UI): the server's TypeScript as one ES module (dist/server/start.mjs), with the npm
 * packages left as imports. `npm start` runs it instead of compiling the sources at every start, as long as the
 * digest of the sources it was built from still matches.
 */
const digest = serverSourcesDigest();
await build({
  entryPoints: ['scripts/start.ts'],
  outfile: SERVER_BUNDLE,
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
