import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '@/components/ui/toast.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { applicationsQuery, type Kind, useAnswerTemplates, useApplicationOpener } from './review.ts';

/**
 * A review screen's state: the summaries loaded so far (page after page by the cursor), the latest counters, the
 * kind's answer templates, and the application opened (held open across polls by its id). `openApplication` opens it once its answers are here;
 * `opening` is the one on its way.
 */
export function useReviewPage<L extends { applications: { id: string }[]; nextBefore: string | null }>(
  kind: Kind,
  refetchInterval: number,
  preview = false,
) {
  const [openId, setOpenId] = useState<string | null>(null);
  const { toast } = useToast();
  const opener = useApplicationOpener(kind, setOpenId, (error) =>
    toast({ title: 'Could not open the application', description: errorMessage(error), variant: 'destructive' }),
  );
  const query = useInfiniteQuery(applicationsQuery<L>(kind, refetchInterval, preview));
  // the decision dialog's answer templates, read with the screen so opening a dialog sends nothing more
  useAnswerTemplates(kind, true);
  const pages = query.data?.pages;
  // the first page is the freshest: its counters stand for the whole list
  const data = pages?.[0];
  const applications: L['applications'] = pages?.flatMap((page) => page.applications) ?? [];
  return { query, data, applications, openId, setOpenId, opening: opener.opening, openApplication: opener.open };
}
