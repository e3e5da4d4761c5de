import type { OutgoingHttpHeader } from 'node:http';
import type { Context } from 'koa';
import { isPaymentPagePath } from '../contract/pages.ts';
import { cookieValue, SESSION_COOKIE } from './session.ts';

const COMMON = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
];

/** Every page but the payment pages: nothing from another origin runs or is framed. */
export const CONTENT_SECURITY_POLICY = [...COMMON, "script-src 'self'", "connect-src 'self'", "frame-src 'none'"].join(
  '; ',
);

/** The payment pages load Stripe.js, which talks to Stripe's API and frames the card fields. */
export const PAYMENT_CONTENT_SECURITY_POLICY = [
  ...COMMON,
  "script-src 'self' https://js.stripe.com",
  "connect-src 'self' https://api.stripe.com",
  'frame-src https://js.stripe.com https://hooks.stripe.com',
].join('; ');

/** API responses are data, never a document: they may load nothing at all. */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The headers set on every response, whatever the route does (no route sets one of its own): a cached response holds
 * them as they were sent with it, and responseOf leaves the route's own copy of them out.
 */
export const PROTECTIVE_HEADER_NAMES: ReadonlySet<string> = new Set([
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'strict-transport-security',
]);

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

type HeaderPairs = ReadonlyArray<readonly [string, string]>;

/** The protective headers of every response and the Cache-Control rule of API responses, in one place. */
export interface ProtectiveHeaders {
  /**
   * Sets them on this response once it is answered (see logging-security-and-errors.ts): the policy of its kind of
   * response, and `no-store` on an API response to a request carrying a session (or setting one), so no shared cache
   * or back button keeps one person's data; an API response without a Cache-Control of its own gets `no-cache`.
   * Nothing is set on a response already sent (a cached one carries them).
   */
  apply(ctx: Context): void;
  /**
   * The whole header list, as `writeHead` takes it (name, value, name, value...), of a cached response to `path`:
   * the protective headers, the route's own (`route`, without them) and the Cache-Control `apply` would give it,
   * `personal` when it answers a signed-in request.
   */
  sent(path: string, route: ReadonlyArray<readonly [string, OutgoingHttpHeader]>, personal: boolean): string[];
}

/** The same protective headers on every response (pages, assets, API responses and errors), a policy per kind. */
export function protectiveHeaders(production: boolean): ProtectiveHeaders {
  const common: HeaderPairs = [
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ...(production ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const] : []),
  ];
  const withPolicy = (policy: string): HeaderPairs => [['Content-Security-Policy', policy], ...common];
  const api = withPolicy(API_CONTENT_SECURITY_POLICY);
  const payment = withPolicy(PAYMENT_CONTENT_SECURITY_POLICY);
  const page = withPolicy(CONTENT_SECURITY_POLICY);
  const forPath = (path: string) => (isApiPath(path) ? api : isPaymentPagePath(path) ? payment : page);
  /** an API response's Cache-Control: `own` is the route's, undefined when it set none */
  const cacheControl = (personal: boolean, own: string | undefined) => (personal ? 'no-store' : (own ?? 'no-cache'));
  return {
    apply(ctx) {
      const res = ctx.res;
      if (res.headersSent) return;
      const path = ctx.path;
      for (const [name, value] of forPath(path)) res.setHeader(name, value);
      if (!isApiPath(path)) return;
      const personal = Boolean(
        ctx.state.user || cookieValue(ctx.get('Cookie'), SESSION_COOKIE) || ctx.response.get('Set-Cookie'),
      );
      const own = ctx.response.get('Cache-Control') || undefined;
      const chosen = cacheControl(personal, own);
      if (chosen !== own) res.setHeader('Cache-Control', chosen);
    },
    sent(path, route, personal) {
      const headers: string[] = [];
      for (const [name, value] of forPath(path)) headers.push(name, value);
      let own: string | undefined;
      for (const [name, value] of route) {
        if (name === 'cache-control') own = String(value);
        else if (Array.isArray(value)) for (const one of value) headers.push(name, one);
        else headers.push(name, String(value));
      }
      const chosen = isApiPath(path) ? cacheControl(personal, own) : own;
      if (chosen !== undefined) headers.push('Cache-Control', chosen);
      return headers;
    },
  };
}
