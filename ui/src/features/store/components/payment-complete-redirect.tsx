import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toast-store.ts';
import { paths } from '@/config/paths.ts';

/** How long the payment page says it is moving on before it does (as /checkout waits 1 s before it leaves). */
export const SUCCESS_REDIRECT_DELAY_MS = 1_000;

export interface Paid {
  paymentIntentId: string;
  tokensAwarded: number;
}

/**
 * After a completed payment: the 'Purchase Successful!' toast, which says the page is moving on, then the move
 * to the success page. The toast goes as the payment page does, so the success page never says it is on its way to
 * itself. `paid` starts it; `done` holds what was paid meanwhile.
 */
export function usePaymentCompleteRedirect(): { done: Paid | null; paid: (result: Paid) => void } {
  const navigate = useNavigate();
  const [done, setDone] = useState<Paid | null>(null);
  useEffect(() => {
    if (!done) return;
    const shown = toast({
      title: 'Purchase Successful!',
      // a gift's tokens went to its recipient
      description:
        done.tokensAwarded > 0
          ? `You received ${done.tokensAwarded} tokens! Redirecting to success page...`
          : 'Thank you for your purchase! Redirecting to success page...',
      variant: 'success',
      duration: 5000,
    });
    const timer = setTimeout(
      () => navigate(`${paths.checkoutSuccess}?payment_intent=${encodeURIComponent(done.paymentIntentId)}`),
      SUCCESS_REDIRECT_DELAY_MS,
    );
    return () => {
      clearTimeout(timer);
      shown.dismiss();
    };
  }, [done, navigate]);
  return { done, paid: setDone };
}

/** In place of the card form once the payment went through, until the success page opens. */
export function PaidNote({ done }: { done: Paid }) {
  return (
    <p
      role="status"
      data-focus-rescue
      tabIndex={-1}
      className="rounded-lg border border-moss-400/50 bg-moss-400/10 p-4 text-sm text-moss-200"
    >
      {done.tokensAwarded > 0
        ? `Payment complete: ${done.tokensAwarded} tokens added. Opening your receipt...`
        : 'Payment complete. Opening your receipt...'}
    </p>
  );
}
