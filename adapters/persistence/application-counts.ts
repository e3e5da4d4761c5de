import type { Database } from './database.ts';

/** Every status of a table counted, zero for statuses nobody holds. */
export async function countByStatus<S extends string>(database: Database, table: string, statuses: readonly S[]): Promise<Record<S, number>> {
  const rows = await database.em.execute<{ status: string; count: string | number }[]>(
    `select "status", count(*) as "count" from "${table}" group by "status"`,
  );
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<S, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as S] = Number(row.count);
  return counts;
}
