import type { Catalogue } from '../../core/catalogue/model/catalogue.ts';
import type { SubscriptionGateway } from '../../core/memberships/ports.ts';
import type { PaymentGateway } from '../../core/purchases/ports.ts';
import type { Config } from '../config.ts';
import { DemoPaymentGateway, type DemoIntentStore } from './demo-payment-gateway.ts';
import { DemoSubscriptionGateway } from './demo-subscription-gateway.ts';
import type { StripeCustomerStore } from './stripe-subscription-gateway.ts';
import type { StripeWebhookVerifier } from './stripe-webhook-verifier.ts';
import { TebexClient } from './tebex/tebex-client.ts';
import { TebexPaymentGateway, TebexSubscriptionGateway } from './tebex/tebex-gateway.ts';
import { SyncTebexPackages } from './tebex/sync-tebex-packages.ts';
import { TebexPackageMap, type TebexPackageStore } from './tebex/tebex-packages.ts';
import { TebexWebhooks } from './tebex/tebex-webhooks.ts';

/**
 * What the gateways keep or read in the database, built by the composition root: the payment adapters declare these
 * interfaces and never build the persistence behind them.
 */
export interface PaymentStores {
  /** the demo gateway's intents */
  demoIntents: DemoIntentStore;
  /** Stripe Billing's customer stored per player */
  stripeCustomers: StripeCustomerStore;
  /** the package map `tebex sync` stored */
  tebexPackages: TebexPackageStore;
}

/** Tebex's parts: the Headless API, the basket gateway, the webhook translation, and the package map. */
export interface TebexAdapters {
  client: TebexClient;
  gateway: TebexPaymentGateway;
  webhooks: TebexWebhooks;
  /** `tebex sync`: matches the catalogue to the webstore's packages and stores the map */
  syncPackages: SyncTebexPackages;
  /** webhook source addresses allowed; null: any */
  webhookIps: string[] | null;
}

export interface PaymentAdapters {
  gateway: PaymentGateway;
  /** the browser's key; null unless Stripe takes payments */
  publishableKey: string | null;
  /** present only on the demo gateway: the demo card form confirms through it */
  demo: DemoPaymentGateway | null;
  /** present when Stripe takes payments */
  webhooks: StripeWebhookVerifier | null;
  /** present when Tebex takes payments */
  tebex: TebexAdapters | null;
  /** Priority Pass memberships: Stripe Billing, Tebex subscription packages, or the demo's own renewals */
  subscriptions: SubscriptionGateway;
}

/** The gateway PAYMENT_GATEWAY names (Stripe when its keys are set, else the offline demo): configuration, never code. */
export async function createPaymentAdapters(
  config: Config,
  catalogue: Catalogue,
  stores: PaymentStores,
): Promise<PaymentAdapters> {
  const stripeSettings = config.stripe;
  if (config.tebex) {
    const settings = config.tebex;
    const client = new TebexClient({
      publicToken: settings.publicToken,
      privateKey: settings.privateKey,
      apiBase: settings.apiBase,
    });
    const packages = new TebexPackageMap(settings.packageMap, stores.tebexPackages);
    const gateway = new TebexPaymentGateway(
      client,
      packages,
      catalogue,
      config.server.publicUrl,
      settings.webhookSecret,
    );
    return {
      gateway,
      publishableKey: null,
      demo: null,
      webhooks: null,
      tebex: {
        client,
        gateway,
        webhooks: new TebexWebhooks(settings.webhookSecret, packages),
        syncPackages: new SyncTebexPackages(client, catalogue, settings.packageMap, stores.tebexPackages),
        webhookIps: settings.webhookIps,
      },
      subscriptions: new TebexSubscriptionGateway(gateway),
    };
  }
  // Stripe's library is loaded only where Stripe takes payments
  if (stripeSettings)
    return (await import('./stripe-adapters.ts')).stripeAdapters(stripeSettings, catalogue, stores.stripeCustomers);
  const demo = new DemoPaymentGateway(stores.demoIntents);
  return {
    gateway: demo,
    publishableKey: null,
    demo,
    webhooks: null,
    tebex: null,
    subscriptions: new DemoSubscriptionGateway(demo, stores.demoIntents),
  };
}
