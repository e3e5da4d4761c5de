import type { Catalogue } from '../../core/catalogue/model/catalogue.ts';
import type { Config } from '../config.ts';
import type { PaymentAdapters } from './payment-adapters.ts';
import { createStripeClient, StripePaymentGateway } from './stripe-payment-gateway.ts';
import { type StripeCustomerStore, StripeSubscriptionGateway } from './stripe-subscription-gateway.ts';
import { StripeWebhookVerifier } from './stripe-webhook-verifier.ts';

/** Stripe's parts, for a site whose STRIPE_* keys are set: payments, their webhooks, and Stripe Billing. */
export function stripeAdapters(
  settings: NonNullable<Config['stripe']>,
  catalogue: Catalogue,
  customers: StripeCustomerStore,
): PaymentAdapters {
  const stripe = createStripeClient({ secretKey: settings.secretKey, apiBase: settings.apiBase ?? undefined });
  return {
    gateway: new StripePaymentGateway(stripe),
    publishableKey: settings.publishableKey,
    demo: null,
    webhooks: new StripeWebhookVerifier(stripe, settings.webhookSecret),
    tebex: null,
    subscriptions: new StripeSubscriptionGateway(stripe, catalogue, customers),
  };
}
