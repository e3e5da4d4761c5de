import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

/**
 * `npm test`: the type check and every test tier, side by side (the type check takes one core for a few seconds
 * while the first test files wait on their databases and browsers); ends with a plain `N passed, N failed` line.
 * Everything after `--` goes to Vitest: `npm test -- --project core` is the fast tier (vitest.config.ts).
 */
const bin = (name: string) => `node_modules/.bin/${name}`;

function run(
  command: string,
  args: string[],
  output: 'inherit' | 'collect',
): Promise<{ status: number; text: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout?.on('data', (chunk) => (text += chunk));
    child.stderr?.on('data', (chunk) => (text += chunk));
    child.on('close', (code) => done({ status: code ?? 1, text }));
  });
}

mkdirSync('test-artifacts', { recursive: true });
const report = 'test-artifacts/vitest.json';
// a run that ends before writing its report is not read as the last run's
rmSync(report, { force: true });
// incremental: a run re-checks only what changed since the last one; the record sits in node_modules, so a new install
// starts it over
const typeCheck = run(
  bin('tsc'),
  ['--noEmit', '--incremental', '--tsBuildInfoFile', 'node_modules/.cache/npm-test.tsbuildinfo', '-p', 'tsconfig.json'],
  'collect',
);
const tests = run(
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  'inherit',
);
const [types, vitest] = await Promise.all([typeCheck, tests]);

let passed = 0;
let failed = 0;
let skipped = '';
try {
  const summary = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
  };
  passed = summary.numPassedTests;
  failed = summary.numFailedTests;
  if (summary.numPendingTests) skipped = `, ${summary.numPendingTests} skipped`;
} catch {
  failed = Math.max(failed, 1);
}
if (types.status !== 0) {
  // the type check's errors, after the tests' output, where they are read
  process.stdout.write(`\nType check failed:\n${types.text}\n`);
  failed += 1;
} else console.log('Type check passed.');
console.log(`${passed} passed, ${failed} failed${skipped}`);
process.exit(types.status !== 0 ? 1 : vitest.status);
