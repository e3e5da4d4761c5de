import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot, agreeToTerms } from '../support/browser.ts';
import { runCliOn } from '../support/cli.ts';
import type { FakeTebex } from '../support/fake-tebex.ts';
import { signInBrowser } from '../support/session.ts';
import { startTebexTestServer } from '../support/tebex-server.ts';
import type { TestServer } from '../support/test-system.ts';

describe.runIf(browserAvailable)("buying through Tebex's checkout page", () => {
  let server: TestServer;
  let fake: FakeTebex;
  let stop: () => Promise<void>;
  let browser: TestBrowser;

  beforeAll(async () => {
    [{ server, fake, stop }, browser] = await Promise.all([startTebexTestServer({ ui: true }), openBrowser()]);
    expect((await runCliOn(server.system, ['tebex', 'sync'])).code).toBe(0);
  });
  afterAll(async () => {
    await browser?.close();
    await stop?.();
  });

  it('the order form sends the buyer to sign in and pay at Tebex, and back to the success page, at 1280 and 360 px', async () => {
    for (const width of [1280, 360]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      await signInBrowser(page, server, { username: `Tebex Buyer ${width}`, email: `tebex${width}@example.com` });
      await page.goto(`${server.url}/checkout?type=gang&id=hood-package`);
      await page.getByText('Payment method: Tebex checkout').waitFor();
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await agreeToTerms(page);
      const toTebex = page.getByRole('link', { name: 'Pay now $80 on Tebex' });
      await toTebex.waitFor();
      expect(await page.getByText('Payments are taken by Tebex').isVisible()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `tebex-order-${width}`, { fullPage: true });

      await toTebex.click();
      // Tebex's Cfx.re sign-in, then back through the site to Tebex's checkout with the package in the basket
      await page.getByRole('button', { name: 'Sign in with Cfx.re' }).click();
      await page.getByRole('heading', { name: 'Tebex Checkout' }).waitFor();
      expect(await page.getByText('Hood Package: $80.00').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Pay $80.00' }).click();

      await page.waitForURL(`${server.url}/checkout-success?**`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 })
        .toBe('Payment Successful!');
      expect(await page.getByTestId('product').textContent()).toBe('Hood Package');
      expect(await page.getByText('80 tokens were added to your balance').isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('banner').getByText('80', { exact: false }).count()).toBeGreaterThan(0);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `tebex-success-${width}`, { fullPage: true });
      await context.close();
    }
    expect(fake.sent.filter((sent) => sent.type === 'payment.completed').every((sent) => sent.status === 200)).toBe(
      true,
    );
  }, 90_000);

  it('a tier bought through Tebex is a membership the account page says Tebex manages; admins see who took it', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    await signInBrowser(page, server, { username: 'Tebex Member', email: 'member@example.com' });
    await page.goto(`${server.url}/checkout?type=whitelist&id=bayou-basic`);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await agreeToTerms(page);
    await page.getByRole('link', { name: 'Pay now $20 on Tebex' }).click();
    await page.getByRole('button', { name: 'Sign in with Cfx.re' }).click();
    await page.getByRole('button', { name: 'Pay $20.00' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 })
      .toBe('Payment Successful!');
    await page.goto(`${server.url}/account`);
    const note = page.getByTestId('membership-tebex');
    await note.waitFor();
    expect(await note.textContent()).toContain('Billed by Tebex');
    expect(await page.getByTestId('membership').getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page.getByTestId('membership'), 'tebex-account-membership-360');
    await context.close();

    for (const width of [1280, 360]) {
      const adminContext = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
      const admin = await adminContext.newPage();
      await signInBrowser(admin, server, { username: `Tebex Admin ${width}`, role: 'admin' });
      await admin.goto(`${server.url}/admin`);
      const gateways = admin.getByTestId('row-gateway');
      await gateways.first().waitFor();
      expect(await gateways.allTextContents()).toEqual(['via Tebex', 'via Tebex', 'via Tebex']);
      await admin.getByRole('button', { name: 'View', exact: true }).first().click();
      const dialog = admin.getByRole('dialog', { name: 'Purchase details' });
      await dialog.getByTestId('purchase-gateway').waitFor();
      expect(await dialog.getByTestId('purchase-gateway').textContent()).toBe('Tebex');
      expect(await dialog.getByText('refund it in the Tebex creator panel').isVisible()).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
      await shoot(admin, `tebex-admin-dialog-${width}`);
      await adminContext.close();
    }
  }, 90_000);
});
