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
    testTimeout: 30_000,
    hookTimeout: 90_000,
    globalSetup: ['tests/support/global-setup.ts'],
    reporters: ['default'],
  },
});
