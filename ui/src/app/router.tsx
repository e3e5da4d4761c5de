import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, useEffect } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { isPaymentPagePath, type PageRoute } from '@contract/pages.ts';
import { paths } from '@/config/paths.ts';
import { NotFoundPage } from '@/pages/not-found-page.tsx';
import { Layout, loadingPage } from './layout.tsx';

type PageModule = () => Promise<{ default: ComponentType }>;

interface PageRouteEntry {
  path: PageRoute;
  /** the page's own chunk, downloaded when the route is first visited */
  load: () => Promise<ComponentType>;
  element: ReactNode;
}

interface PageChunk {
  loaded?: ComponentType;
  Lazy: LazyExoticComponent<ComponentType>;
}

/** A page whose chunk has arrived renders at once, so a page loaded before the first render never shows the spinner. */
function ChunkPage({ chunk }: { chunk: PageChunk }) {
  const { loaded: Loaded, Lazy } = chunk;
  return Loaded ? <Loaded /> : <Lazy />;
}

/** Each page is its own chunk, loaded when its route is first visited; only a route the server knows may be one. */
function page(path: PageRoute, load: PageModule): PageRouteEntry {
  const loadPage = async () => {
    chunk.loaded ??= (await load()).default;
    return chunk.loaded;
  };
  const chunk: PageChunk = { Lazy: lazy(async () => ({ default: await loadPage() })) };
  return { path, load: loadPage, element: <ChunkPage chunk={chunk} /> };
}

/** Whether this document was served with the payment pages' Content-Security-Policy, the one that admits Stripe.js. */
const documentAdmitsStripe = typeof window !== 'undefined' && isPaymentPagePath(window.location.pathname);

/** A payment page reached by a client-side link is loaded afresh, so its document carries the payment policy. */
function ReloadDocument() {
  useEffect(() => {
    window.location.replace(window.location.href);
  }, []);
  return loadingPage;
}

function paymentPage(path: PageRoute, load: PageModule): PageRouteEntry {
  const entry = page(path, load);
  return { ...entry, element: documentAdmitsStripe ? entry.element : <ReloadDocument /> };
}

export const pages: PageRouteEntry[] = [
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
  page(paths.appeal, () => import('@/features/appeals/components/appeal-page.tsx')),
  page(paths.admin, () => import('@/features/admin-purchases/components/purchase-dashboard-page.tsx')),
  page(paths.adminApplications, () => import('@/features/review/components/review-page.tsx')),
  page(paths.staffApplications, () => import('@/features/review/components/review-page.tsx')),
  page(paths.staffReview, () => import('@/features/review/components/review-page.tsx')),
  paymentPage(paths.checkout, () => import('@/features/store/components/checkout-page.tsx')),
  paymentPage(paths.stripeCheckout, () => import('@/features/store/components/stripe-checkout-page.tsx')),
  page(paths.checkoutSuccess, () => import('@/features/store/components/checkout-success-page.tsx')),
  page(paths.checkoutTest, () => import('@/features/store/components/checkout-test-page.tsx')),
  page(paths.discordDebug, () => import('@/features/auth/components/discord-debug-page.tsx')),
  page(paths.domainHelper, () => import('@/features/auth/components/domain-helper-page.tsx')),
  page(paths.devLogin, () => import('@/features/auth/components/dev-login-page.tsx')),
  page(paths.account, () => import('@/features/account/components/account-page.tsx')),
  page(paths.accountReceipt, () => import('@/features/account/components/receipt-page.tsx')),
  page(paths.accountSecurity, () => import('@/features/security/components/security-page.tsx')),
  page(paths.adminPlayer, () => import('@/features/players/components/player-page.tsx')),
  page(paths.adminCoupons, () => import('@/features/admin-coupons/components/coupons-page.tsx')),
  page(paths.adminCreators, () => import('@/features/creators/components/creators-page.tsx')),
  page(paths.adminAppeals, () => import('@/features/review/components/review-page.tsx')),
  page(paths.adminTemplates, () => import('@/features/admin-templates/components/templates-page.tsx')),
  page(paths.adminApiTokens, () => import('@/features/admin-api-tokens/components/api-tokens-page.tsx')),
  page(paths.adminQueue, () => import('@/features/queue/components/queue-page.tsx')),
  page(paths.adminWebhooks, () => import('@/features/admin-webhooks/components/webhooks-page.tsx')),
];

/** The page the path names, or undefined for a 404. */
export function pageFor(pathname: string): PageRouteEntry | undefined {
  return pages.find((entry) => matchPath(entry.path, pathname));
}

/** Every page inside the shared frame, and the 404 page for any other path. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {pages.map(({ path, element }) => (
          <Route key={path} path={path} element={element} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
