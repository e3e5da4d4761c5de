import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CreatePaymentIntentRequest, CreatePaymentIntentResponse } from '@contract/payments.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { authKeys } from '@/features/auth';
import { completePurchase, createPaymentIntent, usePaymentsConfig } from '../api/payments.ts';
import { retryAfterOf } from '../api/rate-limit.ts';
import { DemoCardForm } from './demo-card-form.tsx';
import { PaymentSetupFailed } from './payment-setup-failed.tsx';
import { StripePaymentForm } from './stripe-payment-form.tsx';
import { TebexCheckoutLink } from './tebex-checkout-link.tsx';

/** a payment opened elsewhere than a checkout (a past-due membership month) */
export interface OpenedPayment {
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
}

export interface PaymentSectionProps {
  /** the item a checkout is opened for; or, with `open`, what opens the payment instead */
  request?: CreatePaymentIntentRequest;
  open?: () => Promise<OpenedPayment>;
  payLabel: string;
  /** after the purchase is completed on the server */
  onCompleted: (result: { paymentIntentId: string; tokensAwarded: number }) => void;
}

/**
 * Creates the payment intent on load, takes the card (Stripe's Payment Element, or the demo form), then
 * completes the purchase. The Pay button is usable again after any failure.
 */
export function PaymentSection({ request, open, payLabel, onCompleted }: PaymentSectionProps) {
  const config = usePaymentsConfig();
  const queryClient = useQueryClient();
  const [intent, setIntent] = useState<CreatePaymentIntentResponse | OpenedPayment | null>(null);
  const [setupError, setSetupError] = useState<{ message: string; retryAt: number | null } | null>(null);
  const [paymentError, setPaymentError] = useState<{ title: string; message: string } | null>(null);
  const requestKey = JSON.stringify(request);
  const started = useRef<string | null>(null);

  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const key = `${requestKey}#${attempt}`;
    if (started.current === key) return;
    started.current = key;
    setSetupError(null);
    // another request (a coupon applied) opens another payment: the card form waits for it, never paying the last one
    setIntent(null);
    (open ? open() : createPaymentIntent(request as CreatePaymentIntentRequest)).then(setIntent).catch((error) => {
      const message = errorMessage(error, 'Unable to initialize payment. Please try again.');
      const wait = retryAfterOf(error);
      setSetupError({ message, retryAt: wait === null ? null : Date.now() + wait * 1000 });
      // a wait is counted down in the panel: a toast would keep its first figure
      if (wait === null) toast({ title: 'Payment Setup Failed', description: message, variant: 'destructive' });
    });
  }, [requestKey, request, open, attempt]);

  async function paid(paymentIntentId: string) {
    setPaymentError(null);
    try {
      const result = await completePurchase({
        paymentIntentId,
        productType: request?.productType,
        productId: request?.productId,
        productName: request?.productName,
        price: intent?.amount,
      });
      await queryClient.invalidateQueries({ queryKey: authKeys.tokens() });
      // the first purchase stored the buyer's age declaration
      void queryClient.invalidateQueries({ queryKey: authKeys.user() });
      onCompleted({ paymentIntentId, tokensAwarded: result.tokensAwarded });
    } catch (error) {
      const message = errorMessage(error, 'Something went wrong completing your purchase.');
      setPaymentError({ title: 'Purchase Failed', message });
      toast({ title: 'Purchase Failed', description: message, variant: 'destructive' });
    }
  }

  function failed(message: string) {
    setPaymentError({ title: 'Payment Failed', message });
    toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
  }

  if (setupError) return <PaymentSetupFailed {...setupError} onRetry={() => setAttempt((value) => value + 1)} />;
  if (!intent || !config.data) return <Spinner label="Preparing payment" />;
  if (config.data.mode === 'tebex')
    return (
      <>
        {'creatorCodeStatus' in intent && intent.creatorCodeStatus === 'refused' && (
          <p className="mb-3 text-sm text-slate-200" data-testid="creator-code-refused">
            Tebex refused the creator code {intent.creatorCode}. This store still counts your purchase for the creator.
          </p>
        )}
        <TebexCheckoutLink url={'redirectUrl' in intent ? intent.redirectUrl : null} payLabel={payLabel} />
      </>
    );
  const props = { clientSecret: intent.clientSecret, payLabel, onPaid: paid, onError: failed };
  return (
    <div className="space-y-3">
      {paymentError && (
        <div role="alert" className="rounded-md border border-red-500/40 bg-red-950/40 px-3 py-2 text-sm text-red-100">
          <p className="font-semibold">{paymentError.title}</p>
          <p>{paymentError.message}</p>
          {paymentError.title === 'Payment Failed' && (
            <p className="mt-1">You were not charged. Check the card's details, or pay with another card.</p>
          )}
        </div>
      )}
      {config.data.mode === 'stripe' && config.data.publishableKey ? (
        <StripePaymentForm {...props} publishableKey={config.data.publishableKey} />
      ) : (
        <DemoCardForm {...props} />
      )}
    </div>
  );
}
