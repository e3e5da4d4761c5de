import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot, agreeToTerms } from '../support/browser.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

const DAY = 86_400_000;
const day = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' }).format(date);

describe.runIf(browserAvailable)('a Priority Pass membership in the browser', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const renewDue = (now: Date) =>
    server.system.database.withContext(() => server.system.core.memberships.renewDue.execute({ now }));
  const membershipOf = (page: Page) =>
    page.evaluate(async () => (await (await fetch('/api/membership')).json()).membership);

  async function pageAs(username: string, width: number): Promise<Page> {
    const who = { username, email: `${username.toLowerCase()}@example.com` };
    return (await browser.pageAs(server, who, { width, bypassCSP: true })).page;
  }

  it('buys Swamp Blood with 4242, renews a month later with the tokens doubled, cancels, and ends at the period end', async () => {
    const page = await pageAs('Marie', 1280);
    await page.goto(`${server.url}/whitelist`);
    await page.getByRole('button', { name: 'Purchase Swamp Blood' }).waitFor();
    expect(await page.getByTestId('billed-monthly').count()).toBe(5);
    expect(await page.getByTestId('billed-monthly').first().textContent()).toContain('Billed monthly, cancel anytime.');
    await shoot(page, 'membership-tiers-1280', { fullPage: true });

    await page.getByRole('button', { name: 'Purchase Swamp Blood' }).click();
    await page.waitForURL('**/stripe-checkout?type=whitelist&id=swamp-blood');
    // the address changes first; the tiers stay drawn until the checkout's code has loaded
    await agreeToTerms(page);
    await page.getByLabel('Card number').waitFor();
    expect(await page.getByTestId('billed-monthly').textContent()).toContain('Billed monthly, cancel anytime.');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay now $60' }).click();
    await page.waitForURL('**/checkout-success?payment_intent=*');
    const membership = await membershipOf(page);
    const renewal = new Date(membership.currentPeriodEnd);
    const success = page.getByTestId('billed-monthly');
    await success.waitFor();
    expect(await success.textContent()).toBe(`Billed monthly, cancel anytime. Next charge: ${day(renewal)}`);
    await expect.poll(() => page.getByTestId('token-balance').textContent()).toContain('100');
    await shoot(page, 'membership-success-1280', { fullPage: true });

    // the tiers page knows the player's tier: the others are a tier change from the account page
    await page.goto(`${server.url}/whitelist`);
    const mine = page.getByRole('article', { name: 'Swamp Blood' });
    await mine.getByTestId('your-tier').waitFor();
    expect(await page.getByTestId('your-tier').count()).toBe(1);
    expect(await mine.getByRole('link', { name: 'Manage membership' }).getAttribute('href')).toBe(
      '/account#membership',
    );
    const gator = page.getByRole('article', { name: 'Gator Crown' });
    expect(await gator.getByRole('link', { name: 'Change to Gator Crown' }).getAttribute('href')).toBe(
      '/account#membership',
    );
    expect(await page.getByRole('button', { name: /^Purchase / }).count()).toBe(0);
    // a member's tier change is billed on the membership's own dates, so the cards name no new charge date
    expect(await gator.getByTestId('billed-monthly').textContent()).toBe('Billed monthly, cancel anytime.');
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'membership-tiers-member-1280', { fullPage: true });

    // a month later the server's scheduler renews it
    await renewDue(new Date(renewal.getTime() + 3_600_000));
    await page.goto(`${server.url}/account`);
    await expect.poll(() => page.getByTestId('token-balance').textContent()).toContain('200');
    const section = page.getByTestId('membership');
    await expect.poll(() => section.getByTestId('membership-status').textContent()).toBe('Active');
    const renewed = await membershipOf(page);
    expect(await section.getByTestId('membership-next').textContent()).toBe(
      `Next renewal: ${day(new Date(renewed.currentPeriodEnd))}, $60.00`,
    );
    const grants = page.getByTestId('token-row').filter({ hasText: `month from ${monthDay(renewal)}` });
    await expect.poll(() => grants.count()).toBe(1);
    expect(await grants.first().textContent()).toContain('+100');
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'membership-account-active-1280', { fullPage: true });

    // cancel: benefits stay until the period's end
    await section.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog');
    // the dialog says what cancelling does once its preview has loaded
    await dialog.getByTestId('membership-preview').waitFor();
    expect(await dialog.textContent()).toContain(`benefits last until ${day(new Date(renewed.currentPeriodEnd))}`);
    await dialog.getByRole('button', { name: /^Cancel: benefits end / }).click();
    await expect.poll(() => section.getByTestId('membership-status').textContent()).toBe('Canceling');
    // the toaster is loaded lazily: the toast may come a moment after the refreshed status
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Canceled.' }).count()).toBe(1);
    expect(await section.getByTestId('membership-next').textContent()).toBe(
      `Ends on ${day(new Date(renewed.currentPeriodEnd))}. Nothing more will be charged.`,
    );
    expect(await section.getByRole('button', { name: 'Resume' }).isVisible()).toBe(true);
    await shoot(page, 'membership-account-canceling-1280', { fullPage: true });

    await renewDue(new Date(new Date(renewed.currentPeriodEnd).getTime() - 60_000));
    await page.reload();
    await expect.poll(() => section.getByTestId('membership-status').textContent()).toBe('Canceling');
    await renewDue(new Date(new Date(renewed.currentPeriodEnd).getTime() + 60_000));
    await page.reload();
    await expect.poll(() => section.getByTestId('membership-status').textContent()).toBe('Ended');
    expect(await page.getByTestId('token-balance').textContent()).toContain('200');
    await shoot(page, 'membership-account-ended-1280', { fullPage: true });
    await page.context().close();
  }, 90_000);

  it('a failed renewal shows a banner on every page with a link to update the card, at 360 px', async () => {
    const page = await pageAs('Celestine', 360);
    await page.goto(`${server.url}/stripe-checkout?type=whitelist&id=parish-life`);
    await agreeToTerms(page);
    await page.getByLabel('Card number').fill('4000 0000 0000 0341');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay now $40' }).click();
    await page.waitForURL('**/checkout-success?payment_intent=*');
    const membership = await membershipOf(page);
    await renewDue(new Date(new Date(membership.currentPeriodEnd).getTime() + 60_000));
    await page.goto(`${server.url}/gangs`);
    const banner = page.getByTestId('past-due-banner');
    await banner.waitFor();
    const graceEnd = new Date(new Date(membership.currentPeriodEnd).getTime() + 3 * DAY);
    expect(await banner.textContent()).toContain(`Your benefits last until ${day(graceEnd)}`);
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, 'membership-past-due-360', { fullPage: true });
    await banner.getByRole('link', { name: 'Update card' }).click();
    await page.waitForURL('**/account#membership');
    await expect.poll(() => page.getByTestId('membership-status').textContent()).toBe('Past due');
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, 'membership-account-past-due-360', { fullPage: true });

    // the player pays the missed month with another card, from the account page
    await page.getByRole('button', { name: 'Pay now with another card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay this month with another card' });
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry').fill('12 / 34');
    await dialog.getByLabel('CVC').fill('123');
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, 'membership-pay-renewal-360', { fullPage: true });
    await dialog.getByRole('button', { name: 'Pay now $40.00' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Paid. Your Parish Life membership is active again, and 50 tokens were added.' })
      .waitFor();
    await expect.poll(() => page.getByTestId('membership-status').textContent()).toBe('Active');
    expect(await page.getByTestId('past-due-banner').count()).toBe(0);
    expect((await membershipOf(page)).status).toBe('active');
    await shoot(page, 'membership-account-repaid-360', { fullPage: true });
    await page.context().close();
  }, 90_000);
});

function monthDay(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}
