import { existsSync, mkdirSync } from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { APP_READY_ATTRIBUTE } from '../../adapters/http/contract/pages.ts';
import { type SignedIn, type SignInOptions, signInBrowser } from './session.ts';
import type { TestServer } from './test-system.ts';

/**
 * Debian's Chromium headless shell when it is installed (`chromium-headless-shell`: the same Blink and V8 as the
 * browser, without the browser's own windows and services; the browser suites take a fifth less time on it), else
 * Debian's Chromium. `CHROMIUM_PATH` names another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Browser tests need Debian's chromium; in CI its absence is a failure, locally the tests are skipped with a note. */
export const browserAvailable = existsSync(CHROMIUM_PATH) || process.env.CI === 'true';

if (!browserAvailable)
  console.warn(
    `Browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium-headless-shell, or chromium).`,
  );

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // outside hosts are unreachable here: their names fail at once in the browser itself, so no test routes every
      // request through itself to refuse them (a routed request makes a round trip to the test for each file it loads)
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * The test worker's one Chromium, launched by the first browser test file it runs and kept for the next ones (test
 * files share their worker's modules): a file opens its own contexts and closes them, never the browser.
 */
function workerBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then((browser) => {
    browser.on('disconnected', () => {
      shared = undefined;
    });
    return browser;
  });
  return shared;
}

export interface PageOptions extends BrowserContextOptions {
  /** the viewport's width (1280 unless given) */
  width?: number;
  height?: number;
}

export interface SignedInPage {
  page: Page;
  signedIn: SignedIn;
}

/** One test file's view of the worker's Chromium: the contexts it opened, closed together at its end. */
export class TestBrowser {
  private readonly contexts: BrowserContext[] = [];

  constructor(private readonly browser: Browser) {}

  async newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    const context = await this.browser.newContext(options);
    this.contexts.push(context);
    return context;
  }

  /** a page in a context of its own (no cookies shared with any other page) */
  async newPage(options: PageOptions = {}): Promise<Page> {
    const { width = 1280, height = 900, ...context } = options;
    return (await this.newContext({ viewport: { width, height }, ...context })).newPage();
  }

  /** a page of its own, signed in through the development sign-in (with the role given, if any) */
  async pageAs(server: TestServer, who: SignInOptions, options: PageOptions = {}): Promise<SignedInPage> {
    const page = await this.newPage(options);
    const signedIn = await signInBrowser(page, server, who);
    return { page, signedIn };
  }

  async close(): Promise<void> {
    await Promise.all(this.contexts.splice(0).map((context) => context.close().catch(() => undefined)));
  }
}

/** The browser a test file uses: the worker's Chromium, launched if this is the worker's first browser test file. */
export async function openBrowser(): Promise<TestBrowser> {
  return new TestBrowser(await workerBrowser());
}

export const ARTIFACTS_DIR = 'test-artifacts/screenshots';

/**
 * Screenshots are for a person to look at: `SCREENSHOTS=1 npm test` writes them into test-artifacts/screenshots; a
 * plain run skips them, sparing Chromium a rasterised, PNG-encoded page (often the whole length of it) each time.
 */
export const SCREENSHOTS = process.env.SCREENSHOTS === '1';

function screenshotPath(name: string): string {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return `${ARTIFACTS_DIR}/${name}.png`;
}

/** keeps what `target` shows as `name`.png when screenshots are asked for (`SCREENSHOTS=1`) */
export async function shoot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!SCREENSHOTS) return;
  const path = screenshotPath(name);
  if ('goto' in target) await target.screenshot({ path, ...options });
  else await target.screenshot({ path });
}

/** Whether an error is a page navigating away while it was being read (its document replaced). */
export function cutByNavigation(error: unknown): boolean {
  return /Execution context was destroyed|net::ERR_ABORTED|interrupted by another navigation/.test(String(error));
}

/**
 * Runs `read`, again after `settle` when a navigation of the page's own cut it short (at most 3 times): a page that
 * sends a signed-out visitor on after a moment may leave while it is read, and is read where it lands.
 */
export async function landed<T>(
  page: Page,
  read: () => Promise<T>,
  settle: (page: Page) => Promise<void> = (cut) => cut.waitForLoadState('networkidle'),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt === 3 || !cutByNavigation(error)) throw error;
      await settle(page);
    }
  }
}

/**
 * Holds every request matching `url` until `release()` is called (then lets it and every later one through): a busy
 * state that lasts as long as a request is open stays on the screen until the test has read it, with no fixed wait.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/**
 * Waits until the app has taken the page over (a prerendered page shows its content, buttons and links before its code
 * has run): what the page does from then on is the app's.
 */
export async function appReady(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction((name) => document.documentElement.hasAttribute(name), APP_READY_ATTRIBUTE, { timeout });
}

/**
 * Goes to `path` as a link inside the site does, without loading the site again: the app takes the route change from
 * the browser's history, draws the page and hands focus to it (its route announcer). Only a page with no site in it yet
 * is loaded whole. A page that sends the visitor elsewhere in a navigation of its own is the caller's to wait for (the
 * accessibility sweep's `settle`).
 */
export async function visitInApp(page: Page, url: string, path: string): Promise<void> {
  // a page still prerendered has no router listening yet: the URL would change under a page that never hears of it
  if (await page.evaluate(() => document.getElementById('main') !== null).catch(() => false)) await appReady(page);
  const moved = await page
    .evaluate((to) => {
      if (document.getElementById('main') === null) return false;
      if (location.pathname + location.search === to) return 'there';
      (document.activeElement as HTMLElement | null)?.blur();
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
      return 'moved';
    }, path)
    .catch((error: unknown) => {
      if (cutByNavigation(error)) return false;
      throw error;
    });
  if (moved === 'there') return;
  if (moved === false) {
    await page.goto(`${url}${path}`);
    return;
  }
  await page
    .waitForFunction(() => document.getElementById('main')?.contains(document.activeElement) === true, undefined, {
      timeout: 20_000,
    })
    .catch(async (error: unknown) => {
      if (cutByNavigation(error)) return;
      // say where the page and its focus are: a page that never takes focus names itself
      const where = await page
        .evaluate(() => {
          const active = document.activeElement;
          const h1 = document.querySelector('#main h1')?.textContent ?? 'no h1';
          return `at ${location.pathname}${location.search} (h1 "${h1}"), focus on ${active?.tagName ?? 'nothing'}${active?.id ? `#${active.id}` : ''}`;
        })
        .catch(() => 'not readable');
      throw new Error(`visiting ${path}: focus never reached the page's main region; ${where}`, { cause: error });
    });
}

/**
 * What a buyer does above the checkout's payment before it opens: answers the age question where it is asked ("I am
 * 18 or over") and ticks the withdrawal consent.
 */
export async function agreeToTerms(scope: Page | Locator): Promise<void> {
  const terms = scope.getByTestId('checkout-terms');
  await terms.waitFor();
  const adult = terms.getByRole('radio', { name: 'I am 18 or over' });
  if ((await adult.count()) > 0) await adult.check();
  await terms.getByRole('checkbox').check();
}
