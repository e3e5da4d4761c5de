import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Catalogue } from '../../core/catalogue/model/catalogue.ts';
import { sellableItems } from '../../adapters/payments/tebex/tebex-packages.ts';
import { tebexSignature } from '../../adapters/payments/tebex/tebex-webhooks.ts';

export const FAKE_TEBEX_TOKEN = 'fake-webstore-token';
export const FAKE_TEBEX_PRIVATE_KEY = 'fake-private-key-0123456789';
export const FAKE_TEBEX_WEBHOOK_SECRET = 'fake-tebex-webhook-secret';

interface FakePackage {
  id: number;
  name: string;
  type: string;
  base_price: number;
  total_price: number;
  currency: string;
}

interface FakeBasket {
  ident: string;
  complete: boolean;
  username_id: string | null;
  username: string | null;
  base_price: number;
  total_price: number;
  currency: string;
  packages: Array<{ id: number; name: string; in_basket: { quantity: number; price: number }; custom?: object }>;
  links: { checkout?: string; payment?: string };
  custom: Record<string, unknown> | null;
  complete_url: string;
  cancel_url: string;
  ip: string | null;
  /** the package type asked for (single or subscription) */
  type: string | null;
  transactionId: string | null;
  recurringReference: string | null;
  /** the coupon codes applied, and the dollars they take off */
  coupons: Array<{ code: string; off: number }>;
  creator_code: string | null;
}

/**
 * Tebex on loopback: the Headless API calls the store makes (packages, baskets, the basket's sign-in, adding a
 * package), a sign-in page and a checkout page a browser can use, and Tebex's signed webhooks, sent to the site
 * in Tebex's format. The webstore sells every catalogue item under its own name and price.
 */
export class FakeTebex {
  packages: FakePackage[];
  readonly baskets = new Map<string, FakeBasket>();
  /** the webstore's own coupon codes (in capitals), each with the dollars it takes off a basket */
  readonly coupons = new Map<string, number>();
  /** FiveM webstores ask the buyer to sign in (Cfx.re) before a package goes in the basket */
  requireSignIn = true;
  /** the creator codes Tebex's creator program knows (any case); others are refused */
  readonly creatorCodes = new Set<string>();
  /** where webhooks go (the site's /api/tebex/webhook) */
  webhookUrl = '';
  /** every webhook sent: its body and the site's answer */
  readonly sent: Array<{ type: string; body: string; status: number }> = [];
  private server: Server | undefined;
  private transactions = 0;

  constructor() {
    let id = 6_100_000;
    this.packages = sellableItems(new Catalogue()).map((item) => ({
      id: ++id,
      name: item.name,
      type: item.key.includes(':') || !isTier(item.key) ? 'single' : 'subscription',
      base_price: item.priceCents / 100,
      total_price: item.priceCents / 100,
      currency: 'USD',
    }));
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo | undefined;
    if (!address) throw new Error('the fake Tebex is not started');
    return `http://127.0.0.1:${address.port}`;
  }

  packageNamed(name: string): FakePackage {
    const found = this.packages.find((pkg) => pkg.name === name);
    if (!found) throw new Error(`no package ${name}`);
    return found;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ title: 'Server Error', status: 500, detail: String(error) }));
      });
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((done) => (this.server ? this.server.close(() => done()) : done()));
  }

  /** the buyer signs in to the basket (as Tebex's Cfx.re sign-in would) */
  signIn(ident: string, username = 'CfxPlayer'): void {
    const basket = this.basket(ident);
    basket.username = username;
    basket.username_id = String(4_000_000 + this.baskets.size);
  }

  /** the buyer pays on the checkout page: the basket completes and Tebex's webhooks go out */
  async pay(ident: string): Promise<{ transactionId: string }> {
    const basket = this.basket(ident);
    if (basket.packages.length === 0) throw new Error('nothing in the basket');
    basket.complete = true;
    basket.transactionId = `tbx-${++this.transactions}${randomUUID().slice(0, 6)}`;
    delete basket.links.checkout;
    basket.links.payment = `${this.url}/payments/${basket.transactionId}`;
    if (basket.type === 'subscription') basket.recurringReference = `tbx-r-${randomUUID().slice(0, 12)}`;
    await this.send('payment.completed', this.payment(basket, basket.transactionId));
    if (basket.recurringReference)
      await this.send('recurring-payment.started', this.recurring(basket, basket.transactionId));
    return { transactionId: basket.transactionId };
  }

  /** a paid basket's body for `type`, signed as Tebex signs, without sending it; `date`: when Tebex says it happened */
  webhook(
    type: string,
    subject: unknown,
    id: string = randomUUID(),
    date: Date = new Date(),
  ): { body: string; signature: string } {
    const body = JSON.stringify({ id, type, date: date.toISOString(), subject });
    return { body, signature: tebexSignature(FAKE_TEBEX_WEBHOOK_SECRET, body) };
  }

  /** the payment subject of a basket's transaction (Tebex's webhook payment object) */
  payment(basket: FakeBasket, transactionId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
    const off = basket.coupons.reduce((sum, coupon) => sum + coupon.off, 0);
    const amount = Math.max(0, Math.round((basket.base_price - off) * 100) / 100);
    const money = (value: number) => ({ amount: value, currency: 'USD' });
    return {
      transaction_id: transactionId,
      status: { id: 1, description: 'Complete' },
      payment_sequence: basket.recurringReference ? 'initial' : 'oneoff',
      created_at: new Date().toISOString(),
      price: money(amount),
      price_paid: money(amount),
      payment_method: { name: 'Card', refundable: true },
      fees: { tax: money(0), gateway: money(0.5) },
      customer: {
        first_name: 'Bayou',
        last_name: 'Player',
        email: 'player@example.com',
        ip: basket.ip ?? '127.0.0.1',
        username: { id: basket.username_id ?? '0', username: basket.username ?? '' },
        marketing_consent: false,
        country: 'US',
        postal_code: '70112',
      },
      products: basket.packages.map((pkg) => ({
        id: pkg.id,
        name: pkg.name,
        quantity: pkg.in_basket.quantity,
        base_price: money(pkg.in_basket.price),
        paid_price: money(Math.max(0, pkg.in_basket.price - off)),
        variables: [],
        expires_at: null,
        custom: pkg.custom ?? null,
        username: { id: basket.username_id ?? '0', username: basket.username ?? '' },
      })),
      coupons: basket.coupons.map((coupon) => ({ code: coupon.code })),
      gift_cards: [],
      creator_code: basket.creator_code,
      recurring_payment_reference: basket.recurringReference,
      decline_reason: null,
      custom: basket.custom,
      ...overrides,
    };
  }

  /** a recurring payment subject; `last` is the month just paid (a renewal's own transaction) */
  recurring(basket: FakeBasket, lastTransaction: string, nextPaymentAt = new Date(Date.now() + 30 * 86_400_000)) {
    const initial = this.payment(basket, basket.transactionId as string);
    return {
      reference: basket.recurringReference,
      created_at: initial.created_at,
      next_payment_at: nextPaymentAt.toISOString(),
      status: { id: 2, description: 'Active' },
      initial_payment: initial,
      last_payment: { ...this.payment(basket, lastTransaction), payment_sequence: 'renewal' },
      fail_count: 0,
      price: { amount: basket.base_price, currency: 'USD' },
      cancelled_at: null,
      cancel_reason: null,
    };
  }

  /** Tebex renews a membership: a new transaction, reported as recurring-payment.renewed */
  async renew(
    ident: string,
    nextPaymentAt?: Date,
  ): Promise<{ transactionId: string; body: string; signature: string }> {
    const basket = this.basket(ident);
    const transactionId = `tbx-${++this.transactions}${randomUUID().slice(0, 6)}`;
    const delivery = this.webhook('recurring-payment.renewed', this.recurring(basket, transactionId, nextPaymentAt));
    await this.post(delivery, 'recurring-payment.renewed');
    return { transactionId, ...delivery };
  }

  /** sends a webhook about a basket's payment, as Tebex would */
  async send(type: string, subject: unknown): Promise<number> {
    return this.post(this.webhook(type, subject), type);
  }

  async post(delivery: { body: string; signature: string }, type = 'webhook'): Promise<number> {
    const response = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': delivery.signature },
      body: delivery.body,
    });
    await response.text();
    this.sent.push({ type, body: delivery.body, status: response.status });
    return response.status;
  }

  basket(ident: string): FakeBasket {
    const basket = this.baskets.get(ident);
    if (!basket) throw new Error(`no basket ${ident}`);
    return basket;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const parts = url.pathname.split('/').filter(Boolean);
    const body = await readBody(req);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const html = (status: number, page: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
    };
    if (parts[0] === 'api') {
      const expected = `Basic ${Buffer.from(`${FAKE_TEBEX_TOKEN}:${FAKE_TEBEX_PRIVATE_KEY}`).toString('base64')}`;
      if (req.headers.authorization !== expected)
        return json(401, { title: 'Unauthorized', status: 401, detail: 'Invalid credentials' });
      // /api/accounts/{token}/...
      if (parts[1] === 'accounts') {
        if (parts[2] !== FAKE_TEBEX_TOKEN)
          return json(404, { title: 'Not Found', status: 404, detail: 'No such webstore' });
        const rest = parts.slice(3);
        if (rest[0] === 'packages' && req.method === 'GET') {
          if (rest.length === 1) return json(200, { data: this.packages });
          const pkg = this.packages.find((candidate) => candidate.id === Number(rest[1]));
          return pkg
            ? json(200, { data: pkg })
            : json(404, { title: 'Not Found', status: 404, detail: 'No such package' });
        }
        if (rest[0] === 'baskets' && rest.length === 1 && req.method === 'POST') {
          const input = JSON.parse(body || '{}') as Record<string, unknown>;
          const ident = `${randomUUID().replace(/-/g, '').slice(0, 20)}-${this.baskets.size}`;
          const basket: FakeBasket = {
            ident,
            complete: false,
            username_id: null,
            username: null,
            base_price: 0,
            total_price: 0,
            currency: 'USD',
            packages: [],
            links: { checkout: `${this.url}/checkout/${ident}` },
            custom: (input.custom as Record<string, unknown>) ?? null,
            complete_url: String(input.complete_url ?? ''),
            cancel_url: String(input.cancel_url ?? ''),
            ip: typeof input.ip_address === 'string' ? input.ip_address : null,
            type: null,
            transactionId: null,
            recurringReference: null,
            coupons: [],
            creator_code: null,
          };
          this.baskets.set(ident, basket);
          return json(200, { data: view(basket) });
        }
        if (rest[0] === 'baskets' && rest.length >= 2) {
          const basket = this.baskets.get(rest[1]);
          if (!basket) return json(404, { title: 'Not Found', status: 404, detail: 'No such basket' });
          if (rest.length === 2) return json(200, { data: view(basket) });
          if (rest[2] === 'coupons' && req.method === 'POST') {
            const code = String(
              (JSON.parse(body || '{}') as { coupon_code?: unknown }).coupon_code ?? '',
            ).toUpperCase();
            const off = this.coupons.get(code);
            if (off === undefined)
              return json(422, { title: 'Unprocessable', status: 422, detail: 'Coupon code not found or expired' });
            basket.coupons.push({ code, off });
            return json(200, { success: true, message: 'Coupon applied' });
          }
          if (rest[2] === 'creator-codes' && req.method === 'POST') {
            if (rest[3] === 'remove') {
              basket.creator_code = null;
              return json(200, { success: true, message: 'Creator code removed' });
            }
            const code = String((JSON.parse(body || '{}') as { creator_code?: unknown }).creator_code ?? '');
            const known = [...this.creatorCodes].some((candidate) => candidate.toLowerCase() === code.toLowerCase());
            if (!known) return json(422, { title: 'Unprocessable', status: 422, detail: 'Invalid creator code' });
            basket.creator_code = code;
            return json(200, { success: true, message: 'Creator code applied' });
          }
          if (rest[2] === 'auth') {
            const back = url.searchParams.get('returnUrl') ?? '';
            if (!this.requireSignIn || basket.username) return json(200, []);
            return json(200, [
              { name: 'FiveM', url: `${this.url}/login/${basket.ident}?return=${encodeURIComponent(back)}` },
            ]);
          }
        }
      }
      // /api/baskets/{ident}/packages
      if (parts[1] === 'baskets' && parts[3] === 'packages' && req.method === 'POST') {
        const basket = this.baskets.get(parts[2]);
        if (!basket) return json(404, { title: 'Not Found', status: 404, detail: 'No such basket' });
        if (this.requireSignIn && !basket.username)
          return json(422, {
            title: 'Unprocessable',
            status: 422,
            detail: 'User must login before adding packages to basket',
          });
        const input = JSON.parse(body || '{}') as {
          package_id: number;
          quantity: number;
          type?: string;
          custom?: object;
        };
        const pkg = this.packages.find((candidate) => candidate.id === input.package_id);
        if (!pkg) return json(404, { title: 'Not Found', status: 404, detail: 'No such package' });
        if (!basket.packages.some((entry) => entry.id === pkg.id)) {
          basket.packages.push({
            id: pkg.id,
            name: pkg.name,
            in_basket: { quantity: 1, price: pkg.base_price },
            custom: input.custom,
          });
          basket.base_price += pkg.base_price;
          basket.total_price += pkg.total_price;
          basket.type = input.type ?? 'single';
        }
        return json(200, { data: view(basket) });
      }
      return json(404, { title: 'Not Found', status: 404, detail: `No route ${req.method} ${url.pathname}` });
    }
    // the pages a browser sees: Tebex's sign-in and checkout
    if (parts[0] === 'login' && parts[1]) {
      const basket = this.baskets.get(parts[1]);
      const back = url.searchParams.get('return') ?? '';
      if (!basket) return html(404, '<p>No such basket</p>');
      if (req.method === 'POST') {
        this.signIn(basket.ident);
        res.writeHead(302, { location: back });
        return void res.end();
      }
      return html(
        200,
        page('Sign in with Cfx.re', `<form method="post"><button type="submit">Sign in with Cfx.re</button></form>`),
      );
    }
    if (parts[0] === 'checkout' && parts[1]) {
      const basket = this.baskets.get(parts[1]);
      if (!basket) return html(404, '<p>No such basket</p>');
      if (req.method === 'POST') {
        await this.pay(basket.ident);
        res.writeHead(302, { location: basket.complete_url });
        return void res.end();
      }
      const lines = basket.packages
        .map((pkg) => `<li>${escapeHtml(pkg.name)}: $${pkg.in_basket.price.toFixed(2)}</li>`)
        .join('');
      return html(
        200,
        page(
          'Tebex Checkout',
          `<ul>${lines}</ul><form method="post"><button type="submit">Pay $${basket.total_price.toFixed(2)}</button></form>`,
        ),
      );
    }
    return html(404, '<p>Not found</p>');
  }
}

function isTier(key: string): boolean {
  return new Catalogue().list('whitelist').some((tier) => tier.id === key);
}

function view(basket: FakeBasket) {
  const { complete_url, cancel_url, ip, type, transactionId, recurringReference, ...shown } = basket;
  return { ...shown, complete_url, cancel_url, ip };
}

function page(title: string, content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body><h1>${title}</h1>${content}</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
