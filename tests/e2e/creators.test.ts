import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot, agreeToTerms } from '../support/browser.ts';
import { signIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

describe.runIf(browserAvailable)('creator codes in Chromium: the admin screen, the checkout field, the account', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const pageAs = async (role: 'player' | 'admin', username: string, width: number) =>
    browser.pageAs(
      server,
      { role, username, email: `${username.toLowerCase()}@example.com` },
      // axe is injected into the page
      { width, bypassCSP: true },
    );

  async function pay(page: Page) {
    await agreeToTerms(page);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
  }

  for (const width of [1280, 360]) {
    it(`at ${width} px: an admin adds a creator, a buyer names the code, both see the figures, axe finds nothing`, async () => {
      const creator = await signIn(server, { username: `Marie${width}` });
      const code = `Marie${width}`;
      const { page: admin } = await pageAs('admin', `Admin${width}`, width);

      // from the dashboard to the Creators screen
      await admin.goto(`${server.url}/admin`);
      await admin.getByRole('link', { name: 'Creators', exact: true }).click();
      await admin.getByRole('heading', { level: 1, name: 'Creators' }).waitFor();
      await admin.getByRole('heading', { name: /^Report for / }).waitFor();
      // a refused add says why at the field
      await admin.getByLabel('Discord ID').fill(creator.user.discordId);
      await admin.getByRole('textbox', { name: /^Code/ }).fill('no spaces');
      await admin.getByLabel('Share (%)').fill('10');
      await admin.getByRole('button', { name: 'Add creator' }).click();
      await admin.getByText('A creator code has only letters, digits, - and _.').waitFor();
      expect(await axeViolations(admin), 'a refused add').toEqual([]);
      await admin.getByRole('textbox', { name: /^Code/ }).fill(code);
      await admin.getByRole('button', { name: 'Add creator' }).click();
      const row = admin.getByTestId('creator-row').filter({ hasText: code });
      await row.waitFor();
      expect(await row.innerText()).toContain(`Marie${width}`);
      expect(await axeViolations(admin), 'the Creators screen').toEqual([]);
      expect(await fitsWidth(admin)).toBe(true);
      await shoot(admin, `creators-admin-${width}`, { fullPage: true });

      // a buyer names the code at checkout: a wrong one is refused at the field, the right one applied
      const { page: buyer, signedIn: buyerSignedIn } = await pageAs('player', `Jean${width}`, width);
      await buyer.goto(`${server.url}/stripe-checkout?type=gang&id=starter-gang`);
      const field = buyer.getByLabel('Creator code');
      await field.waitFor();
      expect(await buyer.getByText('Optional. Supports a creator; no discount.').isVisible()).toBe(true);
      await field.fill('NOPE');
      await buyer.getByRole('button', { name: 'Apply creator' }).click();
      await buyer.getByText("No creator has the code 'NOPE'. Check the spelling, or leave the field empty.").waitFor();
      expect(await axeViolations(buyer), 'a refused creator code').toEqual([]);
      await shoot(buyer, `creators-checkout-refused-${width}`, { fullPage: true });
      await field.fill(code.toLowerCase());
      await buyer.getByRole('button', { name: 'Apply creator' }).click();
      await buyer.getByTestId('creator-code-applied').filter({ hasText: code }).waitFor();
      expect(await buyer.getByTestId('order-total').textContent()).toBe('$50');
      expect(await axeViolations(buyer), 'a creator code applied').toEqual([]);
      expect(await fitsWidth(buyer)).toBe(true);
      await shoot(buyer, `creators-checkout-applied-${width}`, { fullPage: true });
      await pay(buyer);
      await buyer.getByRole('button', { name: 'Pay now $50' }).click();
      await buyer.waitForURL('**/checkout-success?payment_intent=*');
      await expect.poll(() => buyer.getByTestId('creator-code').textContent()).toBe(code);

      // the purchase dialog names the code
      await admin.goto(`${server.url}/admin?buyer=${buyerSignedIn.user.discordId}`);
      await admin.getByRole('button', { name: 'View', exact: true }).first().click();
      const dialog = admin.getByRole('dialog', { name: 'Purchase details' });
      await expect.poll(() => dialog.getByTestId('purchase-creator-code').textContent()).toBe(code);
      await admin.keyboard.press('Escape');

      // the month's report on the admin screen
      await admin.goto(`${server.url}/admin/creators`);
      const reportRow = admin.getByTestId('report-row').filter({ hasText: code });
      await expect.poll(() => reportRow.innerText()).toMatch(/1[\s\S]*\$50\.00[\s\S]*\$5\.00/);
      await admin.getByLabel('Month').fill('2020-01');
      await admin.getByRole('heading', { name: 'Report for January 2020' }).waitFor();
      await expect.poll(() => reportRow.innerText()).toMatch(/0[\s\S]*\$0\.00/);
      expect(await axeViolations(admin), 'another month').toEqual([]);

      // the creator's own figures on /account
      const { page: own } = await browser.pageAs(
        server,
        { discordId: creator.user.discordId, username: `Marie${width}` },
        { width, bypassCSP: true },
      );
      await own.goto(`${server.url}/account`);
      const section = own.getByTestId('creator-section');
      await section.waitFor();
      expect(await section.innerText()).toContain(code);
      await expect
        .poll(() => section.getByTestId('creator-month').first().innerText())
        .toMatch(/\$50\.00[\s\S]*\$5\.00/);
      expect(await axeViolations(own), 'the creator section').toEqual([]);
      expect(await fitsWidth(own)).toBe(true);
      await shoot(own, `creators-account-${width}`, { fullPage: true });
      // the buyer's account names the code; a player who is no creator has no such section
      await buyer.goto(`${server.url}/account`);
      await buyer.getByTestId('purchase-row').first().waitFor();
      expect(await buyer.getByTestId('purchase-row').first().innerText()).toContain(`Creator code: ${code}`);
      expect(await buyer.getByTestId('creator-section').count()).toBe(0);

      // disabled from the screen
      await admin.getByRole('button', { name: `Disable the code ${code}` }).click();
      await row.filter({ hasText: 'Disabled' }).waitFor();
    }, 120_000);
  }
});
