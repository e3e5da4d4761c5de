import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import { matchPageRoute, PRERENDERED_PAGES, type PageRoute, prerenderedFile } from './contract/pages.ts';
import { SESSION_COOKIE } from './middleware/session.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);

/** What was made from a built file, cached until the file changes (its mtime is the version). */
function madeOnce<T>(
  cache: Map<string, { version: number; value: T }>,
  key: string,
  version: number,
  make: () => T,
): T {
  let cached = cache.get(key);
  if (!cached || cached.version !== version) {
    cached = { version, value: make() };
    cache.set(key, cached);
  }
  return cached.value;
}

const gzipCache = new Map<string, { version: number; value: Buffer }>();

/** Text goes out gzipped when the browser accepts it: the built files never change, so each is compressed once. */
function sendText(ctx: Context, key: string, version: number, read: () => Buffer) {
  ctx.vary('Accept-Encoding');
  if (ctx.acceptsEncodings('gzip', 'identity') !== 'gzip') {
    ctx.body = read();
    return;
  }
  ctx.set('Content-Encoding', 'gzip');
  ctx.body = madeOnce(gzipCache, key, version, () => gzipSync(read(), { level: 9 }));
}

function sendFile(ctx: Context, file: string) {
  const stat = statSync(file);
  ctx.type = TYPES[extname(file)] ?? 'application/octet-stream';
  if (COMPRESSIBLE.has(extname(file))) return sendText(ctx, file, stat.mtimeMs, () => readFileSync(file));
  ctx.length = stat.size;
  ctx.body = createReadStream(file);
}

const preloadsCache = new Map<string, { version: number; value: Record<string, string[]> }>();

/** The build's route-preloads.json, read again only when a new build has written it; none before the first build. */
function routePreloads(path: string): Record<string, string[]> {
  let version: number;
  try {
    version = statSync(path).mtimeMs;
  } catch {
    return {};
  }
  return madeOnce(
    preloadsCache,
    path,
    version,
    () => JSON.parse(readFileSync(path, 'utf8')) as Record<string, string[]>,
  );
}

/**
 * The page's HTML: a signed-out visitor (no session cookie) gets the page as the build prerendered it when it has one, anyone
 * else index.html, which the app renders. The build lists, per route, the page chunk the router will load
 * (route-preloads.json): the HTML names them in modulepreload links, so a page's code downloads beside the entry
 * rather than after it has run.
 */
function sendIndex(ctx: Context, root: string, indexPath: string, route: PageRoute | null) {
  const preloads = routePreloads(join(root, 'route-preloads.json'));
  let files = route !== null && Object.hasOwn(preloads, route) ? preloads[route] : [];
  let htmlPath = indexPath;
  if (route !== null && PRERENDERED_PAGES.includes(route)) {
    ctx.vary('Cookie');
    const prerendered = join(root, prerenderedFile(route));
    if (!ctx.cookies.get(SESSION_COOKIE) && existsSync(prerendered)) {
      // the page is prerendered already: its code comes after, at the pace the entry asks for it
      htmlPath = prerendered;
      files = [];
    }
  }
  ctx.type = TYPES['.html'];
  sendText(ctx, `${htmlPath}:${files.length > 0 ? route : ''}`, statSync(htmlPath).mtimeMs, () => {
    const html = readFileSync(htmlPath, 'utf8');
    const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
    return Buffer.from(links ? html.replace('</head>', `${links}</head>`) : html);
  });
}

/**
 * Serves the built UI; every other GET that is not an API call gets index.html (the UI routes it), with 200 for a
 * page the UI has and 404 for any other path (the UI then shows its 404 page).
 */
export function staticUi(distDir: string): Middleware {
  const root = resolve(distDir);
  const indexPath = join(root, 'index.html');
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path === '/api')
      return next();
    const file = resolveFile(root, ctx.path);
    if (file) {
      const immutable = file.startsWith(join(root, 'assets') + sep);
      ctx.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      sendFile(ctx, file);
      return;
    }
    if (extname(ctx.path) && extname(ctx.path) !== '.html') return next();
    if (!existsSync(indexPath)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The site has not been built yet. Run `npm run build`, or start it with `npm start`.';
      return;
    }
    const route = matchPageRoute(ctx.path);
    if (route === null) ctx.status = 404;
    ctx.set('Cache-Control', 'no-cache');
    sendIndex(ctx, root, indexPath, route);
  };
}

function resolveFile(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const candidate = normalize(join(root, decoded));
  // the HTML pages go out through sendIndex only, each at its own path
  if (!candidate.startsWith(root + sep) || candidate === join(root, 'index.html')) return undefined;
  if (candidate.startsWith(join(root, 'prerendered') + sep)) return undefined;
  try {
    return statSync(candidate).isFile() ? candidate : undefined;
  } catch {
    return undefined;
  }
}
