import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot, agreeToTerms } from '../support/browser.ts';
import { signInBrowser } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

/**
 * Each membership dialog states what the server's preview says (amounts and dates) and its button names the action;
 * what the page says afterwards is that. axe finds nothing with each dialog open, at both widths.
 */
describe.runIf(browserAvailable)('membership dialogs on /account', () => {
  let server: TestServer;
  let browser: TestBrowser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const userIds = new Map<Page, string>();
  async function member(username: string, width: number, tier: string, card = '4242 4242 4242 4242'): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const signed = await signInBrowser(page, server, { username, email: `${username.toLowerCase()}@example.com` });
    userIds.set(page, signed.user.id);
    await page.goto(`${server.url}/stripe-checkout?type=whitelist&id=${tier}`);
    await agreeToTerms(page);
    await page.getByLabel('Card number').fill(card);
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay now \$/ }).click();
    await page.waitForURL('**/checkout-success?payment_intent=*');
    await page.goto(`${server.url}/account#membership`);
    await page.getByTestId('membership-status').waitFor();
    return page;
  }
  const preview = (page: Page, query: string) =>
    page.evaluate(async (q) => (await fetch(`/api/membership/preview?${q}`)).json(), query);
  const money = (dollars: number) => `$${dollars.toFixed(2)}`;

  /** the open dialog: checked with axe and at the width, photographed */
  async function opened(page: Page, name: string, shot: string) {
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('membership-preview').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, shot);
    expect(await dialog.getByRole('heading').first().textContent()).toBe(name);
    return dialog;
  }

  for (const width of [1280, 360]) {
    it(`upgrade, downgrade, cancel and resume say what they do and do it, at ${width} px`, async () => {
      const page = await member(`Dialogs${width}`, width, 'swamp-blood');
      const section = page.locator('#membership');
      const said = () =>
        page.getByRole('status').filter({ hasText: /Upgraded|starts at your next renewal|Canceled|Resumed/ });

      // upgrade: the amount is on the button, and is what is charged
      const upgrade = await preview(page, 'action=change-tier&tierId=gator-crown');
      await section.getByRole('button', { name: 'Change tier' }).click();
      await page
        .getByRole('dialog')
        .getByRole('listitem')
        .filter({ hasText: 'Gator Crown' })
        .getByRole('button')
        .click();
      const up = await opened(page, 'Upgrade to Gator Crown?', `membership-upgrade-dialog-${width}`);
      expect(await up.textContent()).toContain(`${money(upgrade.chargeNow)} is charged to your card now`);
      await up.getByRole('button', { name: `Pay ${money(upgrade.chargeNow)} and upgrade` }).click();
      await expect
        .poll(() => said().first().textContent())
        .toContain(`${money(upgrade.chargeNow)} charged now, ${upgrade.tokensNow} tokens added`);
      await expect.poll(() => section.getByTestId('membership-tier').textContent()).toBe('Gator Crown');

      // downgrade: nothing now, the named tier on the renewal date
      await section.getByRole('button', { name: 'Change tier' }).click();
      await page
        .getByRole('dialog')
        .getByRole('listitem')
        .filter({ hasText: 'Bayou Basic' })
        .getByRole('button')
        .click();
      const down = await opened(page, 'Switch to Bayou Basic at your renewal?', `membership-downgrade-dialog-${width}`);
      const downgrade = await preview(page, 'action=change-tier&tierId=bayou-basic');
      expect(await down.textContent()).toContain('Nothing is charged now.');
      await down.getByRole('button', { name: /^Switch on / }).click();
      await expect
        .poll(() => section.getByTestId('membership-next').textContent())
        .toContain(`${money(downgrade.nextCharge.amount)} (Bayou Basic)`);

      // cancel: benefits to the period's end, Resume offered
      await section.getByRole('button', { name: 'Cancel' }).click();
      const cancel = await opened(page, 'Cancel your Priority Pass?', `membership-cancel-dialog-${width}`);
      expect(await cancel.textContent()).toContain('You can resume any time before');
      await cancel.getByRole('button', { name: /^Cancel: benefits end / }).click();
      await expect.poll(() => section.getByTestId('membership-status').textContent()).toBe('Canceling');

      // resume: the next charge named on the button
      const resume = await preview(page, 'action=resume');
      await section.getByRole('button', { name: 'Resume' }).click();
      const back = await opened(page, 'Resume your Priority Pass?', `membership-resume-dialog-${width}`);
      await back.getByRole('button', { name: new RegExp(`^Resume: \\${money(resume.nextCharge.amount)} on `) }).click();
      await expect.poll(() => section.getByTestId('membership-status').textContent()).toBe('Active');
      await shoot(page, `membership-after-dialogs-${width}`, { fullPage: true });
      // the account page reads the game server's rule: whitelisted through the pass, ahead in the queue
      expect(await page.getByTestId('access-summary').textContent()).toContain('Your Gator Crown Priority Pass');
      const playerId = userIds.get(page);

      // staff read the same on the player page, with the pass and its story
      const staff = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
      const reviewer = await staff.newPage();
      await signInBrowser(reviewer, server, { username: `Staff${width}`, role: 'staff' });
      await reviewer.goto(`${server.url}/admin/players/${playerId}`);
      await reviewer.getByTestId('player-pass').waitFor();
      expect(await reviewer.getByTestId('player-whitelisted').textContent()).toBe('Yes (Priority Pass)');
      expect(await reviewer.getByTestId('player-pass').textContent()).toMatch(/^Gator Crown, active: renews /);
      await reviewer.getByText('Priority Pass tier changed to Gator Crown').first().waitFor();
      expect(await axeViolations(reviewer)).toEqual([]);
      expect(await fitsWidth(reviewer)).toBe(true);
      await shoot(reviewer, `player-page-pass-${width}`, { fullPage: true });
      await staff.close();
      await page.context().close();
    }, 120_000);
  }

  it('a past-due cancel says it ends now and cannot be resumed, and it ends, at 360 px', async () => {
    const page = await member('PastDue360', 360, 'parish-life', '4000 0000 0000 0341');
    const membership = await page.evaluate(async () => (await (await fetch('/api/membership')).json()).membership);
    await server.system.database.withContext(() =>
      server.system.core.memberships.renewDue.execute({
        now: new Date(new Date(membership.currentPeriodEnd).getTime() + 60_000),
      }),
    );
    await page.reload();
    const section = page.locator('#membership');
    await expect.poll(() => section.getByTestId('membership-status').textContent()).toBe('Past due');
    await section.getByRole('button', { name: 'Cancel' }).click();
    const dialog = await opened(page, 'End your Priority Pass now?', 'membership-cancel-past-due-dialog-360');
    expect(await dialog.textContent()).toContain('It cannot be resumed');
    expect(await dialog.textContent()).not.toContain('last until');
    await dialog.getByRole('button', { name: 'End membership now' }).click();
    await expect.poll(() => section.getByTestId('membership-status').textContent()).toBe('Ended');
    expect(await section.getByRole('button', { name: 'Resume' }).count()).toBe(0);
    await page.context().close();
  }, 90_000);
});
