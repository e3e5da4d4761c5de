import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { Toaster } from '@/components/ui/toast.tsx';
import { authKeys, currentUserQuery } from '@/features/auth/api/current-user.ts';
import { APP_READY_ATTRIBUTE } from '@contract/pages.ts';
import { endHydration } from '@/lib/hydration.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { BrowserRouter } from './navigation.tsx';
import { AppRoutes } from './router.tsx';

/** A query client that knows the visitor is signed out (a prerendered page is only sent without a session cookie). */
export function signedOutQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setQueryData(authKeys.user(), null);
  return client;
}

export function App({
  Router = BrowserRouter,
  signedOut = false,
  client,
}: {
  /**
   * the build's prerender brings its own, to empty it (and stop its timers) once the page is prerendered; the browser, one
   * holding the API responses a prerendered page was prerendered with
   */
  client?: QueryClient;
  /** the browser's history; the build's prerender passes a router fixed on one path */
  Router?: ComponentType<{ children: ReactNode }>;
  /** the page was prerendered for a visitor without a session: the sign-in state is known without asking */
  signedOut?: boolean;
}) {
  const [queryClient] = useState(() => {
    if (client) return client;
    if (signedOut) return signedOutQueryClient();
    const browserClient = createQueryClient();
    // The header and `/` both wait on the sign-in state: ask for it while the first page's code is still loading.
    void browserClient.prefetchQuery(currentUserQuery());
    return browserClient;
  });
  // the last of the hydration's effects: what mounts from now on is the app's own (ui/src/lib/hydration.ts); the page
  // says so on its root element (APP_READY_ATTRIBUTE), for a script that drives the site to know its links now move
  // inside the app
  useEffect(() => {
    endHydration();
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Router>
        <AppRoutes />
      </Router>
      <Toaster />
    </QueryClientProvider>
  );
}
