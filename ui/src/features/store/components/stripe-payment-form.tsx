import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast-store.ts';
import { paths } from '@/config/paths.ts';
import { loadStripeWithTimeout } from '../api/stripe-loader.ts';
import { PayButton } from './demo-card-form.tsx';
import type { PaymentFormProps } from './payment-form-props.ts';

const SETUP_FAILED = { title: 'Payment Setup Failed', description: 'Unable to initialize payment. Please try again.' };

/** Stripe's Payment Element; Stripe.js is fetched from Stripe only here, and a failure to load says so. */
export function StripePaymentForm(props: PaymentFormProps & { publishableKey: string }) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (the Try again button) loads Stripe.js again
  useEffect(() => {
    let live = true;
    setFailed(false);
    loadStripeWithTimeout(props.publishableKey)
      .then((loaded) => live && setStripe(loaded))
      .catch(() => {
        if (!live) return;
        setFailed(true);
        toast({ ...SETUP_FAILED, variant: 'destructive' });
      });
    return () => {
      live = false;
    };
  }, [props.publishableKey, attempt]);

  if (failed) {
    return (
      <div role="alert" className="rounded-lg border border-red-500/40 bg-red-950/40 p-4 text-center">
        <p className="font-semibold text-red-200">{SETUP_FAILED.title}</p>
        <p className="mt-1 text-sm text-red-100/80">{SETUP_FAILED.description}</p>
        <button
          type="button"
          onClick={() => setAttempt((n) => n + 1)}
          className="mt-3 rounded-md bg-red-200 px-3 py-1.5 text-sm font-semibold text-red-950"
        >
          Try again
        </button>
      </div>
    );
  }
  if (!stripe)
    return (
      <p role="status" className="py-6 text-center text-sm text-slate-300">
        Loading secure payment form...
      </p>
    );
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.clientSecret, appearance: { theme: 'night' } }}>
      <ElementsForm {...props} />
    </Elements>
  );
}

function ElementsForm({ payLabel, onPaid, onError }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || paying) return;
    setPaying(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${paths.checkoutSuccess}` },
        redirect: 'if_required',
      });
      if (result.error) onError(result.error.message ?? 'The payment did not go through.');
      else if (result.paymentIntent?.status === 'succeeded') await onPaid(result.paymentIntent.id);
      else onError(`The payment is ${result.paymentIntent?.status?.replace(/_/g, ' ') ?? 'not complete'}.`);
    } finally {
      setPaying(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label="Card payment" className="space-y-4">
      <PaymentElement />
      <PayButton paying={paying} label={payLabel} disabled={!stripe || !elements} />
    </form>
  );
}
