import { runBundleOrSources, SERVER_BUNDLE, serverBundleFresh } from './server-bundle.mjs';

/**
 * `npm start`: the bundled server (`npm run build`) when it was built from the sources as they are, so nothing is
 * compiled at start; otherwise the TypeScript sources through tsx, as before.
 */
const fresh = serverBundleFresh();
if (!fresh)
  console.log('The server bundle is missing or older than its sources (npm run build): starting from the sources.');
await runBundleOrSources(fresh, SERVER_BUNDLE, 'scripts/start.ts');
