import type { EntityName, FilterQuery, InferEntity, QueryOrderMap } from '@mikro-orm/core';
import type { Database } from './database.ts';

/**
 * A page of rows as plain objects (property names, converted values), without building managed entities:
 * list pages hold up to 100 rows and are read-only, so hydration and change tracking are pure overhead.
 */
export async function listRows<E extends object>(
  database: Database,
  entity: EntityName<E>,
  where: FilterQuery<E>,
  options: { orderBy: QueryOrderMap<E>; limit?: number; offset?: number },
): Promise<InferEntity<E>[]> {
  const query = database.em.createQueryBuilder(entity).select('*').where(where).orderBy(options.orderBy);
  if (options.limit !== undefined) query.limit(options.limit);
  if (options.offset) query.offset(options.offset);
  return query.execute('all', true) as Promise<InferEntity<E>[]>;
}
