import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

/** A review screen's state: the page shown and the application opened (kept open across polls by its id). */
export function useReviewPage<L extends { applications: { id: string }[] }, R extends unknown[]>(
  useList: (page: number, ...rest: R) => UseQueryResult<L>,
  ...rest: R
) {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useList(page, ...rest);
  const data = query.data;
  const open: L['applications'][number] | null =
    data?.applications.find((application) => application.id === openId) ?? null;
  return { query, data, setPage, open, openId, setOpenId };
}
