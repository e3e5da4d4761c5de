import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../ui/src/config/paths.ts';
import { appealAnswers } from '../support/application-builders.ts';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { client } from '../support/http.ts';
import { devSignIn, randomDiscordId, signIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import type { TestServer } from '../support/test-system.ts';

const DAY = 86_400_000;
/** a date input's value for `date` in this process's (and the browser's) time zone */
const dateInput = (date: Date) =>
  new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
/** the screens' day: 'MMM dd, yyyy' */
const shown = (date: Date) =>
  `${date.toLocaleString('en-US', { month: 'short' })} ${String(date.getDate()).padStart(2, '0')}, ${date.getFullYear()}`;

const toastText = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: title })
    .textContent();

describe.runIf(browserAvailable)('staff screens that say what the site does', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the Coupons screen sets a start, single products and a per-player limit, lists every limit, and the toast says when the coupon works', async () => {
    for (const width of [1280, 360]) {
      const { page } = await browser.pageAs(
        server,
        { username: `Coupon Keeper ${width}`, role: 'admin' },
        { width, bypassCSP: true, reducedMotion: 'reduce' },
      );
      await page.goto(`${server.url}${paths.adminCoupons}`);
      const form = page.getByRole('group', { name: 'New coupon' });
      await form.waitFor();

      // checked before anything is sent, in words
      await form.getByLabel('Code').fill(`WORDS${width}`);
      await form.getByLabel('Percent off').fill('150');
      await form.getByLabel('Uses per player').fill('0');
      await page.getByRole('button', { name: 'Create coupon' }).click();
      await form.getByText('A percent is a whole number from 1 to 100.').waitFor();
      expect(await form.getByText('Uses per player is a whole number from 1 to 1,000,000').isVisible()).toBe(true);
      expect(await page.locator('body').textContent()).not.toMatch(/percentOff|perPlayer/);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `staff-screens/coupons-errors-${width}`, { fullPage: true });
      await shoot(form, `staff-screens/coupons-form-errors-${width}`);

      const starts = new Date(Date.now() + 5 * DAY);
      const ends = new Date(Date.now() + 20 * DAY);
      const code = `LATER${width}`;
      await form.getByLabel('Code').fill(code);
      await form.getByLabel('Percent off').fill('25');
      await form.getByLabel('Uses per player').fill('2');
      await form.getByLabel('Single products it takes').selectOption(['hood-package', 'swamp-blood']);
      await form.getByLabel('Starts on').fill(dateInput(starts));
      await form.getByLabel('Expires after').fill(dateInput(ends));
      await form.getByLabel('Priority Pass months').fill('3');
      await page.getByRole('button', { name: 'Create coupon' }).click();
      await expect
        .poll(() => toastText(page, 'Coupon created'))
        .toContain(`${code} can be used from ${shown(starts)} until ${shown(ends)}.`);
      const row = page.getByTestId('coupon-row').filter({ hasText: code });
      await row.waitFor();
      const text = await row.textContent();
      expect(text).toContain('Swamp Blood, Hood Package');
      expect(text).toContain('0 of unlimited; 2 per player');
      expect(text).toContain('First 3 months');
      expect(text).toContain(`From ${shown(starts)}, until ${shown(ends)}`);
      expect(text).toContain('Not started');
      expect(text).not.toContain('hood-package');
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `staff-screens/coupons-created-${width}`, { fullPage: true });
      await shoot(row, `staff-screens/coupons-row-${width}`);

      // created already expired: the toast says so, not "can be used now"
      const old = `OLDCODE${width}`;
      await form.getByLabel('Code').fill(old);
      await form.getByLabel('Percent off').fill('10');
      await form.getByLabel('Expires after').fill(dateInput(new Date(Date.now() - 3 * DAY)));
      await page.getByRole('button', { name: 'Create coupon' }).click();
      await expect
        .poll(() => toastText(page, 'Coupon created, but not usable'))
        .toContain(`${old} expired on ${shown(new Date(Date.now() - 3 * DAY))}: no checkout will take it.`);
      expect(await page.getByTestId('coupon-row').filter({ hasText: old }).textContent()).toContain('Expired');
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `staff-screens/coupons-expired-toast-${width}`);
      await page.context().close();
    }
  }, 120_000);

  it('the ban dialog and the player page say what a ban does; the permission editor names what comes with Issue refunds', async () => {
    for (const width of [1280, 360]) {
      const target = await signIn(server, { username: `Bayou Target ${width}` });
      const banned = await signIn(server, { username: `Bayou Banned ${width}` });
      const { core, database } = server.system;
      await database.withContext(() => core.users.ban.execute({ userId: banned.user.id, reason: 'Combat logging' }));
      const { page } = await browser.pageAs(
        server,
        { username: `Ban Admin ${width}`, role: 'admin' },
        { width, bypassCSP: true, reducedMotion: 'reduce' },
      );

      await page.goto(`${server.url}/admin/players/${banned.user.id}`);
      await page.getByTestId('player-ban').waitFor();
      expect(await page.getByTestId('player-ban').textContent()).toMatch(/^Banned since /);
      expect(await page.getByTestId('player-store').textContent()).toBe('Cannot buy: the account is banned');
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `staff-screens/player-banned-${width}`, { fullPage: true });

      await page.goto(`${server.url}/admin/players/${target.user.id}`);
      await page.getByRole('button', { name: 'Ban', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Ban this player' });
      expect(await dialog.textContent()).toContain(
        `Bayou Target ${width} can still sign in, but only to a restricted session that shows the reason and reaches nothing but their ban appeal. They cannot buy, use the rest of the site or join the game server.`,
      );
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `staff-screens/ban-dialog-${width}`);
      await page.keyboard.press('Escape');

      const section = page.getByRole('region', { name: 'Permissions' });
      const refund = section.getByRole('checkbox', { name: 'Issue refunds', exact: true });
      const purchases = section.getByRole('checkbox', { name: 'View purchases and revenue', exact: true });
      const describedBy = (box: typeof refund) =>
        box.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent);
      expect(await describedBy(refund)).toBe('Not held. Granting it brings View purchases and revenue');
      await refund.check();
      expect(await describedBy(refund)).toBe('Will be granted, with View purchases and revenue');
      expect(await describedBy(purchases)).toBe('Will come with Issue refunds');
      expect(await purchases.isChecked()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(section, `staff-screens/permissions-refund-ticked-${width}`);
      await page.context().close();
    }
  }, 120_000);

  it('the appeal review speaks of appeals and stops an empty denial message before the final question', async () => {
    const discordId = randomDiscordId();
    const appellant = await signIn(server, { discordId, username: 'Appeal Texts' });
    const { core, database } = server.system;
    await database.withContext(() => core.users.ban.execute({ userId: appellant.user.id, reason: 'Fail RP' }));
    const filed = await client(server.url, appellant.cookie).post('/api/appeals', appealAnswers());
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    for (const width of [1280, 360]) {
      const { page } = await browser.pageAs(
        server,
        { username: `Appeal Reader ${width}`, role: 'staff' },
        { width, bypassCSP: true, reducedMotion: 'reduce' },
      );
      await page.goto(`${server.url}${paths.adminAppeals}`);
      const table = page.getByRole('table', { name: 'Ban appeals, newest first' });
      await table.waitFor();
      await page.locator(`[data-application-id="${filed.body.id}"]`).getByRole('button', { name: 'Review' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Deny' }).click();
      const message = dialog.getByLabel('Message to the player (required to deny)');
      await expect.poll(() => message.getAttribute('aria-invalid')).toBe('true');
      expect(await dialog.getByRole('group', { name: 'Confirm the decision' }).count()).toBe(0);
      expect(await dialog.textContent()).toContain('Write the player a message saying why the appeal is denied.');
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `staff-screens/appeal-deny-empty-${width}`);

      await message.fill('The clip shows you drew first.');
      await dialog.getByRole('button', { name: 'Deny' }).click();
      const question = dialog.getByRole('group', { name: 'Confirm the decision' });
      expect(await question.textContent()).toContain(
        'Deny the appeal from Appeal Texts? This is final: it cannot be changed afterwards, and the player is told.',
      );
      expect(await dialog.textContent()).not.toMatch(/application|applicant/i);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `staff-screens/appeal-deny-question-${width}`);
      await page.context().close();
    }
  }, 120_000);

  it("a gift's purchase dialog names each delivery's recipient once", async () => {
    const buyer = await signIn(server, { username: 'Gift Texts Buyer' });
    const friendId = randomDiscordId();
    const { purchaseId } = await buyWithDemoCard(server.url, buyer, {
      productType: 'gang',
      productId: 'hood-package',
      giftTo: friendId,
    } as Parameters<typeof buyWithDemoCard>[2]);
    await devSignIn(server.url, { discordId: friendId, username: 'Gift Texts Friend' });
    for (const width of [1280, 360]) {
      const { page } = await browser.pageAs(
        server,
        { username: `Gift Texts Admin ${width}`, role: 'admin' },
        { width, bypassCSP: true, reducedMotion: 'reduce' },
      );
      await page.goto(`${server.url}${paths.admin}?buyer=${buyer.user.discordId}`);
      // the buyer's own row, not whichever View button the page shows first while its list loads
      await page
        .getByRole('row')
        .filter({ hasText: 'Gift Texts Buyer' })
        .getByRole('button', { name: 'View', exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Purchase details' });
      const deliveries = dialog.getByTestId('purchase-deliveries');
      await deliveries.waitFor();
      const text = (await deliveries.textContent()) ?? '';
      expect(text).toContain('Gift Texts Friend, the recipient');
      expect(text).toContain('Message to the buyer');
      expect(text.match(/Not configured/g)?.length ?? 0).toBeLessThanOrEqual(1);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `staff-screens/gift-dialog-${width}`);
      await deliveries.scrollIntoViewIfNeeded();
      await shoot(deliveries, `staff-screens/gift-deliveries-${width}`);
      await page.context().close();
    }
    expect(purchaseId).toBeTruthy();
  }, 120_000);
});
