import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

/** `npm test`: the type check, then every test tier; ends with a plain `N passed, N failed` line. */
const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;
const bin = (name: string) => `node_modules/.bin/${name}`;

console.log('Type check...');
if (run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) !== 0) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}

mkdirSync('test-artifacts', { recursive: true });
const report = 'test-artifacts/vitest.json';
const status = run(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
try {
  const summary = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
  };
  const skipped = summary.numPendingTests ? `, ${summary.numPendingTests} skipped` : '';
  console.log(`${summary.numPassedTests} passed, ${summary.numFailedTests} failed${skipped}`);
} catch {
  console.log('0 passed, 1 failed');
}
process.exit(status);
