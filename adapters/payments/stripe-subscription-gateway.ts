import Stripe from 'stripe';
import type { Catalogue } from '../../core/catalogue/model/catalogue.ts';
import type {
  ChargeRequest,
  PaidInvoice,
  PaidRenewals,
  ProviderSubscription,
  StartSubscriptionRequest,
  SubscriptionCancellation,
  SubscriptionCapabilities,
  SubscriptionGateway,
  SubscriptionStates,
  SubscriptionTierChanges,
  TierPrices,
  TierPriceState,
} from '../../core/memberships/ports.ts';
import { CURRENCY } from '../../core/purchases/model/purchase.ts';
import type { PaymentIntent } from '../../core/purchases/ports.ts';
import { MEMBERSHIP_PRODUCT_TYPE } from '../../core/purchases/use-cases/start-checkout.ts';
import { DomainError } from '../../core/shared/errors.ts';
import { stripeFailure, toPaymentIntent, viaStripe } from './stripe-payment-gateway.ts';

/** The lookup key of a tier's monthly price at Stripe: the one place a tier and its Stripe price meet. */
export const priceLookupKey = (tierId: string): string => `priority-pass-${tierId}-monthly`;
const productIdOf = (tierId: string): string => `priority-pass-${tierId}`;
/** the tier a price's lookup key names, or null */
export const tierOfLookupKey = (key: string | null | undefined): string | null =>
  key ? (/^priority-pass-(.+)-monthly$/.exec(key)?.[1] ?? null) : null;

const BILLING_REASONS: Record<string, PaidInvoice['reason']> = {
  subscription_create: 'start',
  subscription_cycle: 'renewal',
  subscription_update: 'upgrade',
};

/**
 * A subscription invoice as the core's paid (or failed) month: its subscription, the reason, the tier the
 * subscription named when it was billed, and the service period of its charged lines. Null for any other invoice.
 */
export function invoiceMonth(invoice: Stripe.Invoice, intentId: string | null): PaidInvoice | null {
  const details = invoice.parent?.subscription_details;
  const reason = BILLING_REASONS[invoice.billing_reason ?? ''];
  if (!details || !reason) return null;
  const subscriptionId = typeof details.subscription === 'string' ? details.subscription : details.subscription.id;
  const lines = invoice.lines?.data ?? [];
  const charged = lines.filter((line) => line.amount > 0);
  const periods = (charged.length > 0 ? charged : lines).map((line) => line.period);
  const start = periods.length > 0 ? Math.min(...periods.map((p) => p.start)) : invoice.period_start;
  const end = periods.length > 0 ? Math.max(...periods.map((p) => p.end)) : invoice.period_end;
  return {
    subscriptionId,
    invoiceId: invoice.id ?? '',
    intentId,
    reason,
    tierId: details.metadata?.tierId ?? null,
    amountCents: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
    periodStart: new Date(start * 1000),
    periodEnd: new Date(end * 1000),
  };
}

/** A Stripe subscription as the site follows it: live (active or past due) or ended, and whether it cancels. */
export function subscriptionStateOf(subscription: Stripe.Subscription): ProviderSubscription {
  const ended = ['canceled', 'incomplete_expired'].includes(subscription.status);
  const pastDue = ['past_due', 'unpaid'].includes(subscription.status);
  const item = subscription.items?.data?.[0];
  return {
    status: ended ? 'ended' : pastDue ? 'past_due' : 'active',
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
  };
}

/** The payment intent that pays an invoice (Stripe names it in the invoice's payments, not on the invoice). */
export async function invoiceIntent(stripe: Stripe, invoice: Stripe.Invoice): Promise<string | null> {
  const listed = invoice.payments?.data ?? (await stripe.invoicePayments.list({ invoice: invoice.id, limit: 3 })).data;
  for (const payment of listed) {
    const intent = payment.payment.payment_intent;
    if (intent) return typeof intent === 'string' ? intent : intent.id;
  }
  const secret = invoice.confirmation_secret?.client_secret;
  return secret ? secret.split('_secret_')[0] : null;
}

/** The Stripe customer each player's memberships are billed to, so a player is one customer at Stripe. */
export interface StripeCustomerStore {
  find(userId: string): Promise<string | null>;
  /** keeps the customer unless one is stored for the player already; answers the one stored */
  keep(userId: string, customerId: string): Promise<string>;
  forget(userId: string): Promise<void>;
}

const isMissingCustomer = (error: unknown) =>
  error instanceof Stripe.errors.StripeError &&
  error.code === 'resource_missing' &&
  (error.param === 'customer' || /no such customer/i.test(error.message));

/**
 * Priority Pass memberships through Stripe Billing: one monthly price per tier (found by its lookup key, made
 * when missing or when the catalogue's price changed), subscriptions whose first invoice is paid with the card
 * form's intent, renewals charged by Stripe and reported by webhook, upgrades invoiced at once with proration,
 * downgrades from the next renewal.
 */
export class StripeSubscriptionGateway
  implements
    SubscriptionGateway,
    SubscriptionCancellation,
    SubscriptionTierChanges,
    SubscriptionStates,
    PaidRenewals,
    TierPrices
{
  readonly mode = 'stripe' as const;
  readonly capabilities: SubscriptionCapabilities = {
    cancellation: this,
    tierChanges: this,
    providerState: this,
    paidRenewals: this,
    tierPrices: this,
  };
  /** tier -> price id, once found or made in this process */
  private readonly prices = new Map<string, string>();

  constructor(
    readonly stripe: Stripe,
    private readonly catalogue: Catalogue,
    /** where each player's Stripe customer is stored; without it every checkout makes a customer */
    private readonly customers: StripeCustomerStore | null = null,
  ) {}

  async start(request: StartSubscriptionRequest): Promise<{ subscriptionId: string; intent: PaymentIntent }> {
    const price = await this.priceOf(request.tierId);
    try {
      const subscription = await this.subscribe(request, price).catch(async (error: unknown) => {
        // the player's stored customer was deleted at Stripe: forget it and open the subscription for a new one
        if (!isMissingCustomer(error) || !this.customers) throw error;
        await this.customers.forget(request.customer.userId);
        return this.subscribe(request, price, '-again');
      });
      const invoice = subscription.latest_invoice;
      const secret = typeof invoice === 'object' ? invoice?.confirmation_secret?.client_secret : undefined;
      if (!secret)
        throw new DomainError(
          'SUBSCRIPTION_NOT_PAYABLE',
          'unavailable',
          'The payment provider did not open the first month for payment. Please try again.',
        );
      const intent = await this.stripe.paymentIntents.update(secret.split('_secret_')[0], {
        description: request.description,
        metadata: { ...request.metadata, subscriptionId: subscription.id },
      });
      return { subscriptionId: subscription.id, intent: toPaymentIntent(intent) };
    } catch (error) {
      throw error instanceof DomainError ? error : stripeFailure(error);
    }
  }

  /** the subscription, billed to the player's one customer (made on their first checkout, then stored) */
  private async subscribe(request: StartSubscriptionRequest, price: string, retry = '') {
    const customer = await this.customerOf(request.customer, `${request.idempotencyKey}${retry}-customer`);
    const discounts = await this.couponsFor(request);
    return this.stripe.subscriptions.create(
      {
        customer,
        items: [{ price }],
        ...(discounts.length > 0 ? { discounts } : {}),
        description: request.description,
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { ...request.metadata, tierId: request.tierId },
        expand: ['latest_invoice.confirmation_secret'],
      },
      { idempotencyKey: `${request.idempotencyKey}${retry}` },
    );
  }

  /**
   * The first month's discounts as Stripe coupons of a fixed amount (so Stripe's invoice is the site's price to the
   * cent): once for the first month, repeating for a coupon's months, or forever.
   */
  private async couponsFor(request: StartSubscriptionRequest): Promise<Array<{ coupon: string }>> {
    const made: Array<{ coupon: string }> = [];
    for (const [index, discount] of (request.discounts ?? []).entries()) {
      const duration =
        discount.months === null
          ? ({ duration: 'forever' } as const)
          : discount.months === 1
            ? ({ duration: 'once' } as const)
            : ({ duration: 'repeating', duration_in_months: discount.months } as const);
      const coupon = await this.stripe.coupons.create(
        {
          amount_off: discount.amountOffCents,
          currency: request.currency,
          name: discount.name.slice(0, 40),
          ...duration,
        },
        { idempotencyKey: `${request.idempotencyKey}-discount-${index}` },
      );
      made.push({ coupon: coupon.id });
    }
    return made;
  }

  private async customerOf(buyer: StartSubscriptionRequest['customer'], idempotencyKey: string): Promise<string> {
    const stored = await this.customers?.find(buyer.userId);
    if (stored) return stored;
    const made = await this.stripe.customers.create(
      {
        ...(buyer.email ? { email: buyer.email } : {}),
        ...(buyer.name ? { name: buyer.name } : {}),
        metadata: { userId: buyer.userId },
      },
      { idempotencyKey },
    );
    // of two checkouts opened at once, the first customer stored is the one both use from then on
    return this.customers ? this.customers.keep(buyer.userId, made.id) : made.id;
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await viaStripe(() => this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
  }

  async subscriptionState(subscriptionId: string): Promise<ProviderSubscription> {
    try {
      return subscriptionStateOf(await this.stripe.subscriptions.retrieve(subscriptionId));
    } catch (error) {
      const failure = stripeFailure(error);
      // a subscription Stripe no longer has bills nothing
      if (failure.kind === 'not_found') return { status: 'ended', cancelAtPeriodEnd: false, currentPeriodEnd: null };
      throw failure;
    }
  }

  async cancelNow(subscriptionId: string): Promise<void> {
    try {
      const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
      await this.stripe.subscriptions.cancel(subscriptionId);
    } catch (error) {
      const failure = stripeFailure(error);
      // a subscription Stripe no longer has charges nothing more
      if (failure.kind === 'not_found') return;
      throw failure;
    }
  }

  async upgrade(
    request: ChargeRequest & { tierId: string; periodStart: Date; periodEnd: Date; paymentRef: string | null },
  ): Promise<PaidInvoice> {
    const price = await this.priceOf(request.tierId);
    let invoice: Stripe.Invoice;
    try {
      const item = await this.itemOf(request.subscriptionId);
      const updated = await this.stripe.subscriptions.update(
        request.subscriptionId,
        {
          items: [{ id: item.id, price }],
          proration_behavior: 'always_invoice',
          // a declined card leaves the subscription as it was
          payment_behavior: 'error_if_incomplete',
          metadata: { tierId: request.tierId },
          expand: ['latest_invoice'],
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (typeof updated.latest_invoice !== 'object' || !updated.latest_invoice)
        throw new DomainError('UPGRADE_NOT_INVOICED', 'unavailable', 'The payment provider did not bill the upgrade.');
      invoice = updated.latest_invoice;
    } catch (error) {
      const failure = error instanceof DomainError ? error : stripeFailure(error);
      if (failure.code === 'CARD_ERROR')
        throw new DomainError('CARD_ERROR', 'conflict', `${failure.message} Your tier is unchanged.`);
      throw failure;
    }
    const month = invoiceMonth(invoice, await this.intentOf(invoice));
    if (month?.reason !== 'upgrade')
      throw new DomainError('UPGRADE_NOT_INVOICED', 'unavailable', 'The payment provider did not bill the upgrade.');
    return { ...month, tierId: request.tierId };
  }

  async scheduleTier(subscriptionId: string, tierId: string): Promise<void> {
    const price = await this.priceOf(tierId);
    try {
      const item = await this.itemOf(subscriptionId);
      if (item.price.id === price) return;
      await this.stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price }],
        // nothing now: the next renewal bills the new tier
        proration_behavior: 'none',
        metadata: { tierId },
      });
    } catch (error) {
      throw stripeFailure(error);
    }
  }

  /** Every tier's price as Stripe has it, compared with the catalogue. */
  async checkPrices(): Promise<TierPriceState[]> {
    const tiers = this.catalogue.list(MEMBERSHIP_PRODUCT_TYPE);
    try {
      const found = await this.stripe.prices.list({
        lookup_keys: tiers.map((tier) => priceLookupKey(tier.id)),
        active: true,
        limit: 100,
      });
      return tiers.map((tier) => {
        const priceCents = tier.priceCents as number;
        const price = found.data.find((candidate) => candidate.lookup_key === priceLookupKey(tier.id)) ?? null;
        return {
          tierId: tier.id,
          lookupKey: priceLookupKey(tier.id),
          priceCents,
          priceId: price?.id ?? null,
          problem: price ? priceProblem(price, priceCents) : 'missing',
        };
      });
    } catch (error) {
      throw stripeFailure(error);
    }
  }

  /** Makes every tier's price that is missing or wrong; answers the prices as they now stand. */
  async syncPrices(): Promise<TierPriceState[]> {
    this.prices.clear();
    for (const tier of this.catalogue.list(MEMBERSHIP_PRODUCT_TYPE)) await this.priceOf(tier.id);
    return this.checkPrices();
  }

  /** The tier's monthly price id: the active one under its lookup key when it bills the catalogue's amount, else a new one. */
  private async priceOf(tierId: string): Promise<string> {
    const cached = this.prices.get(tierId);
    if (cached) return cached;
    const tier = this.catalogue.price(tierId, MEMBERSHIP_PRODUCT_TYPE);
    const lookupKey = priceLookupKey(tier.product.id);
    try {
      const found = await this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
      let price = found.data.find((candidate) => !priceProblem(candidate, tier.priceCents));
      if (!price) {
        const product = await this.productOf(tier.product.id, tier.name);
        price = await this.stripe.prices.create({
          product,
          currency: CURRENCY,
          unit_amount: tier.priceCents,
          recurring: { interval: 'month' },
          lookup_key: lookupKey,
          // the key moves to this price, so the old one bills nobody new
          transfer_lookup_key: true,
          nickname: `${tier.name} Priority Pass, monthly`,
        });
      }
      this.prices.set(tierId, price.id);
      return price.id;
    } catch (error) {
      throw stripeFailure(error);
    }
  }

  private async productOf(tierId: string, name: string): Promise<string> {
    const id = productIdOf(tierId);
    try {
      return (await this.stripe.products.retrieve(id)).id;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError) || error.code !== 'resource_missing') throw error;
    }
    return (
      await this.stripe.products.create({ id, name: `${name} Priority Pass` }, { idempotencyKey: `product-${id}` })
    ).id;
  }

  private async itemOf(subscriptionId: string): Promise<Stripe.SubscriptionItem> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    if (!item)
      throw new DomainError('SUBSCRIPTION_EMPTY', 'conflict', 'The subscription has no tier at the payment provider.');
    return item;
  }

  private async intentOf(invoice: Stripe.Invoice): Promise<string | null> {
    return viaStripe(() => invoiceIntent(this.stripe, invoice));
  }

  async latestPaidRenewal(subscriptionId: string): Promise<PaidInvoice | null> {
    try {
      const invoices = await this.stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 5 });
      const renewal = invoices.data.find((invoice) => invoice.billing_reason === 'subscription_cycle');
      if (!renewal) return null;
      return invoiceMonth(renewal, await invoiceIntent(this.stripe, renewal));
    } catch (error) {
      throw stripeFailure(error);
    }
  }
}

function priceProblem(price: Stripe.Price, priceCents: number): string | null {
  if (price.currency !== CURRENCY) return `bills ${price.currency}, not ${CURRENCY}`;
  if (price.recurring?.interval !== 'month' || (price.recurring.interval_count ?? 1) !== 1) return 'is not monthly';
  if (price.unit_amount !== priceCents) return `bills ${price.unit_amount} cents, not ${priceCents}`;
  return null;
}
