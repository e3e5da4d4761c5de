import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { client } from '../support/http.ts';
import { randomDiscordId, type SignInOptions, signIn, signInBrowser } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

const WIDTHS = [1280, 360] as const;

/**
 * The dialogs that take money or tokens, in Chromium at both widths: the upgrade under an every-month coupon, a
 * gifted pass on its recipient's account, a gift's refund, the token adjustment, and the dashboard's MRR.
 */
describe.runIf(browserAvailable)('dialogs that name who pays, in Chromium', () => {
  /** the server's clock: the pass is bought on the 4th and changed on the 19th */
  let now = new Date('2026-11-04T12:00:00Z');
  let server: TestServer;
  let browser: TestBrowser;
  let member: { discordId: string };
  let giver: { discordId: string };
  let friend: { id: string; discordId: string };
  /** the recipient's name as the site shows it */
  let friendName: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ ui: true, clock: { now: () => now } }), openBrowser()]);
    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    const coupon = await admin.post('/api/coupons', {
      code: 'BAYOU25',
      percentOff: 25,
      productTypes: ['whitelist'],
      months: 'forever',
    });
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(201);
    const buyer = await signIn(server, { username: 'Remy' });
    member = buyer.user;
    await buyWithDemoCard(server.url, buyer, {
      productType: 'whitelist',
      productId: 'bayou-basic',
      couponCode: 'BAYOU25',
    });
    const gifting = await signIn(server, { username: 'Papa' });
    giver = gifting.user;
    const friendId = randomDiscordId();
    const http = client(server.url, gifting.cookie);
    const started = await http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'swamp-blood',
      giftTo: friendId,
      giftMonths: 3,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await http.post('/api/payments/demo/confirm', {
      clientSecret: started.body.clientSecret,
      cardNumber: '4242424242424242',
    });
    await http.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId });
    friend = (await signIn(server, { discordId: friendId, username: 'Marigold' })).user;
    const profile = (await admin.get(`/api/players/${friend.id}`)).body;
    friendName = (profile.player ?? profile).name;
    expect(friendName).toBeTruthy();
    now = new Date('2026-11-19T12:00:00Z');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function pageAs(who: SignInOptions, width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    await signInBrowser(page, server, who);
    return page;
  }

  async function looked(page: Page, name: string): Promise<void> {
    await shoot(page, name);
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
  }

  it.each(WIDTHS)(
    'the upgrade under a coupon says the coupon comes off either tier and names the renewal with it (%i px)',
    async (width) => {
      const page = await pageAs({ discordId: member.discordId, username: 'Remy' }, width);
      await page.goto(`${server.url}/account`);
      await page.getByRole('button', { name: 'Change tier' }).click();
      await page.getByRole('listitem').filter({ hasText: 'Parish Life' }).getByRole('button').click();
      const dialog = page.getByRole('dialog', { name: 'Upgrade to Parish Life?' });
      const preview = dialog.getByTestId('membership-preview');
      await preview.waitFor();
      const text = await preview.textContent();
      expect(text).toContain(
        "Your coupon BAYOU25 takes the same $5.00 off this month whichever tier you hold, so the charge is the tiers' difference.",
      );
      expect(text).toContain('you pay $35.00 (your coupon BAYOU25 takes $5.00 off) a month.');
      await looked(page, `dialogs-who-pays/upgrade-under-coupon-${width}`);
    },
  );

  it.each(WIDTHS)("a gifted pass's account says its tokens came at once and when it ends (%i px)", async (width) => {
    const page = await pageAs({ discordId: friend.discordId, username: 'Marigold' }, width);
    await page.goto(`${server.url}/account`);
    const card = page.getByTestId('membership');
    await card.getByTestId('membership-gifted').waitFor();
    expect(await card.getByTestId('membership-terms').textContent()).toBe('A 3-month gift · 300 tokens, all at once');
    expect(await card.getByTestId('membership-gifted').textContent()).toContain(
      'all 300 tokens were added at once on Nov 04, 2026, and no more follow',
    );
    expect(await card.textContent()).not.toContain('every month');
    await card.scrollIntoViewIfNeeded();
    await looked(page, `dialogs-who-pays/gifted-pass-account-${width}`);
  });

  it.each(WIDTHS)(
    "a gift's refund names the recipient whose tokens come back; MRR counts the coupon and not the gift (%i px)",
    async (width) => {
      const page = await pageAs({ role: 'admin', username: `Admin${width}` }, width);
      await page.goto(`${server.url}/admin`);
      // Remy's Bayou Basic renews at $15.00; the gifted Swamp Blood renews at nothing
      await expect.poll(() => page.getByTestId('mrr').textContent()).toBe('$15.00');
      await page.getByTestId('mrr').scrollIntoViewIfNeeded();
      await shoot(page, `dialogs-who-pays/mrr-strip-${width}`);
      await page.getByLabel('Buyer (name or Discord id)').fill(giver.discordId);
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL(/buyer=/);
      await page.getByRole('button', { name: 'View', exact: true }).first().click();
      const details = page.getByRole('dialog', { name: 'Purchase details' });
      await details.getByRole('button', { name: 'Refund', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Refund this purchase?' });
      await confirm.waitFor();
      const terms = await confirm.textContent();
      expect(terms).toContain(`300 tokens will be removed from ${friendName} (the gift's recipient).`);
      expect(terms).toContain(`The reason shows in the token history of ${friendName} (the gift's recipient).`);
      expect(terms).toContain('The gifted Priority Pass ends now: it was paid back whole.');
      expect(terms).not.toContain('from the buyer');
      await looked(page, `dialogs-who-pays/gift-refund-${width}`);
    },
  );

  it.each(WIDTHS)('the token adjustment names whose balance and what it leaves (%i px)', async (width) => {
    const page = await pageAs({ role: 'admin', username: `Tokens${width}` }, width);
    await page.goto(`${server.url}/admin/players/${friend.id}`);
    await page.getByRole('button', { name: 'Adjust tokens' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust tokens' });
    await dialog.getByRole('radio', { name: 'Take tokens' }).check();
    await dialog.getByLabel('Amount').fill('50');
    expect(await dialog.getByTestId('token-change').textContent()).toBe(
      `${friendName} holds 300 tokens. Taking 50 leaves 250.`,
    );
    await dialog.getByRole('button', { name: `Take 50 tokens from ${friendName}` }).waitFor();
    await looked(page, `dialogs-who-pays/token-adjustment-${width}`);
  });
});
