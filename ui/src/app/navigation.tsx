import { createContext, type ReactNode, useContext, useLayoutEffect, useRef, useState, useTransition } from 'react';
import {
  type Location,
  type NavigationType,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  useLocation,
  useNavigationType,
} from 'react-router-dom';

const NavigationPending = createContext(false);

/** Whether a page change is under way (the next page's code still downloading). */
export const useNavigationPending = () => useContext(NavigationPending);

/**
 * The browser's history as the router's: each page change is a transition, so the page on screen stays until the next
 * one can be drawn, and `useNavigationPending` tells the frame one is on its way.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const [state, setState] = useState<{ action: NavigationType; location: Location }>({
    action: history.action,
    location: history.location,
  });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(
    () => history.listen(({ action, location }) => startTransition(() => setState({ action, location }))),
    [history],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      <NavigationPending.Provider value={pending}>{children}</NavigationPending.Provider>
    </Router>
  );
}

const SCROLL_STORAGE_KEY = 'scroll-positions';

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * A new page starts at its top (or at the element its #hash names); Back and Forward return to where that page was
 * left, also after a reload. Positions are stored per history entry in sessionStorage.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    positions.current ??= savedPositions();
    const saved = action === 'POP' ? positions.current[location.key] : undefined;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else if (action !== 'POP') window.scrollTo(0, 0);

    let frame = 0;
    const remember = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (positions.current) positions.current[location.key] = window.scrollY;
      });
    };
    const store = () => {
      try {
        sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // storage full or blocked: positions still work within this document
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', store);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', store);
    };
  }, [location.key, location.hash, action]);
}
