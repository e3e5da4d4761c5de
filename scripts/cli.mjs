import { CLI_BUNDLE, cliBundleFresh, runBundleOrSources } from './server-bundle.mjs';

/**
 * `npm run cli`: the bundled command-line tool (`npm run build`) when it was built from the sources as they are, so
 * nothing is compiled at each command; otherwise the TypeScript sources through tsx.
 */
await runBundleOrSources(cliBundleFresh(), CLI_BUNDLE, 'cli/main.ts');
