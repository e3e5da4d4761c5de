import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

describe.runIf(browserAvailable)('Priority Pass page in Chromium', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the five tiers priced from the API', async () => {
    await page.goto(`${server.url}/whitelist`);
    const cards = page.getByRole('list', { name: 'Whitelist tiers' }).getByRole('article');
    await expect.poll(() => cards.count()).toBe(5);
    const names = await cards.getByRole('heading').allTextContents();
    expect(names).toEqual(['Bayou Basic', 'Parish Life', 'Swamp Blood', 'Gator Crown', 'Voodoo Experience']);
    const prices = await cards.getByTestId('price').allTextContents();
    expect(prices.map((price) => price.replace('/month', ''))).toEqual(['$20', '$40', '$60', '$100', '$175']);
    await expect.poll(() => page.getByText('Most Popular').count()).toBe(1);
    await shoot(page, 'priority-pass-1280', { fullPage: true });
  });

  it("sends Bayou Basic's purchase button to the card payment page", async () => {
    await page.goto(`${server.url}/whitelist`);
    await page.getByRole('button', { name: 'Purchase Bayou Basic' }).click();
    await page.waitForURL('**/stripe-checkout?**');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/stripe-checkout');
    expect(Object.fromEntries(url.searchParams)).toEqual({ type: 'whitelist', id: 'bayou-basic' });
  });

  it('shows the not-found page for an unknown route, answered with HTTP 404', async () => {
    // a page of its own: the signed-out checkout above sends its page on to sign in a second after it opened
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const response = await page.goto(`${server.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Page Not Found');
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    await page.close();
  });
});
