import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { randomDiscordId, signInBrowser } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { fitsWidth } from '../support/axe.ts';

describe.runIf(browserAvailable)('signing in returns the player to the page and product they were on', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function visitor(width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
    return context.newPage();
  }

  /** The development sign-in as a player fills it in. */
  async function devSignIn(page: Page, username: string) {
    await page.waitForURL('**/dev-login**');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Discord ID').fill(randomDiscordId());
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  const returnTo = (page: Page) => new URL(page.url()).searchParams.get('returnTo');

  it('signed out, Purchase on Swamp Blood, sign in: the payment page for Swamp Blood', async () => {
    const page = await visitor();
    // the page itself notes the message when it shows: it shows for a second before the move to sign in, which a
    // busy machine can spend between two reads from here
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Please log in to make a purchase.'))
          sessionStorage.setItem('sign-in-message-shown', 'yes');
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`${server.url}/whitelist`);
    await page.getByRole('button', { name: 'Purchase Swamp Blood' }).click();
    await page.waitForURL('**/dev-login**');
    expect(await page.evaluate(() => sessionStorage.getItem('sign-in-message-shown'))).toBe('yes');
    expect(returnTo(page)).toBe('/stripe-checkout?type=whitelist&id=swamp-blood');
    await devSignIn(page, 'Swamp Buyer');
    await page.waitForURL('**/stripe-checkout?type=whitelist&id=swamp-blood');
    await expect.poll(() => page.getByTestId('product-name').textContent()).toBe('Swamp Blood');
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe('$60');
    expect(await page.getByRole('heading', { level: 1, name: 'Order Summary' }).isVisible()).toBe(true);
    await shoot(page, 'sign-in-return-swamp-blood-1280');
  }, 60_000);

  it('a signed-out unban choice survives sign-in, from the button and from stored checkout data alone', async () => {
    const page = await visitor(360);
    await page.goto(`${server.url}/unban`);
    await page.getByRole('button', { name: 'Purchase Unban: City Unban' }).click();
    await devSignIn(page, 'Unban Seeker');
    await page.waitForURL('**/stripe-checkout?type=unban&id=city-unban');
    await expect.poll(() => page.getByTestId('product-name').textContent()).toBe('City Unban');
    expect(await page.getByLabel('Ban reason').isVisible()).toBe(true);

    const stored = await visitor(360);
    await stored.goto(`${server.url}/unban`);
    await stored.evaluate(() =>
      localStorage.setItem(
        'checkoutData',
        JSON.stringify({
          productType: 'unban',
          productId: 'anticheat-unban',
          productName: 'Anti-Cheat Unban',
          price: 100,
        }),
      ),
    );
    await stored.goto(`${server.url}/stripe-checkout`);
    await stored.waitForURL('**/dev-login**');
    expect(returnTo(stored)).toBe('/stripe-checkout?type=unban&id=anticheat-unban');
    await devSignIn(stored, 'Stored Seeker');
    await stored.waitForURL('**/stripe-checkout?type=unban&id=anticheat-unban');
    await expect.poll(() => stored.getByTestId('product-name').textContent()).toBe('Anti-Cheat Unban');

    // the order form sends a signed-out buyer to sign in at once: the stored item still comes back
    const order = await visitor(360);
    await order.goto(`${server.url}/unban`);
    await order.evaluate(() =>
      localStorage.setItem(
        'checkoutData',
        JSON.stringify({
          productType: 'unban',
          productId: 'discord-unban',
          productName: 'Discord Unban',
          price: 19.99,
        }),
      ),
    );
    await order.goto(`${server.url}/checkout`);
    await order.waitForURL('**/dev-login**');
    expect(returnTo(order)).toBe('/checkout?type=unban&id=discord-unban');
    await devSignIn(order, 'Order Seeker');
    await order.waitForURL('**/checkout?type=unban&id=discord-unban');
    await expect.poll(() => order.getByTestId('product-name').textContent()).toBe('Discord Unban');
    expect(await order.getByLabel('Ban reason').isVisible()).toBe(true);
  }, 60_000);

  it("the header's Login returns to the page it was pressed on", async () => {
    const page = await visitor();
    await page.goto(`${server.url}/gangs`);
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await devSignIn(page, 'Header Login');
    await page.waitForURL(`${server.url}/gangs`);
    await page.getByRole('banner').getByTestId('greeting').waitFor();
  }, 60_000);

  it("the landing page's buttons each open the page they name after sign-in", async () => {
    const page = await visitor();
    await page.goto(`${server.url}/`);
    const expected: Record<string, string> = {
      'Login & Shop': '/whitelist',
      'View Tiers': '/whitelist',
      'View Packages': '/gangs',
      'View Add-ons': '/addons',
      'Login with Discord': '/',
    };
    for (const [name, target] of Object.entries(expected)) {
      const href = await page.getByRole('link', { name, exact: true }).getAttribute('href');
      const url = new URL(href ?? '', server.url);
      expect({ name, path: url.pathname, returnTo: url.searchParams.get('returnTo') ?? '/' }).toEqual({
        name,
        path: '/api/login',
        returnTo: target,
      });
    }
    await page.getByRole('link', { name: 'View Packages', exact: true }).click();
    await devSignIn(page, 'Landing Visitor');
    await page.waitForURL(`${server.url}/gangs`);
    await page.getByRole('heading', { level: 1, name: 'Gang Applications' }).waitFor();
  }, 60_000);

  it('/apply and /staff-apply send a signed-out visitor to sign in and back', async () => {
    const page = await visitor();
    await page.goto(`${server.url}/apply`);
    await page.waitForURL('**/dev-login**');
    expect(returnTo(page)).toBe('/apply');
    await devSignIn(page, 'Applicant Return');
    await page.waitForURL(`${server.url}/apply`);

    const staff = await visitor();
    await staff.goto(`${server.url}/staff-apply`);
    const signIn = staff.getByRole('link', { name: /sign in|log in|login/i }).first();
    await signIn.waitFor();
    await signIn.click();
    await staff.waitForURL('**/dev-login**');
    expect(returnTo(staff)).toBe('/staff-apply');
    await devSignIn(staff, 'Staff Return');
    await staff.waitForURL(`${server.url}/staff-apply`);
  }, 60_000);

  it('/dev-login announces its errors, focuses the first invalid field and keeps the returnTo', async () => {
    const page = await visitor(360);
    await page.goto(`${server.url}/dev-login?returnTo=${encodeURIComponent('/addons')}`);
    await page.getByLabel('Discord ID').fill('not digits');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const username = page.getByLabel('Username');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('dev-username');
    expect(await username.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await username.getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy}`).getAttribute('role')).toBe('alert');
    expect(await page.locator(`#${describedBy}`).textContent()).toBe('Username is required.');
    expect(await page.getByLabel('Discord ID').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').allTextContents()).toEqual([
      'Username is required.',
      'Discord ID must be digits only (1 to 32).',
    ]);
    await shoot(page, 'dev-login-errors-360', { fullPage: true });
    await username.fill('Fixed Remy');
    await page.getByLabel('Discord ID').fill(randomDiscordId());
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/addons`);
  }, 60_000);

  it('the greeting links to /account and shows the whole name at 1280 px; only a long name is cut, with a title', async () => {
    for (const [username, width] of [
      ['Bayou_Player', 1280],
      ['Bayou_Player', 360],
      ['Evangeline Thibodeaux-Broussard', 1280],
      ['Evangeline Thibodeaux-Broussard', 360],
    ] as const) {
      const page = await visitor(width);
      await signInBrowser(page, server, { username });
      await page.goto(`${server.url}/gangs`);
      const greeting = page.getByRole('banner').getByRole('link', { name: `Welcome, ${username}: your account` });
      await greeting.waitFor();
      expect(await greeting.getAttribute('href')).toBe('/account');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.evaluate(async () => {
        await document.fonts.ready;
      });
      const cut = await greeting.evaluate((link) => {
        // sub-pixel sizes: the text's own width against the box that shows it
        const name = link.lastElementChild as HTMLElement;
        const range = document.createRange();
        range.selectNodeContents(name);
        return range.getBoundingClientRect().width > name.getBoundingClientRect().width + 0.01;
      });
      const long = username.length > 12;
      // a short name is never cut; a long one may be, and then the title carries it whole
      if (!long) expect({ username, width, cut }).toEqual({ username, width, cut: false });
      // the title carries a profile phrase, and for a long name the whole name first
      const title = (await greeting.getAttribute('title')) ?? '';
      if (long) expect(title.startsWith(`Welcome, ${username}. `)).toBe(true);
      else expect(title).not.toContain(username);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page.getByRole('banner'), `header-greeting-${width}-${long ? 'long' : 'short'}`);
      await page.context().close();
    }
  }, 90_000);
});
