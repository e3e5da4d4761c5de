import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot, agreeToTerms } from '../support/browser.ts';
import { randomDiscordId } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

describe.runIf(browserAvailable)('buying as a gift in Chromium', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const tokens = (page: Page) =>
    page.evaluate(async () => (await (await fetch('/api/user/tokens')).json()).tokens as number);

  async function payAsGift(page: Page, recipient: string, total: string, months?: string) {
    await page.getByLabel('Buy as a gift').check();
    await page.getByLabel("Recipient's Discord ID or player name").fill(recipient);
    if (months) await page.getByLabel('Months').selectOption(months);
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe(total);
    expect(await page.getByTestId('gift-summary').textContent()).toContain(`Gift for ${recipient}`);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await agreeToTerms(page);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: `Pay now ${total}` }).click();
    await page.waitForURL('**/checkout-success?payment_intent=*');
  }

  it('a gang package for a player who has never signed in: they find it on /account after their first sign-in', async () => {
    const friendId = randomDiscordId();
    // axe is injected into the page
    const { page: buyer } = await browser.pageAs(
      server,
      { username: 'Gift Giver', email: 'giver@example.com' },
      { bypassCSP: true },
    );
    await buyer.goto(`${server.url}/stripe-checkout?type=gang&id=hood-package`);
    // the payment waits for the recipient
    await buyer.getByLabel('Buy as a gift').check();
    expect(await buyer.getByLabel('Card number').count()).toBe(0);
    await buyer.getByRole('button', { name: 'Continue to payment' }).click();
    await buyer.locator('[aria-invalid="true"]').first().waitFor();
    expect(await buyer.getByText("Enter the recipient's Discord ID or player name.").isVisible()).toBe(true);
    expect(await axeViolations(buyer)).toEqual([]);
    await shoot(buyer, 'gift-checkout-empty-recipient-1280');

    await payAsGift(buyer, friendId, '$80');
    await buyer.getByTestId('gift-outcome').waitFor();
    expect(await buyer.getByTestId('gift-outcome').textContent()).toBe(
      `${friendId} receives your gift when they first sign in to the store.`,
    );
    expect(await buyer.getByTestId('gift').textContent()).toContain(`Gift for ${friendId}`);
    expect(await tokens(buyer)).toBe(0);
    await shoot(buyer, 'gift-checkout-success-1280');
    await buyer.goto(`${server.url}/account`);
    await expect
      .poll(() => buyer.getByTestId('purchase-gift').first().textContent())
      .toBe(`Gift to ${friendId}, waiting for their first sign-in`);

    const { page: friend } = await browser.pageAs(
      server,
      { discordId: friendId, username: 'Gift Friend' },
      { bypassCSP: true },
    );
    await friend.goto(`${server.url}/account`);
    await expect.poll(() => friend.getByTestId('purchase-gift').first().textContent()).toBe('Gift from Gift Giver');
    expect(await tokens(friend)).toBe(80);
    expect(await axeViolations(friend)).toEqual([]);
    await shoot(friend, 'gift-account-received-1280');
    await buyer.reload();
    await expect.poll(() => buyer.getByTestId('purchase-gift').first().textContent()).toBe('Gift to Gift Friend');
  });

  it('a 3-month Priority Pass at 360 px: priced for 3 months, and the recipient holds a gifted pass that does not renew', async () => {
    const friendId = randomDiscordId();
    // axe is injected into the page
    const { page: buyer } = await browser.pageAs(server, { username: 'Pass Giver' }, { width: 360, bypassCSP: true });
    await buyer.goto(`${server.url}/stripe-checkout?type=whitelist&id=swamp-blood`);
    await buyer.getByLabel('Buy as a gift').check();
    await buyer.getByLabel('Months').selectOption('3');
    expect(await fitsWidth(buyer)).toBe(true);
    expect(await axeViolations(buyer)).toEqual([]);
    await shoot(buyer, 'gift-checkout-pass-360');
    await payAsGift(buyer, friendId, '$180', '3');

    const { page: friend } = await browser.pageAs(
      server,
      { discordId: friendId, username: 'Pass Friend' },
      { width: 360, bypassCSP: true },
    );
    await friend.goto(`${server.url}/account`);
    await friend.getByTestId('membership-gifted').waitFor();
    expect(await friend.getByTestId('membership-gifted').textContent()).toMatch(
      /^A gift: all 300 tokens were added at once on .+, and no more follow\./,
    );
    expect(await friend.getByTestId('membership-next').textContent()).toMatch(
      /^Ends on .+\. Nothing more will be charged\.$/,
    );
    expect(await friend.getByRole('button', { name: 'Resume' }).count()).toBe(0);
    expect(await tokens(friend)).toBe(300);
    expect(await fitsWidth(friend)).toBe(true);
    expect(await axeViolations(friend)).toEqual([]);
    await shoot(friend, 'gift-account-pass-360');
  });
});
