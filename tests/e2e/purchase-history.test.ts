import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { client } from '../support/http.ts';
import { randomDiscordId, signIn, signInBrowser, type SignedIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

/**
 * A player who paid once, had a card declined, replaced a checkout by one without its coupon, left another unpaid
 * past its payment window, and has one open now: the account lists what was paid, tried or is open, and staff see
 * the rest only when they ask for unpaid checkouts.
 */
describe.runIf(browserAvailable)('/account and /admin: a purchase history of real purchases', () => {
  let server: TestServer;
  let browser: TestBrowser;
  const playerId = randomDiscordId();
  let player: SignedIn;
  const username = `Odile_${Date.now()}`;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
    player = await signIn(server, { discordId: playerId, username });
    const http = client(server.url, player.cookie);
    const { database, core } = server.system;
    await buyWithDemoCard(server.url, player, { productType: 'gang', productId: 'starter-gang' });
    const declined = await http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'bayou-basic',
    });
    await http.post('/api/payments/demo/confirm', {
      clientSecret: declined.body.clientSecret,
      cardNumber: '4000000000000002',
    });
    const lapsed = await http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'swamp-blood',
    });
    await database.withContext(() =>
      database.em
        .getConnection()
        .execute(`update purchases set created_at = now() - interval '20 minutes' where id = ?`, [
          lapsed.body.purchaseId,
        ]),
    );
    expect((await database.withContext(() => core.purchases.reconcile.execute({ all: true }))).failed).toContain(
      lapsed.body.purchaseId,
    );
    // a checkout with a coupon, then the same item without it: the first is replaced, the second stays open
    await database.withContext(() =>
      core.promotions.createCoupon.execute({ code: 'ODILE10', percentOff: 10, createdBy: null }),
    );
    const item = { productType: 'gang', productId: 'hood-package' };
    const withCoupon = await http.post('/api/create-payment-intent', { ...AGREED, ...item, couponCode: 'ODILE10' });
    expect(withCoupon.status, JSON.stringify(withCoupon.body)).toBe(200);
    const open = await http.post('/api/create-payment-intent', { ...AGREED, ...item });
    expect(open.body.purchaseId).not.toBe(withCoupon.body.purchaseId);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function pageAt(width: number, who: { discordId: string; username: string; role?: 'admin' }): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await signInBrowser(page, server, who);
    return page;
  }

  const rowTexts = (page: Page) =>
    page
      .getByTestId('purchase-row')
      .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).innerText.replace(/\s+/g, ' ')));

  for (const width of [1280, 360]) {
    it(`lists what was paid, declined or is open, never a checkout replaced or left unpaid, at ${width} px`, async () => {
      const page = await pageAt(width, { discordId: playerId, username });
      await page.goto(`${server.url}/account`);
      await expect.poll(() => page.getByTestId('purchase-row').count()).toBe(3);
      const rows = await rowTexts(page);
      expect(rows[0]).toMatch(
        /Hood Package.*\$80\.00.*Awaiting payment.*Checkout open: nothing is taken until you pay\./,
      );
      expect(rows[1]).toMatch(/Bayou Basic.*Failed.*Your card was declined\. You were not charged\./);
      expect(rows[2]).toMatch(/Starter Gang.*Completed/);
      const text = await page.locator('main').innerText();
      expect(text).not.toContain('Replaced by');
      expect(text).not.toContain('No payment after');
      expect(text).not.toContain('Swamp Blood');
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `purchase-history/account-${width}`, { fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      // the declined one's details say the same
      await page.getByRole('link', { name: /^Details of Bayou Basic/ }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Purchase details');
      expect(await page.locator('#receipt').innerText()).toContain('Your card was declined. You were not charged.');
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `purchase-history/details-${width}`, { fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    });

    it(`counts only purchases on the dashboard, and shows unpaid checkouts when asked, at ${width} px`, async () => {
      const page = await pageAt(width, { discordId: randomDiscordId(), username: `Admin_${width}`, role: 'admin' });
      await page.goto(`${server.url}/admin?buyer=${username}`);
      const total = page.getByTestId('summary-total-purchases');
      await expect.poll(() => total.textContent()).toBe('3');
      expect(await page.getByTestId('summary-other').innerText()).toContain('1 failed');
      await shoot(page, `purchase-history/admin-${width}`, { fullPage: true });
      await page.getByLabel('Show unpaid checkouts').check();
      await expect.poll(() => total.textContent()).toBe('5');
      expect(await page.getByTestId('summary-other').innerText()).toContain('3 failed');
      expect(page.url()).toContain('unpaid=1');
      await expect.poll(() => page.getByText('Unpaid checkout: no payment tried').count()).toBe(2);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `purchase-history/admin-unpaid-${width}`, { fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    });
  }
});
