import type { ReactNode } from 'react';
import { QueryState } from '@/components/ui/query-state.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { NotAuthorized } from '@/features/auth';

/** The review screens' loading, failure and not-authorized states; the server decides who may see them. */
export function ReviewGate({
  query,
  requiredRole,
  children,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown; data?: unknown };
  requiredRole: 'staff' | 'admin';
  children: ReactNode;
}) {
  if (query.error instanceof ApiError && (query.error.status === 401 || query.error.status === 403))
    return <NotAuthorized requiredRole={requiredRole} />;
  if (query.isPending || (query.error && !query.data))
    return <QueryState isPending={query.isPending} error={query.error} retry={() => query.refetch()} />;
  return <>{children}</>;
}
