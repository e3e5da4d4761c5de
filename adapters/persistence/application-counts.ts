export type CountRow = { status: string; count: string | number };

/** Every status of a table counted, read from the trigger-kept status_counts (see countsOf). */
export function countStatement(table: string): [sql: string, params: unknown[]] {
  return [`select "status", "row_count" as "count" from "status_counts" where "table_name" = ?`, [table]];
}

/** Those rows as a count per status, zero for statuses nobody holds. */
export function countsOf<S extends string>(rows: readonly CountRow[], statuses: readonly S[]): Record<S, number> {
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<S, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as S] = Number(row.count);
  return counts;
}

/** The rows under a status filter (all of them without one), from the same counts. */
export function totalOf<S extends string>(counts: Record<S, number>, status: S | undefined): number {
  if (status) return counts[status] ?? 0;
  return Object.values<number>(counts).reduce((sum, count) => sum + count, 0);
}
