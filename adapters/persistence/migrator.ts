import type { MikroORM } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { migrationsList } from './migrations/index.ts';

/**
 * The ORM's migrator with this site's migrations. Loaded only when migrations are to be looked at or applied (a
 * start whose schema is current never loads it): registered on the ORM the first time it is asked for.
 */
export function migratorOf(orm: MikroORM): Migrator {
  if (!orm.config.getExtension('@mikro-orm/migrator')) {
    orm.config.set('migrations', { ...orm.config.get('migrations'), migrationsList });
    Migrator.register(orm);
  }
  return orm.config.getExtension('@mikro-orm/migrator') as Migrator;
}
