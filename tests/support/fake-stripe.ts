import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { type BillingIntent, FakeBilling } from './fake-stripe-billing.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** the form-encoded body, decoded (metadata[a]=b becomes { metadata: { a: 'b' } }) */
  body: Record<string, unknown>;
}

type FakeIntent = BillingIntent;

/** The statuses in which Stripe lets an intent's amount change. */
const AMOUNT_UPDATABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

export const FAKE_STRIPE_KEY = 'sk_test_fake_local';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_local_secret';

function decodeForm(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let target = result;
    for (const part of parts.slice(0, -1)) {
      target[part] ??= {};
      target = target[part] as Record<string, unknown>;
    }
    target[parts[parts.length - 1]] = value;
  }
  return result;
}

/** A local stand-in for the Stripe API endpoints the gateway uses, recording what it was sent. */
export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly intents = new Map<string, FakeIntent>();
  private readonly byKey = new Map<string, string>();
  /** Stripe Billing: prices, subscriptions and their invoices */
  readonly billing = new FakeBilling(this.intents);
  /** the next answer is this error instead */
  private injected: { status: number; error: Record<string, unknown> } | undefined;
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        const [path, query = ''] = (req.url ?? '').split('?');
        this.requests.push({ method: req.method ?? '', path, headers: req.headers, body: decodeForm(text) });
        const [status, payload] = this.answer(req, path, decodeForm(text), decodeForm(query));
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
        });
        res.end(JSON.stringify(payload));
      });
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((done) => (this.server ? this.server.close(() => done()) : done()));
  }

  failNext(status: number, error: Record<string, unknown>): void {
    this.injected = { status, error };
  }

  /** the buyer paid (as Stripe.js confirming the card would do) */
  succeed(id: string): FakeIntent {
    const intent = this.intents.get(id)!;
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      last_payment_error: null,
      latest_charge: `ch_${id.slice(3)}`,
    });
    this.billing.paid(id);
    return intent;
  }

  decline(id: string, message = 'Your card was declined.'): FakeIntent {
    const intent = this.intents.get(id)!;
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { message, type: 'card_error' } });
    return intent;
  }

  /** the buyer's bank is still settling the payment */
  process(id: string): FakeIntent {
    return Object.assign(this.intents.get(id)!, { status: 'processing', last_payment_error: null });
  }

  /** canceled on Stripe's side (e.g. from the Dashboard) */
  cancel(id: string, reason = 'abandoned'): FakeIntent {
    return Object.assign(this.intents.get(id)!, {
      status: 'canceled',
      canceled_at: Math.floor(Date.now() / 1000),
      cancellation_reason: reason,
    });
  }

  /** The requests that created an intent (each POST to /v1/payment_intents, retries and repeats included). */
  creations(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
  }

  /** A webhook delivery signed as Stripe signs it; `secret` and `timestamp` let a test get them wrong. */
  signedEvent(
    type: string,
    object: unknown,
    options: { id?: string; secret?: string; timestamp?: number } = {},
  ): { body: string; signature: string; id: string } {
    const id = options.id ?? `evt_${randomBytes(8).toString('hex')}`;
    const body = JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: options.secret ?? FAKE_WEBHOOK_SECRET,
      timestamp: options.timestamp,
    });
    return { body, signature, id };
  }

  private answer(
    req: IncomingMessage,
    path: string,
    body: Record<string, unknown>,
    query: Record<string, unknown>,
  ): [number, unknown] {
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
      return [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }];
    }
    if (this.injected) {
      const { status, error } = this.injected;
      this.injected = undefined;
      return [status, { error }];
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const key = String(req.headers['idempotency-key'] ?? '');
      const existing = key ? this.byKey.get(key) : undefined;
      if (existing) return [200, this.intents.get(existing)];
      const id = `pi_${randomBytes(10).toString('hex')}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(body.amount),
        amount_received: 0,
        currency: String(body.currency),
        description: (body.description as string) ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        last_payment_error: null,
        latest_charge: null,
        receipt_email: (body.receipt_email as string) || null,
        canceled_at: null,
        cancellation_reason: null,
      };
      this.intents.set(id, intent);
      if (key) this.byKey.set(key, id);
      return [200, intent];
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && retrieve) {
      const intent = this.intents.get(retrieve[1]);
      if (!intent)
        return [
          404,
          {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such payment_intent: '${retrieve[1]}'`,
            },
          },
        ];
      return [200, intent];
    }
    if (req.method === 'POST' && retrieve) return this.update(retrieve[1], body);
    if (req.method === 'POST' && path === '/v1/refunds') {
      const intent = this.intents.get(String(body.payment_intent));
      if (intent?.status !== 'succeeded') {
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'charge_not_refundable',
              message: 'This PaymentIntent does not have a successful charge to refund.',
            },
          },
        ];
      }
      return [
        200,
        {
          id: `re_${intent.id.slice(3)}`,
          object: 'refund',
          payment_intent: intent.id,
          amount: intent.amount,
          status: 'succeeded',
        },
      ];
    }
    const billed = this.billing.answer(
      req.method ?? '',
      path,
      query,
      body,
      String(req.headers['idempotency-key'] ?? ''),
    );
    if (billed) return billed;
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` } },
    ];
  }

  /** POST /v1/payment_intents/:id as Stripe answers it: metadata merges (an empty value unsets a key), the amount changes only before payment. */
  private update(id: string, body: Record<string, unknown>): [number, unknown] {
    const intent = this.intents.get(id);
    if (!intent)
      return [
        404,
        {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'intent',
            message: `No such payment_intent: '${id}'`,
          },
        },
      ];
    const unexpected = (message: string) =>
      [400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message } }] as [
        number,
        unknown,
      ];
    if (intent.status === 'canceled')
      return unexpected(`This PaymentIntent could not be updated because it has a status of canceled.`);
    if (body.amount !== undefined) {
      if (!AMOUNT_UPDATABLE.includes(intent.status)) {
        return unexpected(
          `This PaymentIntent's amount could not be updated because it has a status of ${intent.status}. You may only update the amount of a PaymentIntent with one of the following statuses: ${AMOUNT_UPDATABLE.join(', ')}.`,
        );
      }
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 50)
        return [
          400,
          { error: { type: 'invalid_request_error', param: 'amount', message: 'Amount must be at least $0.50 usd' } },
        ];
      intent.amount = amount;
    }
    if (typeof body.description === 'string') intent.description = body.description || null;
    if (typeof body.receipt_email === 'string') intent.receipt_email = body.receipt_email || null;
    if (body.metadata === '') intent.metadata = {};
    else if (body.metadata && typeof body.metadata === 'object') {
      for (const [key, value] of Object.entries(body.metadata as Record<string, string>)) {
        if (value === '') delete intent.metadata[key];
        else intent.metadata[key] = value;
      }
    }
    return [200, intent];
  }
}
