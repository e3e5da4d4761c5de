import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * A review screen's state: the applications loaded so far (page after page by the cursor), the latest counters, and
 * the application opened (kept open across polls by its id).
 */
export function useReviewPage<L extends { applications: { id: string }[] }, R extends unknown[]>(
  useList: (...rest: R) => UseInfiniteQueryResult<InfiniteData<L>>,
  ...rest: R
) {
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useList(...rest);
  const pages = query.data?.pages;
  // the first page is the freshest: its counters stand for the whole list
  const data = pages?.[0];
  const applications: L['applications'] = pages?.flatMap((page) => page.applications) ?? [];
  const open: L['applications'][number] | null = applications.find((application) => application.id === openId) ?? null;
  return { query, data, applications, open, openId, setOpenId };
}
