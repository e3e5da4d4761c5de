import { spawn } from 'node:child_process';
import { CLI_BUNDLE, cliBundleFresh } from './server-bundle.mjs';

/**
 * `npm run cli`: the bundled command-line tool (`npm run build`) when it was built from the sources as they are, so
 * nothing is compiled at each command; otherwise the TypeScript sources through tsx.
 */
if (cliBundleFresh()) {
  await import(new URL(`../${CLI_BUNDLE}`, import.meta.url).href);
} else {
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
