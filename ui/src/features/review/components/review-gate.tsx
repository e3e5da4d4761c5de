import type { ReactNode } from 'react';
import { QueryState } from '@/components/ui/query-state.tsx';

/** A review screen's list while it loads or fails to; a refusal never gets here (the screen shows NotAuthorized alone). */
export function ReviewGate({
  query,
  children,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown; data?: unknown };
  children: ReactNode;
}) {
  if (query.isPending || (query.error && !query.data))
    return <QueryState isPending={query.isPending} error={query.error} retry={() => query.refetch()} />;
  return <>{children}</>;
}
