import { DomainError } from '../../../core/shared/errors.ts';

/** Tebex's Headless API address; only a test stand-in changes it. */
export const TEBEX_HEADLESS_API = 'https://headless.tebex.io';

export interface TebexSettings {
  /** the webstore's public token (its identifier) */
  publicToken: string;
  /** the private key: with the public token, the basic credentials of calls made from a server */
  privateKey: string;
  apiBase: string;
  timeoutMs?: number;
}

/** A webstore package, as the Headless API lists it (dollars as decimals). */
export interface TebexPackage {
  id: number;
  name: string;
  /** 'single', 'subscription' or 'both' */
  type: string;
  base_price: number;
  total_price: number;
  currency: string;
}

export interface TebexBasket {
  ident: string;
  complete: boolean;
  username_id: number | string | null;
  username: string | null;
  base_price: number;
  total_price: number;
  currency: string;
  packages: Array<{ id: number; name: string; in_basket: { quantity: number; price: number } }>;
  links: { checkout?: string; payment?: string };
  custom: Record<string, unknown> | null;
  /** the coupons applied to the basket */
  coupons?: unknown[];
  /** the creator code Tebex took for the basket, if any */
  creator_code?: string | null;
}

export interface NewBasket {
  complete_url: string;
  cancel_url: string;
  custom: Record<string, string>;
  complete_auto_redirect: boolean;
  ip_address?: string;
}

/**
 * The few Headless API calls the store makes: packages, baskets, the basket's sign-in links, adding a package.
 * Answers are unwrapped from Tebex's `{ data }`; failures become DomainErrors a buyer or an owner can act on.
 */
export class TebexClient {
  private readonly base: string;
  private readonly auth: string;

  constructor(private readonly settings: TebexSettings) {
    this.base = settings.apiBase.replace(/\/$/, '');
    this.auth = `Basic ${Buffer.from(`${settings.publicToken}:${settings.privateKey}`).toString('base64')}`;
  }

  private account(path: string): string {
    return `${this.base}/api/accounts/${encodeURIComponent(this.settings.publicToken)}${path}`;
  }

  listPackages(): Promise<TebexPackage[]> {
    return this.data<TebexPackage[]>('GET', this.account('/packages'));
  }

  getPackage(id: number): Promise<TebexPackage> {
    return this.data<TebexPackage>('GET', this.account(`/packages/${id}`));
  }

  /** made from the server, so the buyer's address goes with it (else Tebex would price for the server's) */
  createBasket(basket: NewBasket): Promise<TebexBasket> {
    return this.data<TebexBasket>('POST', this.account('/baskets'), basket);
  }

  getBasket(ident: string): Promise<TebexBasket> {
    return this.data<TebexBasket>('GET', this.account(`/baskets/${encodeURIComponent(ident)}`));
  }

  /** where the buyer signs in to the basket (FiveM stores: their Cfx.re account); empty when the store needs none */
  async authLinks(ident: string, returnUrl: string): Promise<Array<{ name: string; url: string }>> {
    const url = this.account(`/baskets/${encodeURIComponent(ident)}/auth?returnUrl=${encodeURIComponent(returnUrl)}`);
    const answer = await this.request<unknown>('GET', url);
    const list = Array.isArray(answer) ? answer : ((answer as { data?: unknown })?.data ?? []);
    return Array.isArray(list) ? (list as Array<{ name: string; url: string }>) : [];
  }

  /** Tebex refuses (TEBEX_REFUSED) a code its creator program does not know */
  async applyCreatorCode(ident: string, code: string): Promise<void> {
    await this.request('POST', this.account(`/baskets/${encodeURIComponent(ident)}/creator-codes`), {
      creator_code: code,
    });
  }

  async removeCreatorCode(ident: string): Promise<void> {
    await this.request('POST', this.account(`/baskets/${encodeURIComponent(ident)}/creator-codes/remove`), {});
  }

  addPackage(
    ident: string,
    body: { package_id: number; quantity: number; type?: string; custom?: Record<string, string> },
  ): Promise<TebexBasket> {
    return this.data<TebexBasket>('POST', `${this.base}/api/baskets/${encodeURIComponent(ident)}/packages`, body);
  }

  /** applies a creator's coupon code to the basket; Tebex refuses (a conflict) a code it does not take */
  async applyCoupon(ident: string, code: string): Promise<void> {
    await this.request<unknown>('POST', this.account(`/baskets/${encodeURIComponent(ident)}/coupons`), {
      coupon_code: code,
    });
  }

  private async data<T>(method: string, url: string, body?: unknown): Promise<T> {
    const answer = await this.request<{ data: T }>(method, url, body);
    return answer.data;
  }

  private async request<T>(method: string, url: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          authorization: this.auth,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 15_000),
      });
    } catch {
      throw new DomainError('TEBEX_UNREACHABLE', 'unavailable', 'Tebex could not be reached. Please try again.');
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (response.ok) return parsed as T;
    const detail = tebexMessage(parsed);
    if (response.status === 401 || response.status === 403)
      throw new DomainError(
        'TEBEX_CREDENTIALS',
        'unavailable',
        'Tebex payments are unavailable: Tebex refused the store credentials (TEBEX_PUBLIC_TOKEN, TEBEX_PRIVATE_KEY).',
      );
    if (response.status === 404)
      throw new DomainError('PAYMENT_INTENT_NOT_FOUND', 'not_found', 'Tebex has no record of this basket or package.');
    if (response.status === 429)
      throw new DomainError('TEBEX_BUSY', 'unavailable', 'Tebex is busy. Please try again in a moment.');
    if (response.status >= 500)
      throw new DomainError('TEBEX_FAILED', 'unavailable', 'Tebex could not take the request. Please try again.');
    throw new DomainError('TEBEX_REFUSED', 'conflict', `Tebex refused the request${detail ? `: ${detail}` : '.'}`);
  }
}

/** Tebex's problem answers carry `detail` (or `message`, or `error_message`); nothing else of them is shown */
function tebexMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  for (const key of ['detail', 'message', 'error_message', 'title']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 300);
  }
  return null;
}
