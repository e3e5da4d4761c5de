/**
 * Every page the UI routes, as router patterns (`:name` stands for one path segment). The UI's router may route
 * only these (its `page()` takes a PageRoute, and a test holds the two lists equal), and the server answers 404,
 * still with the UI, for any other path.
 */
export const PAGE_ROUTES = [
  '/',
  '/whitelist',
  '/gangs',
  '/addons',
  '/unban',
  '/jobs',
  '/apply',
  '/staff-apply',
  '/about',
  '/refund',
  '/privacy-policy',
  '/terms-of-service',
  '/contact',
  '/faq',
  '/server-rules',
  '/appeal-process',
  '/appeal',
  '/admin',
  '/admin-applications',
  '/staff-applications',
  '/staff-review',
  '/checkout',
  '/stripe-checkout',
  '/checkout-success',
  '/checkout-test',
  '/discord-debug',
  '/domain-helper',
  '/dev-login',
  '/account',
  '/account/receipts/:id',
  '/account/security',
  '/admin/players/:id',
  '/admin/coupons',
  '/admin/creators',
  '/admin/appeals',
  '/admin/answer-templates',
  '/admin/api-tokens',
  '/admin/queue',
  '/admin/webhooks',
] as const;
export type PageRoute = (typeof PAGE_ROUTES)[number];

const trimmed = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The route pattern a path is served by (a trailing slash aside), or null when no page has it. */
export function matchPageRoute(pathname: string): PageRoute | null {
  const segments = trimmed(pathname).split('/');
  return (
    PAGE_ROUTES.find((route) => {
      const parts = route.split('/');
      return (
        parts.length === segments.length &&
        parts.every((part, i) =>
          part.startsWith(':') ? /^[\w-]{1,128}$/.test(segments[i] ?? '') : part === segments[i],
        )
      );
    }) ?? null
  );
}

/** The path of a route with its parameters filled in: pagePath('/account/receipts/:id', { id }) */
export function pagePath(route: PageRoute, params: Record<string, string> = {}): string {
  return route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/**
 * The pages that show the card form. Only their documents may load Stripe.js and frame Stripe, so the server
 * widens the Content-Security-Policy for them alone, and the UI opens them as a full page load (a policy
 * belongs to the document: a page reached by client-side navigation keeps the policy of the first page).
 */
export const PAYMENT_PAGE_PATHS: readonly PageRoute[] = ['/checkout', '/stripe-checkout'];

export function isPaymentPagePath(pathname: string): boolean {
  return (PAYMENT_PAGE_PATHS as readonly string[]).includes(trimmed(pathname));
}

/**
 * The pages the build prerenders as a signed-out visitor first sees them (ui/src/prerender.tsx). The server sends that HTML
 * to a visitor without a session cookie, so the page shows before its scripts have run; the browser then hydrates it.
 */
export const PRERENDERED_PAGES: readonly PageRoute[] = [
  '/',
  '/whitelist',
  '/server-rules',
  '/account',
  '/about',
  '/faq',
  '/refund',
  '/privacy-policy',
  '/terms-of-service',
  '/contact',
  '/appeal-process',
];

/** Where the build puts a prerendered page: prerendered/index.html for `/`, prerendered/server-rules.html, ... */
export const prerenderedFile = (route: PageRoute) =>
  `prerendered/${route === '/' ? 'index' : route.slice(1).replaceAll('/', '_')}.html`;

/**
 * The API responses a page was prerendered with, written into it as JSON (`<script type="application/json">`, data
 * the browser never runs) under this id: the app starts from them, so it hydrates the page exactly as prerendered and asks for
 * nothing the page already shows. Each is a query key and the answer it holds.
 */
export const PRERENDERED_RESPONSES_ID = 'prerendered-responses';
export type PrerenderedResponses = Array<[queryKey: readonly unknown[], answer: unknown]>;

/**
 * The event the app sends on `document` once it has taken a prerendered page over: the page's hydrate script then
 * makes again the taps it held while the app's code was loading.
 */
export const HYDRATED_EVENT = 'bayou:hydrated';

/**
 * Set on the document's root element once the app has taken the page over, prerendered or not (its router follows the
 * browser's history from then on): before, a prerendered page shows its content, but a change of the URL made by script
 * goes unheard.
 */
export const APP_READY_ATTRIBUTE = 'data-app-ready';
