import { defineConfig } from '@mikro-orm/postgresql';
import { ormOptions } from './adapters/persistence/orm-options.ts';

// The site's own CLI runs migrations (`npm run cli -- db migrate`), which also covers the embedded database.
export default defineConfig(
  ormOptions({ url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' }) as never,
);
