import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { QueryState } from './query-state.tsx';

/** An admin screen's frame: its tab title and heading, the link back to the purchase dashboard, what it is for. */
export function AdminPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <title>{`${title} | Bayou Roleplay`}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl font-bold text-gold-400">{title}</h1>
        <Link
          to={paths.admin}
          className="rounded-md border border-bayou-600 px-3 py-2 text-sm text-slate-100 hover:border-gold-400"
        >
          Purchase Dashboard
        </Link>
      </div>
      <p className="mt-2 text-sm text-slate-300">{intro}</p>
      {children}
    </div>
  );
}

/**
 * An admin screen's list under its heading: the refusal of the last action on it, then the rows (`children`), or
 * the loading and failure states, or the words for none.
 */
export function AdminList<T>({
  heading,
  query,
  actionError,
  empty,
  children,
}: {
  heading: string;
  query: { isPending: boolean; error: unknown; data: T[] | undefined; refetch: () => unknown };
  actionError: unknown;
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <>
      <h2 className="mt-10 font-display text-2xl font-bold text-white">{heading}</h2>
      {actionError ? (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {errorMessage(actionError)}
        </p>
      ) : null}
      {query.isPending || query.error || !query.data ? (
        <QueryState isPending={query.isPending} error={query.error} retry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="mt-3 text-slate-300">{empty}</p>
      ) : (
        children(query.data)
      )}
    </>
  );
}
