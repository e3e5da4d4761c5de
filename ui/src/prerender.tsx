import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createContext, type ReactNode, StrictMode, useContext } from 'react';
import { StaticRouter } from 'react-router-dom';
import type { PrerenderedResponses, PageRoute } from '@contract/pages.ts';
import { App, signedOutQueryClient } from './app/app.tsx';
import { pageFor } from './app/router.tsx';
import { catalogueQuery } from './features/catalogue';

/**
 * What a prerendered page shows from the API: each query's key and the API path that answers it. The build answers the paths
 * from the server's own code (scripts/prerender-plugin.ts), so the page is prerendered whole, not with a spinner the app
 * would later replace.
 */
const DRAWN_QUERIES: Partial<Record<PageRoute, Array<{ queryKey: readonly unknown[]; path: string }>>> = {
  '/whitelist': [{ queryKey: catalogueQuery('whitelist').queryKey, path: '/api/catalogue?type=whitelist' }],
};

const PagePath = createContext('/');

/** The router of a prerender: fixed on the path being prerendered. */
function PrerenderRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location={useContext(PagePath)}>{children}</StaticRouter>;
}

/**
 * The page's markup, everything it loads lazily included, and the API responses it was prerendered with (`answer` gives each
 * path's). A first render waits for the lazily loaded parts; the second, with all of them loaded, writes the page
 * inline: no fallback for the browser to replace, and no inline script (the site's Content-Security-Policy admits none).
 */
export async function renderPage(
  path: PageRoute,
  answer: (apiPath: string) => unknown,
): Promise<{ markup: string; answers: PrerenderedResponses }> {
  const page = pageFor(path);
  if (!page) throw new Error(`No page at ${path}`);
  await page.load();
  const client = signedOutQueryClient();
  const answers: PrerenderedResponses = (DRAWN_QUERIES[path] ?? []).map(({ queryKey, path: apiPath }) => [
    queryKey,
    answer(apiPath),
  ]);
  for (const [queryKey, data] of answers) client.setQueryData(queryKey, data);
  const app = (
    <StrictMode>
      <PagePath.Provider value={path}>
        <App Router={PrerenderRouter} signedOut client={client} />
      </PagePath.Provider>
    </StrictMode>
  );
  try {
    const { prelude } = await prerenderToNodeStream(app);
    for await (const _ of prelude);
    const markup = renderToString(app);
    if (/<!--\$[!?]-->|<script|<template/.test(markup))
      throw new Error(`${path} did not render whole: a part of it was still loading`);
    return { markup, answers };
  } finally {
    client.clear();
  }
}
