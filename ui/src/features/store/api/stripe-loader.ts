import type { Stripe } from '@stripe/stripe-js';

export const STRIPE_LOAD_TIMEOUT_MS = 4000;

/**
 * Loads Stripe.js only when the payment page asks (the pure entry adds no script tag on import), and
 * gives up after a few seconds: offline it must fail clearly rather than hang.
 */
export async function loadStripeWithTimeout(
  publishableKey: string,
  timeoutMs = STRIPE_LOAD_TIMEOUT_MS,
): Promise<Stripe> {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error('Stripe.js did not load in time.')), timeoutMs);
  });
  try {
    const stripe = await Promise.race([loadStripe(publishableKey), timeout]);
    if (!stripe) throw new Error('Stripe.js is not available.');
    return stripe;
  } finally {
    clearTimeout(timer);
  }
}
