import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

/** How many are shown of how many, and the button that asks for the next ones by the cursor. */
export function LoadMore({
  shown,
  total,
  query,
}: {
  shown: number;
  total: number;
  query: Pick<UseInfiniteQueryResult<InfiniteData<unknown>>, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;
}) {
  if (total === 0) return null;
  return (
    <div className="mt-4 grid justify-items-center gap-2 text-sm text-slate-300">
      <p aria-live="polite">
        Showing {shown} of {total}
      </p>
      {query.hasNextPage && (
        <button
          type="button"
          onClick={() => {
            if (!query.isFetchingNextPage) void query.fetchNextPage();
          }}
          aria-disabled={query.isFetchingNextPage || undefined}
          className="rounded-md border border-bayou-600 px-4 py-2 font-semibold text-slate-100 hover:border-moss-400 aria-disabled:opacity-60"
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </button>
      )}
    </div>
  );
}
