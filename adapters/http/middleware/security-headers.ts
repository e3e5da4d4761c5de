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
 * The headers `before` sets on every response, whatever the route does (no route sets one of its own): a cached
 * response leaves them out, as loggingSecurityAndErrors sets them again for it.
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

/**
 * The same protective headers on every response (pages, assets, API responses and errors), a policy per kind of
 * response, and `no-store` on API responses to a request carrying a session (or setting one), so no shared
 * cache or back button keeps one person's data. `before` runs as the request arrives, `after` once it is
 * answered (see logging-security-and-errors.ts).
 */
export function protectiveHeaders(production: boolean): { before(ctx: Context): void; after(ctx: Context): void } {
  // the same on every response: set on the Node response straight away
  const common: Array<[string, string]> = [
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ...(production ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
  ];
  return {
    before(ctx) {
      const res = ctx.res;
      res.setHeader(
        'Content-Security-Policy',
        isApiPath(ctx.path)
          ? API_CONTENT_SECURITY_POLICY
          : isPaymentPagePath(ctx.path)
            ? PAYMENT_CONTENT_SECURITY_POLICY
            : CONTENT_SECURITY_POLICY,
      );
      for (const [name, value] of common) res.setHeader(name, value);
    },
    after(ctx) {
      if (!isApiPath(ctx.path)) return;
      const personal =
        ctx.state.user || cookieValue(ctx.get('Cookie'), SESSION_COOKIE) || ctx.response.get('Set-Cookie');
      if (personal) ctx.set('Cache-Control', 'no-store');
      else if (!ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-cache');
    },
  };
}
