import { errorMessage } from '@/lib/api-client.ts';
import { Spinner } from './spinner.tsx';

/** Loading and failure states shared by pages that read from the API. */
export function QueryState({ isPending, error, retry }: { isPending: boolean; error: unknown; retry: () => void }) {
  if (isPending) return <Spinner />;
  if (!error) return null;
  return (
    <div role="alert" className="mx-auto max-w-md rounded-lg border border-red-500/40 bg-red-950/40 p-6 text-center">
      <p className="font-semibold text-red-200">We could not load this right now.</p>
      <p className="mt-1 text-sm text-red-100/80">{errorMessage(error)}</p>
      <button
        type="button"
        onClick={retry}
        className="mt-4 rounded-md bg-red-200 px-3 py-1.5 text-sm font-semibold text-red-950"
      >
        Try again
      </button>
    </div>
  );
}
