/**
 * The pages that show the card form. Only their documents may load Stripe.js and frame Stripe, so the server
 * widens the Content-Security-Policy for them alone, and the UI opens them as a full page load (a policy
 * belongs to the document: a page reached by client-side navigation keeps the policy of the first page).
 */
export const PAYMENT_PAGE_PATHS: readonly string[] = ['/checkout', '/stripe-checkout'];

export function isPaymentPagePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAYMENT_PAGE_PATHS.includes(path);
}
