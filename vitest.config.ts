import { defineConfig } from 'vitest/config';
import { uiAliases } from './ui/aliases.ts';

export default defineConfig({
  resolve: { alias: uiAliases },
  test: {
    include: [
      'core/**/*.test.ts',
      'adapters/**/*.test.ts',
      'cli/**/*.test.ts',
      'tests/**/*.test.ts',
      'ui/src/**/*.test.{ts,tsx}',
    ],
    exclude: ['node_modules/**', 'ui/dist/**', 'scratch/**'],
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
    globalSetup: ['tests/support/global-setup.ts'],
    reporters: ['default'],
    // transformed modules are kept in node_modules between runs (a new install starts over): a run transforms only
    // the files that changed since the last one
    experimental: { fsModuleCache: true },
  },
});
