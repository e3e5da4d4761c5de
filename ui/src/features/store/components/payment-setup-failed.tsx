import { useEffect, useRef } from 'react';
import { useSecondsLeft, waitMessage } from '../api/rate-limit.ts';

/**
 * A payment that could not be opened, with a way to try again. Refused for too many tries (`retryAt`), it counts the
 * wait down and tries again by itself when the wait ends.
 */
export function PaymentSetupFailed({
  message,
  retryAt,
  onRetry,
}: {
  message: string;
  retryAt: number | null;
  onRetry: () => void;
}) {
  const wait = useSecondsLeft(retryAt);
  const retried = useRef(false);
  useEffect(() => {
    if (retryAt === null || wait > 0 || retried.current) return;
    retried.current = true;
    onRetry();
  }, [retryAt, wait, onRetry]);
  return (
    <div role="alert" className="rounded-lg border border-red-500/40 bg-red-950/40 p-4 text-center">
      <p className="font-semibold text-red-200">Payment Setup Failed</p>
      <p className="mt-1 text-sm text-red-100/80" data-testid="payment-setup-error">
        {wait > 0 ? waitMessage(message, wait) : message}
      </p>
      {retryAt === null ? (
        <button
          type="button"
          onClick={onRetry}
          className="mt-3 rounded-md bg-gold-500 px-4 py-2 text-sm font-semibold text-bayou-950 hover:bg-gold-400"
        >
          Try again
        </button>
      ) : (
        <p className="mt-2 text-sm text-slate-300">The payment opens again by itself when the wait is over.</p>
      )}
    </div>
  );
}
