import type { ListQuery, Page } from '../../core/applications/ports.ts';

interface Listed<S extends string> {
  status: S;
  createdAt: Date;
  id: string;
}

/** Newest first (id breaks ties so pages are stable), the same order the database repositories use. */
export function pageOf<T extends Listed<S>, S extends string>(
  all: T[],
  query: ListQuery<S>,
  statuses: readonly S[],
): Page<T, S> {
  const sorted = [...all].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  const matching = sorted.filter((item) => !query.status || item.status === query.status);
  const counts = Object.fromEntries(
    statuses.map((status) => [status, all.filter((item) => item.status === status).length]),
  ) as Record<S, number>;
  let start = (query.page - 1) * query.pageSize;
  if (query.before !== undefined) {
    const cursor = all.find((item) => item.id === query.before);
    start = cursor
      ? matching.filter(
          (item) =>
            item.createdAt > cursor.createdAt ||
            (item.createdAt.getTime() === cursor.createdAt.getTime() && item.id >= cursor.id),
        ).length
      : matching.length;
  }
  const items = matching.slice(start, start + query.pageSize);
  const nextBefore = items.length === query.pageSize ? items[items.length - 1].id : null;
  return { items, total: matching.length, page: query.page, pageSize: query.pageSize, counts, nextBefore };
}

export function newestFirst<T extends { createdAt: Date; id: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
}

/** Oldest first (id breaks ties), the reverse of `newestFirst`. */
export function oldestFirst<T extends { createdAt: Date; id: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
}
