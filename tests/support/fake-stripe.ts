import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** the form-encoded body, decoded (metadata[a]=b becomes { metadata: { a: 'b' } }) */
  body: Record<string, unknown>;
}

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  description: string | null;
  metadata: Record<string, string>;
  status: string;
  client_secret: string;
  last_payment_error: { message: string; type: string } | null;
  latest_charge: string | null;
}

export const FAKE_STRIPE_KEY = 'sk_test_fake_local';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_local_secret';

function decodeForm(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let target = result;
    for (const part of parts.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
    target[parts[parts.length - 1]] = value;
  }
  return result;
}

/** A local stand-in for the Stripe API endpoints the gateway uses, recording what it was sent. */
export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly intents = new Map<string, FakeIntent>();
  private readonly byKey = new Map<string, string>();
  /** the next answer is this error instead */
  private injected: { status: number; error: Record<string, unknown> } | undefined;
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0];
        this.requests.push({ method: req.method ?? '', path, headers: req.headers, body: decodeForm(text) });
        const [status, payload] = this.answer(req, path, decodeForm(text));
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
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
    Object.assign(intent, { status: 'succeeded', last_payment_error: null, latest_charge: `ch_${id.slice(3)}` });
    return intent;
  }

  decline(id: string, message = 'Your card was declined.'): FakeIntent {
    const intent = this.intents.get(id)!;
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { message, type: 'card_error' } });
    return intent;
  }

  /** A webhook delivery signed as Stripe signs it; `secret` and `timestamp` let a test get them wrong. */
  signedEvent(type: string, object: unknown, options: { id?: string; secret?: string; timestamp?: number } = {}): { body: string; signature: string; id: string } {
    const id = options.id ?? `evt_${randomBytes(8).toString('hex')}`;
    const body = JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), data: { object } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: options.secret ?? FAKE_WEBHOOK_SECRET, timestamp: options.timestamp });
    return { body, signature, id };
  }

  private answer(req: IncomingMessage, path: string, body: Record<string, unknown>): [number, unknown] {
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
        currency: String(body.currency),
        description: (body.description as string) ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        last_payment_error: null,
        latest_charge: null,
      };
      this.intents.set(id, intent);
      if (key) this.byKey.set(key, id);
      return [200, intent];
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && retrieve) {
      const intent = this.intents.get(retrieve[1]);
      if (!intent) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${retrieve[1]}'` } }];
      return [200, intent];
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const intent = this.intents.get(String(body.payment_intent));
      if (!intent || intent.status !== 'succeeded') {
        return [400, { error: { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This PaymentIntent does not have a successful charge to refund.' } }];
      }
      return [200, { id: `re_${intent.id.slice(3)}`, object: 'refund', payment_intent: intent.id, amount: intent.amount, status: 'succeeded' }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` } }];
  }
}
