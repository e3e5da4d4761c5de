import type { Database } from './database.ts';

/** Every status of a table counted, zero for statuses nobody holds: read from the trigger-kept status_counts. */
export async function countByStatus<S extends string>(
  database: Database,
  table: string,
  statuses: readonly S[],
): Promise<Record<S, number>> {
  const rows = await database.query<{ status: string; count: string | number }>(
    `select "status", "row_count" as "count" from "status_counts" where "table_name" = ?`,
    [table],
  );
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<S, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as S] = Number(row.count);
  return counts;
}

/** The rows under a status filter (all of them without one), from the same counts. */
export function totalOf<S extends string>(counts: Record<S, number>, status: S | undefined): number {
  if (status) return counts[status] ?? 0;
  return Object.values<number>(counts).reduce((sum, count) => sum + count, 0);
}
