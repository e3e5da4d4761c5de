import type { Catalogue } from '../../core/catalogue/catalogue.ts';
import type { PaymentGateway } from '../../core/purchases/ports.ts';
import type { Config } from '../config.ts';
import type { Database } from '../persistence/database.ts';
import { MikroOrmDemoIntentStore } from '../persistence/mikro-orm-demo-intent-store.ts';
import type { SubscriptionGateway } from '../../core/memberships/ports.ts';
import { DemoPaymentGateway } from './demo-payment-gateway.ts';
import { DemoSubscriptionGateway } from './demo-subscription-gateway.ts';
import { StripeSubscriptionGateway } from './stripe-subscription-gateway.ts';
import { createStripeClient, StripePaymentGateway } from './stripe-payment-gateway.ts';
import { StripeWebhookVerifier } from './stripe-webhook-verifier.ts';

export interface PaymentAdapters {
  gateway: PaymentGateway;
  /** the browser's key; null in demo mode */
  publishableKey: string | null;
  /** present only while Stripe is not configured: the demo card form confirms through it */
  demo: DemoPaymentGateway | null;
  /** present when a webhook signing secret is configured */
  webhooks: StripeWebhookVerifier | null;
  /** Priority Pass memberships: Stripe Billing, or the demo's own renewals */
  subscriptions: SubscriptionGateway;
}

/** Stripe when its keys are set, the offline demo gateway otherwise (chosen by configuration, never by code). */
export function createPaymentAdapters(
  stripeSettings: Config['stripe'],
  database: Database,
  catalogue: Catalogue,
): PaymentAdapters {
  if (stripeSettings) {
    const stripe = createStripeClient({
      secretKey: stripeSettings.secretKey,
      apiBase: stripeSettings.apiBase ?? undefined,
    });
    return {
      gateway: new StripePaymentGateway(stripe),
      publishableKey: stripeSettings.publishableKey,
      demo: null,
      webhooks: new StripeWebhookVerifier(stripe, stripeSettings.webhookSecret),
      subscriptions: new StripeSubscriptionGateway(stripe, catalogue),
    };
  }
  const store = new MikroOrmDemoIntentStore(database);
  const demo = new DemoPaymentGateway(store);
  return {
    gateway: demo,
    publishableKey: null,
    demo,
    webhooks: null,
    subscriptions: new DemoSubscriptionGateway(demo, store),
  };
}
