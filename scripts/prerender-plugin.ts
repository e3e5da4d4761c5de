import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { Catalogue } from '../core/catalogue/model/catalogue.ts';
import { ListCatalogue } from '../core/catalogue/use-cases/list-catalogue.ts';
import { catalogueQuerySchema } from '../adapters/http/contract/catalogue.ts';
import {
  HYDRATED_EVENT,
  PRERENDERED_RESPONSES_ID,
  type PrerenderedResponses,
  PRERENDERED_PAGES,
  prerenderedFile,
} from '../adapters/http/contract/pages.ts';
import { presentCatalogue } from '../adapters/http/presenters/catalogue.ts';

const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

/**
 * After the browser build, prerenders each of PRERENDERED_PAGES (adapters/http/contract/pages.ts) for a signed-out visitor into the built
 * index.html: the page's markup in #root (marked data-prerendered, so the browser hydrates it rather than rendering it
 * again), and its <title> and description in the head in place of the defaults.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const { createServer } = await import('vite');
      const server = await createServer({
        configFile: config.configFile,
        logLevel: 'error',
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
      });
      try {
        const module = (await server.ssrLoadModule('/src/prerender.tsx')) as typeof import('../ui/src/prerender.tsx');
        const outDir = resolve(config.root, config.build.outDir);
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        const hydrateScript = writeHydrateScript(outDir);
        const preloads = JSON.parse(readFileSync(join(outDir, 'route-preloads.json'), 'utf8')) as Record<
          string,
          string[]
        >;
        for (const route of PRERENDERED_PAGES) {
          const file = join(outDir, prerenderedFile(route));
          mkdirSync(dirname(file), { recursive: true });
          const { markup, answers } = await module.renderPage(route, responseAtBuild);
          const html = fillTemplate(template, markup, answers);
          writeFileSync(file, lightenHead(html, outDir, hydrateScript, preloads[route] ?? []));
        }
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * What the API would answer at `path`, for the pages the build prerenders: only what lives in the server's code and is the
 * same for every visitor (the catalogue), made by the very presenter the API responses with.
 */
function responseAtBuild(path: string): unknown {
  const url = new URL(path, 'http://build');
  if (url.pathname === '/api/catalogue') {
    const { type } = catalogueQuerySchema.parse(Object.fromEntries(url.searchParams));
    return presentCatalogue(new ListCatalogue(new Catalogue()).execute({ type }));
  }
  throw new Error(`The build cannot answer ${path} for a prerendered page`);
}

/**
 * Loads the app once the browser has painted the page the server sent: the page is there to read first, and its code
 * comes after. "Painted" is the browser's own report of its first contentful paint (a frame's callback runs before
 * that frame is shown, and asking for the code then let the code race the paint); where the browser does not report
 * paints, the first frame; half a second after the first frame at the latest, or as soon as the page is hidden.
 * Every module is asked for (modulepreload: fetched and compiled, not run), each in a task of its own, then run one
 * per task: the libraries, the entry, the page's chunks; no task is long. A page opened in a background tab paints
 * no frame, so there it starts without waiting for one. A module that fails to load leaves the page as prerendered: its
 * links still work.
 *
 * A tap on a button before the app is there (the prerendered page's buttons do nothing yet) is held, and made again once
 * the app has taken the page over (main.tsx sends HYDRATED_EVENT); from then on React answers taps itself.
 */
const HYDRATE_SCRIPT = `const modules = document.querySelector('script[data-modules]').dataset.modules.split(' ');
const early = [];
const hold = (event) => {
  const control = event.target.closest('button, [role="button"]');
  if (!control) return;
  event.preventDefault();
  early.push(control);
};
document.addEventListener('click', hold, true);
document.addEventListener('${HYDRATED_EVENT}', () => {
  document.removeEventListener('click', hold, true);
  for (const control of early) if (control.isConnected) control.click();
}, { once: true });
const preload = (href) => {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
};
const start = () => {
  for (const href of modules) setTimeout(preload, 0, href);
  const next = () => {
    if (modules.length > 0) import(modules.shift()).then(() => setTimeout(next), () => {});
  };
  setTimeout(next);
};
let started = false;
const begin = () => {
  if (started) return;
  started = true;
  setTimeout(start);
};
if (document.visibilityState !== 'visible') begin();
else if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    begin();
  }).observe({ type: 'paint', buffered: true });
  // a page hidden before it painted, or one the browser never reports painted, starts all the same
  document.addEventListener('visibilitychange', begin, { once: true });
  requestAnimationFrame(() => setTimeout(begin, 500));
} else requestAnimationFrame(() => setTimeout(begin));
`;

/** Writes the script that loads the app after the first paint, named by its content like the build's own files. */
function writeHydrateScript(outDir: string): string {
  const name = `assets/hydrate-${createHash('sha256').update(HYDRATE_SCRIPT).digest('base64url').slice(0, 8)}.js`;
  writeFileSync(join(outDir, name), HYDRATE_SCRIPT);
  return `/${name}`;
}

/**
 * The head of a page the build prerendered: its first paint waits on nothing but the HTML. The stylesheet is written inline
 * (one round trip fewer), and the app's code (the entry, its imports, the page's chunks) is asked for once the page is
 * painted, by the hydrate script.
 */
export function lightenHead(
  html: string,
  outDir: string,
  hydrateScript: string,
  pageChunks: readonly string[],
): string {
  const stylesheet = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/;
  const css = stylesheet.exec(html)?.[1];
  if (!css) throw new Error('index.html links no stylesheet');
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const entrySrc = entry.exec(html)?.[1];
  if (!entrySrc) throw new Error('index.html has no module script');
  const modulePreload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const imports = [...html.matchAll(modulePreload)].map((match) => match[1]);
  // the entry's libraries first, each run in a task of its own; the entry then asks for the page, whose chunks follow
  const modules = [...imports, entrySrc, ...pageChunks.map((file) => `/${file}`)];
  return html
    .replace(stylesheet, () => `<style>${readFileSync(join(outDir, css), 'utf8')}</style>`)
    .replace(modulePreload, '')
    .replace(entry, () => `<script type="module" src="${hydrateScript}" data-modules="${modules.join(' ')}"></script>`);
}

/**
 * index.html with the page in #root, the API responses it was prerendered with after it (as JSON data, `<` escaped so no text
 * can close the element), and the page's title, description and links in the head.
 */
export function fillTemplate(template: string, markup: string, answers: PrerenderedResponses = []): string {
  const hoisted = HOISTED.exec(markup)?.[0] ?? '';
  const body = markup.slice(hoisted.length);
  const title = /<title>[^<]*<\/title>/.exec(hoisted)?.[0];
  const description = /<meta name="description"[^>]*>/.exec(hoisted)?.[0];
  let html = template;
  if (title) html = html.replace(/<title>[^<]*<\/title>/, () => title);
  if (description) html = html.replace(/<meta name="description"[^>]*>/, () => description);
  const root = /<div id="root">[\s\S]*?<\/div>\s*(?=<script|<\/body>)/;
  if (!root.test(html)) throw new Error('index.html has no <div id="root"> before its scripts');
  const data =
    answers.length > 0
      ? `<script type="application/json" id="${PRERENDERED_RESPONSES_ID}">${JSON.stringify(answers).replace(/</g, '\\u003c')}</script>\n    `
      : '';
  return html.replace(root, () => `<div id="root" data-prerendered>${body}</div>\n    ${data}`);
}
