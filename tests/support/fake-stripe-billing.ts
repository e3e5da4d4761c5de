import { randomBytes } from 'node:crypto';

/** The part of a fake payment intent that billing reads and writes. */
export interface BillingIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  /** what was taken: 0 until it succeeds, then its amount */
  amount_received: number;
  currency: string;
  description: string | null;
  metadata: Record<string, string>;
  status: string;
  client_secret: string;
  last_payment_error: { message: string; type: string } | null;
  latest_charge: string | null;
  receipt_email: string | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
}

interface FakePrice {
  id: string;
  object: 'price';
  product: string;
  currency: string;
  unit_amount: number;
  recurring: { interval: string; interval_count: number };
  lookup_key: string | null;
  active: boolean;
  nickname: string | null;
}

interface FakeItem {
  id: string;
  object: 'subscription_item';
  price: FakePrice;
  current_period_start: number;
  current_period_end: number;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  description: string | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: FakeItem[] };
  latest_invoice: string | null;
}

/** a coupon of a fixed amount, and how many more invoices it lowers (Infinity: forever) */
interface FakeCoupon {
  id: string;
  object: 'coupon';
  amount_off: number;
  currency: string;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
  name: string | null;
}

export interface FakeInvoice {
  id: string;
  object: 'invoice';
  billing_reason: string;
  status: 'open' | 'paid';
  currency: string;
  amount_due: number;
  amount_paid: number;
  period_start: number;
  period_end: number;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  lines: { object: 'list'; data: { id: string; amount: number; period: { start: number; end: number } }[] };
  confirmation_secret: { type: 'payment_intent'; client_secret: string };
  created: number;
}

type Answer = [number, unknown];
const DAY = 86_400;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const monthAfter = (at: number) => {
  const date = new Date(at * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return seconds(date);
};
const missing = (kind: string, id: string): Answer => [
  404,
  { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` } },
];
const list = (data: unknown[]) => [200, { object: 'list', data, has_more: false, url: '' }] as Answer;
const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/**
 * Stripe Billing as the subscription gateway uses it: customers, products and prices found by lookup key,
 * subscriptions whose invoices are paid through payment intents, proration invoices charged at once, and the
 * renewals a test makes happen. Each invoice's intent lives with the fake's other intents.
 */
export class FakeBilling {
  readonly customers = new Map<string, { id: string; email: string | null; metadata: Record<string, string> }>();
  readonly products = new Map<string, { id: string; name: string }>();
  readonly prices = new Map<string, FakePrice>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly invoices = new Map<string, FakeInvoice>();
  readonly coupons = new Map<string, FakeCoupon>();
  /** subscription -> its coupons, each with the invoices it still lowers */
  private readonly discounts = new Map<string, Array<{ coupon: FakeCoupon; left: number }>>();
  /** invoice -> its intent */
  private readonly intentOf = new Map<string, string>();
  /** subscriptions whose saved card declines every later charge */
  private readonly declining = new Set<string>();
  private readonly byKey = new Map<string, unknown>();

  constructor(private readonly intents: Map<string, BillingIntent>) {}

  /** every later charge to this subscription's card is declined (the first month was paid) */
  declineLaterCharges(subscriptionId: string, decline = true): void {
    if (decline) this.declining.add(subscriptionId);
    else this.declining.delete(subscriptionId);
  }

  subscriptionOfIntent(intentId: string): FakeSubscription | undefined {
    const invoice = [...this.intentOf].find(([, intent]) => intent === intentId)?.[0];
    const subscriptionId = invoice && this.invoices.get(invoice)?.parent.subscription_details.subscription;
    return subscriptionId ? this.subscriptions.get(subscriptionId) : undefined;
  }

  /** the invoice an intent pays, marked paid (the fake's `succeed` calls this) */
  paid(intentId: string): void {
    const invoiceId = [...this.intentOf].find(([, intent]) => intent === intentId)?.[0];
    const invoice = invoiceId && this.invoices.get(invoiceId);
    if (!invoice) return;
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due });
    const subscription = this.subscriptions.get(invoice.parent.subscription_details.subscription);
    if (subscription && subscription.status !== 'canceled') subscription.status = 'active';
  }

  /**
   * Stripe's billing cycle: the subscription moves to its next month and charges the saved card (declined when
   * the card declines later charges). Answers the cycle's invoice.
   */
  renew(subscriptionId: string): FakeInvoice {
    const subscription = this.subscriptions.get(subscriptionId)!;
    const item = subscription.items.data[0];
    item.current_period_start = item.current_period_end;
    item.current_period_end = monthAfter(item.current_period_start);
    const invoice = this.invoice(
      subscription,
      'subscription_cycle',
      this.discounted(subscription.id, item.price.unit_amount),
      {
        start: item.current_period_start,
        end: item.current_period_end,
      },
    );
    this.charge(subscription, invoice);
    if (invoice.status !== 'paid') subscription.status = 'past_due';
    return invoice;
  }

  intentOfInvoice(invoiceId: string): BillingIntent {
    return this.intents.get(this.intentOf.get(invoiceId)!)!;
  }

  answer(
    method: string,
    path: string,
    query: Record<string, unknown>,
    body: Record<string, unknown>,
    key: string,
  ): Answer | null {
    if (method === 'POST' && key && this.byKey.has(`${path}|${key}`)) return [200, this.byKey.get(`${path}|${key}`)];
    const answer = this.route(method, path, query, body);
    if (answer && method === 'POST' && key && answer[0] === 200) this.byKey.set(`${path}|${key}`, answer[1]);
    return answer;
  }

  private route(
    method: string,
    path: string,
    query: Record<string, unknown>,
    body: Record<string, unknown>,
  ): Answer | null {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: (body.email as string) ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
      };
      this.customers.set(customer.id, customer);
      return [200, customer];
    }
    const product = /^\/v1\/products\/([^/]+)$/.exec(path);
    if (method === 'GET' && product) {
      const found = this.products.get(product[1]);
      return found ? [200, { object: 'product', ...found }] : missing('product', product[1]);
    }
    if (method === 'POST' && path === '/v1/products') {
      const made = { id: String(body.id ?? id('prod')), name: String(body.name) };
      this.products.set(made.id, made);
      return [200, { object: 'product', ...made }];
    }
    if (method === 'GET' && path === '/v1/prices') {
      const keys = Object.values((query.lookup_keys as Record<string, string>) ?? {});
      return list(
        [...this.prices.values()].filter(
          (price) => price.active && price.lookup_key && keys.includes(price.lookup_key),
        ),
      );
    }
    if (method === 'POST' && path === '/v1/prices') return this.createPrice(body);
    if (method === 'POST' && path === '/v1/coupons') {
      const coupon: FakeCoupon = {
        id: id('coupon'),
        object: 'coupon',
        amount_off: Number(body.amount_off),
        currency: String(body.currency),
        duration: body.duration as FakeCoupon['duration'],
        duration_in_months: body.duration_in_months === undefined ? null : Number(body.duration_in_months),
        name: (body.name as string) ?? null,
      };
      this.coupons.set(coupon.id, coupon);
      return [200, coupon];
    }
    if (method === 'POST' && path === '/v1/subscriptions') return this.createSubscription(body);
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscription) {
      const found = this.subscriptions.get(subscription[1]);
      if (!found) return missing('subscription', subscription[1]);
      if (method === 'GET') return [200, found];
      if (method === 'DELETE') {
        if (found.status === 'canceled')
          return [400, { error: { type: 'invalid_request_error', message: 'This subscription is already canceled.' } }];
        found.status = 'canceled';
        return [200, found];
      }
      if (method === 'POST') return this.updateSubscription(found, body);
    }
    const invoice = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (invoice && method === 'GET') {
      const found = this.invoices.get(invoice[1]);
      return found ? [200, found] : missing('invoice', invoice[1]);
    }
    if (method === 'GET' && path === '/v1/invoices') {
      return list(
        [...this.invoices.values()]
          .filter((invoice) => invoice.parent.subscription_details.subscription === query.subscription)
          .filter((invoice) => !query.status || invoice.status === query.status)
          .reverse(),
      );
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const intent = this.intentOf.get(String(query.invoice));
      return list(
        intent
          ? [
              {
                id: id('inpay'),
                object: 'invoice_payment',
                invoice: query.invoice,
                payment: { type: 'payment_intent', payment_intent: intent },
              },
            ]
          : [],
      );
    }
    return null;
  }

  private createPrice(body: Record<string, unknown>): Answer {
    const lookupKey = (body.lookup_key as string) ?? null;
    if (lookupKey) {
      const holder = [...this.prices.values()].find((price) => price.lookup_key === lookupKey);
      if (holder && body.transfer_lookup_key !== 'true')
        return [
          400,
          { error: { type: 'invalid_request_error', message: `A price (${holder.id}) already uses that lookup key.` } },
        ];
      if (holder) holder.lookup_key = null;
    }
    const recurring = body.recurring as Record<string, string>;
    const price: FakePrice = {
      id: id('price'),
      object: 'price',
      product: String(body.product),
      currency: String(body.currency),
      unit_amount: Number(body.unit_amount),
      recurring: { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) },
      lookup_key: lookupKey,
      active: true,
      nickname: (body.nickname as string) ?? null,
    };
    this.prices.set(price.id, price);
    return [200, price];
  }

  private createSubscription(body: Record<string, unknown>): Answer {
    const items = Object.values(body.items as Record<string, { price: string }>);
    const price = this.prices.get(items[0].price);
    if (!price) return missing('price', items[0].price);
    if (!this.customers.has(String(body.customer))) return missing('customer', String(body.customer));
    const now = seconds(new Date());
    const subscription: FakeSubscription = {
      id: id('sub'),
      object: 'subscription',
      customer: String(body.customer),
      status: 'incomplete',
      cancel_at_period_end: false,
      description: (body.description as string) ?? null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price,
            current_period_start: now,
            current_period_end: monthAfter(now),
          },
        ],
      },
      latest_invoice: null,
    };
    this.subscriptions.set(subscription.id, subscription);
    const coupons = Object.values((body.discounts as Record<string, { coupon: string }>) ?? {});
    for (const { coupon: couponId } of coupons) if (!this.coupons.has(couponId)) return missing('coupon', couponId);
    this.discounts.set(
      subscription.id,
      coupons.map(({ coupon: couponId }) => {
        const coupon = this.coupons.get(couponId) as FakeCoupon;
        const left =
          coupon.duration === 'forever'
            ? Number.POSITIVE_INFINITY
            : coupon.duration === 'once'
              ? 1
              : (coupon.duration_in_months ?? 1);
        return { coupon, left };
      }),
    );
    const invoice = this.invoice(
      subscription,
      'subscription_create',
      this.discounted(subscription.id, price.unit_amount),
      {
        start: now,
        end: monthAfter(now),
      },
    );
    return [200, this.expanded(subscription, invoice, body.expand)];
  }

  private updateSubscription(subscription: FakeSubscription, body: Record<string, unknown>): Answer {
    if (subscription.status === 'canceled')
      return [
        400,
        { error: { type: 'invalid_request_error', message: 'A canceled subscription can only update its metadata.' } },
      ];
    if (body.cancel_at_period_end !== undefined)
      subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
    const metadata = { ...subscription.metadata, ...((body.metadata as Record<string, string>) ?? {}) };
    const change = body.items ? Object.values(body.items as Record<string, { id: string; price: string }>)[0] : null;
    if (!change) {
      subscription.metadata = metadata;
      return [200, subscription];
    }
    const item = subscription.items.data.find((candidate) => candidate.id === change.id);
    const price = this.prices.get(change.price);
    if (!item || !price) return missing(item ? 'price' : 'subscription item', item ? change.price : change.id);
    if (body.proration_behavior !== 'always_invoice') {
      Object.assign(item, { price });
      subscription.metadata = metadata;
      return [200, subscription];
    }
    const now = seconds(new Date());
    const left = (item.current_period_end - now) / (item.current_period_end - item.current_period_start);
    const amount = Math.round((price.unit_amount - item.price.unit_amount) * left);
    if (this.declining.has(subscription.id) && body.payment_behavior === 'error_if_incomplete')
      return [402, { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } }];
    Object.assign(item, { price });
    subscription.metadata = metadata;
    const invoice = this.invoice(subscription, 'subscription_update', amount, {
      start: now,
      end: item.current_period_end,
    });
    this.charge(subscription, invoice);
    return [200, this.expanded(subscription, invoice, body.expand)];
  }

  private invoice(
    subscription: FakeSubscription,
    reason: string,
    amount: number,
    period: { start: number; end: number },
  ): FakeInvoice {
    const intent: BillingIntent = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: 'usd',
      description: null,
      metadata: {},
      status: 'requires_payment_method',
      client_secret: '',
      last_payment_error: null,
      latest_charge: null,
      receipt_email: null,
      canceled_at: null,
      cancellation_reason: null,
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`;
    this.intents.set(intent.id, intent);
    const invoice: FakeInvoice = {
      id: id('in'),
      object: 'invoice',
      billing_reason: reason,
      status: 'open',
      currency: 'usd',
      amount_due: amount,
      amount_paid: 0,
      // Stripe dates a cycle invoice by the month that ended, its lines by the month billed
      period_start: period.start - 30 * DAY,
      period_end: period.start,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
      },
      lines: { object: 'list', data: [{ id: id('il'), amount, period }] },
      confirmation_secret: { type: 'payment_intent', client_secret: intent.client_secret },
      created: seconds(new Date()),
    };
    this.invoices.set(invoice.id, invoice);
    this.intentOf.set(invoice.id, intent.id);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  /** a monthly invoice's amount less the subscription's coupons still running, each then counting one invoice */
  private discounted(subscriptionId: string, amount: number): number {
    let due = amount;
    for (const discount of this.discounts.get(subscriptionId) ?? []) {
      if (discount.left <= 0) continue;
      due -= discount.coupon.amount_off;
      discount.left--;
    }
    return Math.max(0, due);
  }

  /** the saved card pays the invoice at once, or is declined */
  private charge(subscription: FakeSubscription, invoice: FakeInvoice): void {
    const intent = this.intentOfInvoice(invoice.id);
    if (this.declining.has(subscription.id)) {
      Object.assign(intent, { last_payment_error: { message: 'Your card was declined.', type: 'card_error' } });
      return;
    }
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: `ch_${intent.id.slice(3)}`,
    });
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due });
  }

  private expanded(subscription: FakeSubscription, invoice: FakeInvoice, expand: unknown): unknown {
    const paths = Object.values((expand as Record<string, string>) ?? {});
    return paths.some((path) => path.startsWith('latest_invoice'))
      ? { ...subscription, latest_invoice: invoice }
      : subscription;
  }
}
