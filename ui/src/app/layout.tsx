import { PastDueBanner } from '@/features/membership';
import { SecondFactorHost } from '@/features/security';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { useCurrentUser } from '@/features/auth';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { useNavigationPending, useScrollRestoration } from './navigation.tsx';

/** How long a page may take to arrive before its content area shows the spinner (shorter loads just swap). */
export const SPINNER_DELAY_MS = 150;
/** How long after a page change the announcer waits for the new page's h1 (pages waiting on data draw it late). */
const HEADING_WAIT_MS = 1500;

// A screen tall, so the footer does not show above the fold and then jump down when the page arrives.
export const loadingPage = (
  <div className="min-h-screen">
    <Spinner label="Loading page" />
  </div>
);

/** Header, skip link, content area and footer: the frame every page shares. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-gold-400 focus:px-3 focus:py-2 focus:text-bayou-950"
      >
        Skip to content
      </a>
      <Header />
      <PastDueBanner />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer />
      <SecondFactorHost />
    </div>
  );
}

/**
 * The frame and the page. While a page's code loads, the content area shows the spinner inside the same frame, so the
 * header and footer stay when the page arrives instead of being drawn again; a page change keeps the page on screen
 * and shows the spinner only when the next one takes longer than SPINNER_DELAY_MS.
 */
export function Layout() {
  const slow = useDelayed(useNavigationPending(), SPINNER_DELAY_MS);
  useFocusRescue();
  useScrollRestoration();
  return (
    <Frame>
      {slow ? (
        loadingPage
      ) : (
        <Suspense fallback={loadingPage}>
          <BannedToTheirAppeal>
            <Outlet />
          </BannedToTheirAppeal>
        </Suspense>
      )}
      <RouteAnnouncer />
    </Frame>
  );
}

/** Pages a banned player may read: their appeal, and how appeals work. */
const BANNED_PAGES: readonly string[] = [paths.appeal, paths.appealProcess];

/** A banned player's session reaches only their appeal: every other page sends them there (the server refuses the rest). */
function BannedToTheirAppeal({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  if (user?.ban && !BANNED_PAGES.includes(pathname.replace(/\/+$/, '') || '/'))
    return <Navigate to={paths.appeal} replace />;
  return <>{children}</>;
}

/** The page's h1, or its main region while it has none, made focusable from script. */
function mainTarget(): HTMLElement | null {
  const main = document.getElementById('main');
  const target = main?.querySelector<HTMLElement>('h1') ?? main;
  if (target && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  return target ?? null;
}

const SCOPES = '[role="dialog"], [role="alertdialog"], [data-focus-scope]';

/**
 * Where focus goes when it was lost inside `scope` (a dialog, or a part of the page marked `data-focus-scope`):
 * the scope's element marked `data-focus-rescue` (what the change is about) or the scope itself, while it is still
 * on the page; else the open dialog on top. Focus stays where the user was working, not on the page behind.
 */
function scopeTarget(scope: Element | null): HTMLElement | null {
  const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]');
  const within = scope?.isConnected && scope instanceof HTMLElement ? scope : dialogs[dialogs.length - 1];
  if (!within) return null;
  const target = within.querySelector<HTMLElement>('[data-focus-rescue]') ?? within;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  return target;
}

/**
 * When the focused element leaves the page (a form replaced by its confirmation, a list redrawn, a button that no
 * longer applies), the browser drops focus to the body and a keyboard user starts again from the top; focus goes
 * to the part of the page it was in (see scopeTarget), else to the page's h1, instead.
 */
function useFocusRescue() {
  useEffect(() => {
    let focused: Element | null = null;
    let scope: Element | null = null;
    const remember = (event: FocusEvent) => {
      focused = event.target instanceof Element ? event.target : null;
      scope = focused?.closest(SCOPES) ?? null;
    };
    const observer = new MutationObserver(() => {
      if (!focused || focused.isConnected) return;
      focused = null;
      if (document.activeElement && document.activeElement !== document.body) return;
      // the browser scrolls only a target out of view into it (a page scrolled down to a form keeps its place)
      (scopeTarget(scope) ?? mainTarget())?.focus();
    });
    document.addEventListener('focusin', remember);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', remember);
      observer.disconnect();
    };
  }, []);
}

function useDelayed(value: boolean, delayMs: number): boolean {
  const [delayed, setDelayed] = useState(false);
  useEffect(() => {
    if (!value) {
      setDelayed(false);
      return;
    }
    const timer = setTimeout(() => setDelayed(true), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return value && delayed;
}

/** Whether this document was opened from another page of this site (a link that reloads the page, a redirect). */
function arrivedFromThisSite(): boolean {
  try {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return entry?.type === 'navigate' && new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * After a page change, says the new page's title in a polite live region and moves focus to its h1 (the main region
 * while the h1 is not there yet), so screen-reader and keyboard users start on the new page, not where the link was.
 * A first visit keeps the browser's own start; a page this site opened by reloading counts as a page change.
 */
function RouteAnnouncer() {
  const { pathname, hash } = useLocation();
  const [message, setMessage] = useState('');
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (shown.current === pathname) return;
    const firstPage = shown.current === null;
    shown.current = pathname;
    if ((firstPage && !arrivedFromThisSite()) || hash) return;
    let cancelled = false;
    const started = Date.now();
    const settle = () => {
      if (cancelled) return;
      const main = document.getElementById('main');
      const heading = main?.querySelector<HTMLElement>('h1');
      if (!heading && Date.now() - started < HEADING_WAIT_MS) {
        timer = setTimeout(settle, 50);
        return;
      }
      setMessage(document.title);
      // a page that has already put focus in its own content keeps it there
      const active = document.activeElement;
      if (active && active !== main && main?.contains(active)) return;
      mainTarget()?.focus({ preventScroll: true });
    };
    let timer = setTimeout(settle, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [pathname, hash]);

  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}
