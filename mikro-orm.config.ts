import { defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { migrationsList } from './adapters/persistence/migrations/index.ts';
import { ormOptions } from './adapters/persistence/orm-options.ts';

// The site's own CLI runs migrations (`npm run cli -- db migrate`), which also covers the embedded database.
const options = ormOptions({ url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
export default defineConfig({
  ...options,
  extensions: [Migrator],
  migrations: { ...options.migrations, migrationsList },
} as never);
