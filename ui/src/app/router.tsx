import { createBrowserRouter, redirectDocument, type RouteObject } from 'react-router-dom';
import { isPaymentPagePath, type PageRoute } from '@contract/pages.ts';
import { paths } from '@/config/paths.ts';
import { NotFoundPage } from '@/pages/not-found-page.tsx';
import { Layout } from './layout.tsx';

type PageModule = () => Promise<{ default: React.ComponentType }>;

/** Each page is its own chunk, loaded when its route is first visited; only a route the server knows may be one. */
function page(path: PageRoute, load: PageModule): RouteObject {
  return { path, lazy: async () => ({ Component: (await load()).default }) };
}

/** Whether this document was served with the payment pages' Content-Security-Policy, the one that admits Stripe.js. */
const documentAdmitsStripe = typeof window !== 'undefined' && isPaymentPagePath(window.location.pathname);

/** A payment page reached by a client-side link is loaded afresh, so its document carries the payment policy. */
function paymentPage(path: PageRoute, load: PageModule): RouteObject {
  return {
    ...page(path, load),
    loader: ({ request }) => (documentAdmitsStripe ? null : redirectDocument(request.url)),
  };
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    hydrateFallbackElement: <Layout loading />,
    children: [
      page(paths.home, () => import('@/pages/home-page.tsx')),
      page(paths.priorityPass, () => import('@/features/priority-pass/components/priority-pass-page.tsx')),
      page(paths.gangs, () => import('@/features/store/components/gangs-page.tsx')),
      page(paths.addons, () => import('@/features/store/components/addons-page.tsx')),
      page(paths.unban, () => import('@/features/store/components/unban-page.tsx')),
      page(paths.jobs, () => import('@/features/jobs/components/jobs-page.tsx')),
      page(paths.apply, () => import('@/features/applications/components/whitelist-application-page.tsx')),
      page(paths.staffApply, () => import('@/features/staff-apply/components/staff-apply-page.tsx')),
      page(paths.about, () => import('@/features/info/components/about-page.tsx')),
      page(paths.refund, () => import('@/features/info/components/refund-policy-page.tsx')),
      page(paths.privacyPolicy, () => import('@/features/info/components/privacy-policy-page.tsx')),
      page(paths.termsOfService, () => import('@/features/info/components/terms-of-service-page.tsx')),
      page(paths.contact, () => import('@/features/info/components/contact-page.tsx')),
      page(paths.faq, () => import('@/features/info/components/faq-page.tsx')),
      page(paths.serverRules, () => import('@/features/info/components/server-rules-page.tsx')),
      page(paths.appealProcess, () => import('@/features/info/components/appeal-process-page.tsx')),
      page(paths.admin, () => import('@/features/admin-purchases/components/purchase-dashboard-page.tsx')),
      page(paths.adminApplications, () => import('@/features/review/components/admin-applications-page.tsx')),
      page(paths.staffApplications, () => import('@/features/review/components/whitelist-review-list-page.tsx')),
      page(paths.staffReview, () => import('@/features/review/components/staff-review-page.tsx')),
      paymentPage(paths.checkout, () => import('@/features/store/components/checkout-page.tsx')),
      paymentPage(paths.stripeCheckout, () => import('@/features/store/components/stripe-checkout-page.tsx')),
      page(paths.checkoutSuccess, () => import('@/features/store/components/checkout-success-page.tsx')),
      page(paths.checkoutTest, () => import('@/features/store/components/checkout-test-page.tsx')),
      page(paths.discordDebug, () => import('@/features/auth/components/discord-debug-page.tsx')),
      page(paths.domainHelper, () => import('@/features/auth/components/domain-helper-page.tsx')),
      page(paths.devLogin, () => import('@/features/auth/components/dev-login-page.tsx')),
      page(paths.account, () => import('@/features/account/components/account-page.tsx')),
      page(paths.accountReceipt, () => import('@/features/account/components/receipt-page.tsx')),
      page(paths.adminPlayer, () => import('@/features/players/components/player-page.tsx')),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
