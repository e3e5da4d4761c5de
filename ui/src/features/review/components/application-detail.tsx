import type { ReactNode } from 'react';
import { QueryState } from '@/components/ui/query-state.tsx';
import { InterviewScope } from '@/features/interviews';
import { type Kind, useApplication } from '../api/review.ts';

/**
 * Every answer of one application, for its dialog or detail panel (the lists hold summaries). With `showState` it
 * shows the loading and failure states in its place; without, it draws nothing until the answers are here.
 */
export function ApplicationDetail<T>({
  kind,
  id,
  refetchInterval,
  showState = false,
  children,
}: {
  kind: Kind;
  id: string;
  refetchInterval: number;
  showState?: boolean;
  children: (application: T) => ReactNode;
}) {
  const query = useApplication<T>(kind, id, refetchInterval);
  // the interview panel inside (the dialog's, through its portal) reads which application it is from here
  if (query.data)
    return (
      <InterviewScope kind={kind} applicationId={id}>
        {children(query.data)}
      </InterviewScope>
    );
  if (!showState) return null;
  return <QueryState isPending={query.isPending} error={query.error} retry={() => void query.refetch()} />;
}
