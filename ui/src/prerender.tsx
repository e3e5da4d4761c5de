import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createContext, type ReactNode, StrictMode, useContext } from 'react';
import { StaticRouter } from 'react-router-dom';
import { App, signedOutQueryClient } from './app/app.tsx';
import { pageFor } from './app/router.tsx';

const PagePath = createContext('/');

/** The router of a prerender: fixed on the path being drawn. */
function PrerenderRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location={useContext(PagePath)}>{children}</StaticRouter>;
}

/**
 * The page's markup, everything it loads lazily included. A first render waits for the lazily loaded parts; the second,
 * with all of them loaded, writes the page inline: no fallback for the browser to replace, and no inline script (the
 * site's Content-Security-Policy admits none).
 */
export async function renderPage(path: string): Promise<string> {
  const page = pageFor(path);
  if (!page) throw new Error(`No page at ${path}`);
  await page.load();
  const client = signedOutQueryClient();
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
    return markup;
  } finally {
    client.clear();
  }
}
