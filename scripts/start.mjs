import { spawn } from 'node:child_process';
import { SERVER_BUNDLE, serverBundleFresh } from './server-bundle.mjs';

/**
 * `npm start`: the bundled server (`npm run build`) when it was built from the sources as they are, so nothing is
 * compiled at start; otherwise the TypeScript sources through tsx, as before.
 */
if (serverBundleFresh()) {
  await import(new URL(`../${SERVER_BUNDLE}`, import.meta.url).href);
} else {
  console.log('The server bundle is missing or older than its sources (npm run build): starting from the sources.');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
