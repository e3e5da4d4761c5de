import type { ListQuery, Page } from '../../core/applications/ports.ts';

interface Listed<S extends string> {
  status: S;
  createdAt: Date;
  id: string;
}

/** Newest first (id breaks ties so pages are stable), the same order the database repositories use. */
export function pageOf<T extends Listed<S>, S extends string>(all: T[], query: ListQuery<S>, statuses: readonly S[]): Page<T, S> {
  const sorted = [...all].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  const matching = sorted.filter((item) => !query.status || item.status === query.status);
  const counts = Object.fromEntries(statuses.map((status) => [status, all.filter((item) => item.status === status).length])) as Record<S, number>;
  const start = (query.page - 1) * query.pageSize;
  return { items: matching.slice(start, start + query.pageSize), total: matching.length, page: query.page, pageSize: query.pageSize, counts };
}

export function newestFirst<T extends { createdAt: Date; id: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
}
