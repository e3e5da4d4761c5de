import { defineConfig } from 'vitest/config';
import { uiAliases } from './ui/aliases.ts';

const everyTest = [
  'core/**/*.test.ts',
  'adapters/**/*.test.ts',
  'cli/**/*.test.ts',
  'tests/**/*.test.ts',
  'ui/src/**/*.test.{ts,tsx}',
];
const neverTests = ['node_modules/**', 'ui/dist/**', 'scratch/**'];
/** the core's own tests: use cases on the in-memory adapters */
const coreTests = ['core/**/*.test.ts', 'tests/core/**/*.test.ts'];
/** contract suites with no in-process implementation: only databases (a store with no in-memory twin, the schema) */
const databaseOnlyContracts = [
  'tests/contracts/appeal-bans-migration.test.ts',
  'tests/contracts/schema.test.ts',
  'tests/contracts/stripe-customers.test.ts',
];

export default defineConfig({
  resolve: { alias: uiAliases },
  test: {
    environment: 'node',
    pool: 'forks',
    // three files at a time on two cores: a browser file waits on Chromium and its pages' own timers about half of its
    // time, so a third file fills what two leave idle; a fourth only makes them queue for the cores (decision 0067)
    maxWorkers: 3,
    // test files share their worker's loaded modules instead of loading Koa, MikroORM and the rest again per file;
    // each file still builds its own server, database and browser
    isolate: false,
    testTimeout: 30_000,
    // a poll waits for what a user would wait for (a page's code, an API answer): on a busy machine that can take
    // longer than the default second
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 90_000,
    reporters: ['default'],
    // transformed modules are kept in node_modules between runs (a new install starts over): a run transforms only
    // the files that changed since the last one
    experimental: { fsModuleCache: true },
    // `npm test` runs both; `npm test -- --project core` is the fast tier: the core's tests and every contract suite on
    // its in-process implementations, with no UI build, server bundle or database template to wait for (decision 0085)
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          include: [...coreTests, 'tests/contracts/**/*.test.ts'],
          exclude: [...neverTests, ...databaseOnlyContracts],
          provide: { contractTier: 'in-process' },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: everyTest,
          exclude: [...neverTests, ...coreTests],
          // the contract suites run here on the databases and the providers' stand-ins only
          provide: { contractTier: 'outside' },
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
    ],
  },
});
