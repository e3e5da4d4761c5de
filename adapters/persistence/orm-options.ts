import type { Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { entities } from './entities.ts';
import { migrationsList } from './migrations/index.ts';

export interface OrmOptionsInput {
  url: string;
  poolMax?: number;
  debug?: boolean;
}

export function ormOptions({ url, poolMax = 10, debug = false }: OrmOptionsInput): Options<PostgreSqlDriver> {
  return {
    driver: PostgreSqlDriver,
    clientUrl: url,
    entities,
    extensions: [Migrator],
    discovery: { warnWhenNoEntities: false },
    allowGlobalContext: false,
    debug,
    // fail fast when the database is unreachable instead of holding requests open
    pool: { min: 0, max: poolMax, acquireTimeoutMillis: 2000, idleTimeoutMillis: 10_000 },
    driverOptions: { connection: { connectionTimeoutMillis: 2000, statement_timeout: 10_000 } },
    migrations: {
      migrationsList,
      transactional: true,
      allOrNothing: true,
      tableName: 'schema_migrations',
      snapshot: false,
      silent: true,
    },
  };
}
