import type { Options } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { entities } from './entities.ts';
import { MIGRATIONS_TABLE } from './migrations/names.ts';
import { SITE_APPLICATION_NAME } from './application-name.ts';

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
    discovery: { warnWhenNoEntities: false },
    allowGlobalContext: false,
    debug,
    // fail fast when the database is unreachable instead of holding requests open
    pool: { min: 0, max: poolMax, acquireTimeoutMillis: 2000, idleTimeoutMillis: 10_000 },
    // a lock not granted in 5 s fails the statement (answered 503 with Retry-After), as one running 10 s does
    driverOptions: {
      connection: {
        connectionTimeoutMillis: 2000,
        statement_timeout: 10_000,
        lock_timeout: 5000,
        application_name: SITE_APPLICATION_NAME,
      },
    },
    // the migrations themselves and the migrator are added when first needed (migrator.ts)
    migrations: {
      transactional: true,
      allOrNothing: true,
      tableName: MIGRATIONS_TABLE,
      snapshot: false,
      silent: true,
    },
  };
}
