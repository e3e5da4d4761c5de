import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES } from '../../adapters/http/contract/pages.ts';
import { browserAvailable, holdRequests, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { signIn, signInBrowser } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

/** Each prerendered page's h1 as a signed-out visitor sees it. */
const HEADINGS: Record<(typeof PRERENDERED_PAGES)[number], string> = {
  '/': 'Welcome to Bayou Roleplay',
  '/whitelist': 'Priority Pass',
  '/server-rules': 'Server Rules',
  '/account': 'Sign in to see your account',
  '/about': 'About Us',
  '/faq': 'Frequently Asked Questions',
  '/refund': 'Refund Policy',
  '/privacy-policy': 'Privacy Policy',
  '/terms-of-service': 'Terms of Service',
  '/contact': 'Contact Us',
  '/appeal-process': 'Ban Appeal Process',
} as Record<string, string>;

describe.skipIf(!browserAvailable)('pages sent drawn to signed-out visitors', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    server = await sharedTestServer();
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('hold the page in their HTML without a session cookie, and the plain app with one', async () => {
    const { cookie } = await signIn(server);
    for (const path of PRERENDERED_PAGES) {
      const signedOut = await (await fetch(`${server.url}${path}`)).text();
      expect(signedOut, path).toContain('<div id="root" data-prerendered>');
      const heading = signedOut.match(/<h1[^>]*>(.*?)<\/h1>/s)?.[1].replace(/<[^>]+>/g, '');
      expect(heading, path).toBe(HEADINGS[path]);
      const signedIn = await (await fetch(`${server.url}${path}`, { headers: { cookie } })).text();
      expect(signedIn, path).not.toContain('data-prerendered');
    }
    // the build's file is not a page of its own
    expect((await fetch(`${server.url}/prerendered/server-rules.html`)).status).toBe(404);
  });

  it('show their content with scripts off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/server-rules`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Server Rules');
    expect(await page.title()).toBe('Server Rules | Bayou Roleplay');
    await context.close();
  });

  it('draw /whitelist with its tiers, and the app adopts it without changing a word or asking for them again', async () => {
    const mainText = (page: Page) => page.locator('#main').evaluate((main) => main.textContent);
    for (const width of [1280, 360]) {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
      const drawn = await context.newPage();
      await drawn.goto(`${server.url}/whitelist`);
      expect(await drawn.getByRole('article').count()).toBe(5);
      expect(await drawn.getByRole('button', { name: 'Purchase Swamp Blood' }).isVisible()).toBe(true);
      const billed = await drawn.getByTestId('billed-monthly').allTextContents();
      expect(billed).toEqual(Array(5).fill('Billed monthly, cancel anytime.'));
      await shoot(drawn, `prerendered-whitelist-no-script-${width}`, { fullPage: true });
      const asDrawn = await mainText(drawn);
      await context.close();

      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/catalogue')) asked.push(request.url());
      });
      await page.goto(`${server.url}/whitelist`);
      await adopted(page);
      expect(await mainText(page)).toBe(asDrawn);
      expect(asked).toEqual([]);
      await shoot(page, `prerendered-whitelist-adopted-${width}`, { fullPage: true });
      await page.close();
    }
  });

  it('are adopted by the app without a console error, and then work as the app', async () => {
    for (const path of PRERENDERED_PAGES) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${server.url}${path}`);
      await adopted(page);
      expect(errors, path).toEqual([]);
      expect(await page.getByRole('heading', { level: 1 }).first().textContent(), path).toBe(HEADINGS[path]);
      await page.close();
    }
  }, 120_000); // eleven pages one after another, each loaded until idle: a few seconds each on a busy machine

  it("ask for the app's code only once the browser has painted the page's content", async () => {
    for (const path of ['/server-rules', '/', '/whitelist']) {
      const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
      await page.goto(`${server.url}${path}`);
      await adopted(page);
      const timing = await page.evaluate(() => ({
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/.+\.js$/.test(entry.name) && !/\/assets\/hydrate-/.test(entry.name))
          .map((entry) => ({ name: new URL(entry.name).pathname, asked: entry.startTime })),
      }));
      expect(timing.painted, path).toBeGreaterThan(0);
      expect(timing.scripts.length, path).toBeGreaterThan(3);
      const early = timing.scripts.filter((script) => script.asked < timing.painted);
      expect(early, `${path}: painted at ${timing.painted} ms`).toEqual([]);
      await page.close();
    }
  });

  it('are adopted in a tab opened in the background, which paints no frame until it is shown', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    // as a background tab: hidden, and no animation frame comes
    await page.addInitScript(`
      Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
      window.requestAnimationFrame = () => 0;
    `);
    await page.goto(`${server.url}/faq`);
    await adopted(page);
    await page.getByRole('button', { name: /menu/i }).click();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).isVisible()).toBe(
      true,
    );
    await page.close();
  });

  it('answer a tap made while the app was still loading, once it has adopted the page', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const appCode = await holdRequests(page, /\/assets\/index-[\w-]+\.js$/);
    await page.goto(`${server.url}/faq`);
    const question = page.locator('main button[aria-expanded]').first();
    await question.click();
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    appCode.release();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    await adopted(page);
    // answered once: the question stays open
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    await page.close();
  });

  it('take a visitor on by link without loading a new document, and Back returns', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(`${server.url}/server-rules`);
    await adopted(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('link', { name: 'FAQ' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Server Rules' }).waitFor();
    await shoot(page, 'prerendered-server-rules-360');
    await page.close();
  });

  it('are not sent to a signed-in player: / is their home from the first paint, never the landing', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInBrowser(page, server);
    const response = await page.goto(`${server.url}/`);
    expect(await response?.text()).not.toContain('data-prerendered');
    expect(await page.getByText('Welcome to the Official Bayou Roleplay Website').textContent()).toBeTruthy();
    await page.close();
  });
});

/** Waits until React has taken the prerendered page over: the page's h1 is React's own element, and the page is idle. */
async function adopted(page: Page) {
  // polled on a timer, not on animation frames: a page in a background tab gets none
  await page.waitForFunction(
    () => {
      const heading = document.querySelector('#main h1');
      return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
    },
    undefined,
    { polling: 100 },
  );
  await page.waitForLoadState('networkidle');
}
