import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAVOUR_PHRASES } from '../../ui/src/features/flavour/phrases.ts';
import { staffAnswers, whitelistAnswers } from '../support/application-builders.ts';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { client } from '../support/http.ts';
import { randomDiscordId, signIn, signInBrowser, type SignedIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

const REVIEW_MESSAGE = 'Write your own backstory and try again, cher.';

describe.runIf(browserAvailable)("/account: a player's purchases, receipts, tokens and applications", () => {
  let server: TestServer;
  let browser: TestBrowser;
  const aliceId = randomDiscordId();
  let alice: SignedIn;
  let bob: SignedIn;
  let swampBlood: { purchaseId: string; intentId: string };
  let bobsPurchase: { purchaseId: string; intentId: string };

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
    alice = await signIn(server, { discordId: aliceId, username: 'Alice Thibodeaux', email: 'alice@example.com' });
    bob = await signIn(server, { username: 'Bob Fontenot' });
    swampBlood = await buyWithDemoCard(server.url, alice, { productType: 'whitelist', productId: 'swamp-blood' });
    await buyWithDemoCard(server.url, alice, { productType: 'gang', productId: 'hood-package' });
    // tokens earned beside those bought: then 30 spent in game, taken from the earned ones first
    await server.system.database.withContext(async () => {
      await server.system.core.tokens.credit.execute({
        userId: alice.user.id,
        amount: 45,
        reason: 'Fishing derby prize',
      });
      await server.system.core.tokens.debit.execute({
        userId: alice.user.id,
        amount: 30,
        reason: 'In game: Boat fuel',
      });
    });
    const unban = await client(server.url, alice.cookie).post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'unban',
      productId: 'discord-unban',
      banReason: 'Banned for spamming the trade channel.',
    });
    expect(unban.status).toBe(200);
    const application = await client(server.url, alice.cookie).post('/api/applications', whitelistAnswers());
    expect(application.status).toBe(201);
    const reviewer = await signIn(server, { username: 'Marie Laveau', role: 'staff' });
    const reviewed = await client(server.url, reviewer.cookie).patch(
      `/api/applications/${application.body.id}/review`,
      { status: 'rejected', reviewNotes: 'Backstory copied from a wiki page.', applicantMessage: REVIEW_MESSAGE },
    );
    expect(reviewed.status).toBe(200);
    bobsPurchase = await buyWithDemoCard(server.url, bob, { productType: 'whitelist', productId: 'bayou-basic' });
    expect((await client(server.url, bob.cookie).post('/api/staff-applications', staffAnswers())).status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function alicePage(width: number): Promise<Page> {
    // a Louisiana player's clock: a day the server counts in UTC must not read as the day before
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      bypassCSP: true,
      timezoneId: 'America/Chicago',
    });
    const page = await context.newPage();
    await signInBrowser(page, server, { discordId: aliceId, username: 'Alice Thibodeaux' });
    return page;
  }

  const rowTexts = (page: Page, testId: string) =>
    page
      .getByTestId(testId)
      .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).innerText.replace(/\s+/g, ' ')));

  for (const width of [1280, 360]) {
    it(`lists only the player's own purchases, token changes and applications at ${width} px`, async () => {
      const page = await alicePage(width);
      await page.goto(`${server.url}/account`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('My Account');
      expect(FLAVOUR_PHRASES.profile).toContain(await page.getByTestId('flavour-phrase').textContent());
      await expect.poll(() => page.getByTestId('purchase-row').count()).toBe(3);
      const purchases = await rowTexts(page, 'purchase-row');
      expect(purchases[0]).toMatch(/Discord Unban.*\$19\.99.*Awaiting payment.*19 tokens once paid.*Details$/);
      // a receipt only for what was paid
      expect(purchases[0]).not.toContain('Receipt');
      expect(purchases[1]).toMatch(/Hood Package.*\$80\.00.*Completed.*pi_demo_\w+.*80 tokens/);
      expect(purchases[2]).toMatch(
        new RegExp(`Swamp Blood.*\\$60\\.00.*Completed.*${swampBlood.intentId}.*100 tokens`),
      );
      expect(purchases.join(' ')).toMatch(/[A-Z][a-z]{2} \d{2}, \d{4}/);
      expect(purchases.join(' ')).not.toContain('Bayou Basic');
      expect(purchases.join(' ')).not.toContain(bobsPurchase.intentId);

      await expect.poll(() => page.getByTestId('token-row').count()).toBe(4);
      const tokens = await rowTexts(page, 'token-row');
      expect(tokens[0]).toMatch(/\u221230 In game: Boat fuel.*195$/);
      expect(tokens[1]).toMatch(/\+45 Fishing derby prize.*225$/);
      expect(tokens[2]).toMatch(/\+80 bought.*Purchase: Hood Package.*180$/);
      expect(tokens[3]).toMatch(/\+100 bought.*Swamp Blood Priority Pass: month from .*100$/);
      await shoot(page.getByRole('region', { name: 'Token history' }), `account-tokens-${width}`);
      expect(await page.getByTestId('token-parts').textContent()).toBe(
        '195 tokens: 180 bought, 15 earned or granted. Spending uses the earned tokens first.',
      );

      await expect.poll(() => page.getByTestId('application-row').count()).toBe(1);
      const decided = await rowTexts(page, 'application-row');
      expect(decided[0]).toMatch(/Rejected.*Submitted [A-Z][a-z]{2} \d{2}, \d{4}.*Reviewed/);
      // the applicant reads the message written to them, never the staff's internal notes
      expect(decided[0]).toContain(REVIEW_MESSAGE);
      const mine = await client(server.url, alice.cookie).get('/api/applications/mine');
      const again = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(mine.body.applications[0].applyAgainAt),
      );
      expect(decided[0]).toContain(`You can apply again from ${again}.`);
      expect(decided[0]).not.toContain('wiki');
      expect(await page.getByText('You have not applied to join the staff.').isVisible()).toBe(true);

      if (width === 360) {
        expect(await fitsWidth(page)).toBe(true);
        // on a phone the table's header row is hidden and each purchase is a card of labelled lines
        expect(await page.locator('thead').first().isVisible()).toBe(false);
      }
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `account-${width}`, { fullPage: true });
      await page.context().close();
    }, 60_000);
  }

  it('opens a printable receipt with store, buyer, product, amount, date, status, transaction id and tokens', async () => {
    const page = await alicePage(1280);
    await page.goto(`${server.url}/account`);
    await page.getByRole('link', { name: /^Receipt for Swamp Blood/ }).click();
    await page.waitForURL(`**/account/receipts/${swampBlood.purchaseId}`);
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await receipt.waitFor();
    const text = (await receipt.innerText()).replace(/\s+/g, ' ');
    for (const expected of [
      'Store Bayou Roleplay',
      'Buyer Alice Thibodeaux alice@example.com',
      'Product Swamp Blood',
      'Amount $60.00 USD',
      'Status Completed',
      `Transaction ID ${swampBlood.intentId}`,
      'Tokens 100 tokens',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Date [A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}/);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'account-receipt-1280', { fullPage: true });

    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print receipt' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    // on paper only the receipt shows: no site header, no buttons
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('banner').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print receipt' }).isVisible()).toBe(false);
    expect(await page.getByText('Product', { exact: true }).isVisible()).toBe(true);
    await shoot(page, 'account-receipt-print', { fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    await page.setViewportSize({ width: 360, height: 800 });
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, 'account-receipt-360', { fullPage: true });

    // a checkout never paid has its details, not a receipt
    await page.goto(`${server.url}/account`);
    await page.getByRole('link', { name: /^Details of Discord Unban/ }).click();
    const details = page.getByRole('article', { name: 'Purchase details' });
    await details.waitFor();
    expect(await details.textContent()).toContain('StatusAwaiting payment');
    expect(await page.getByRole('button', { name: 'Print', exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Receipt', { exact: true }).count()).toBe(0);
    await shoot(page, 'account-purchase-details-360', { fullPage: true });
    await page.context().close();
  }, 60_000);

  it('tells a Priority Pass holder on /apply that the pass already lets them on the server, beside a refused application', async () => {
    const page = await alicePage(360);
    await page.goto(`${server.url}/apply`);
    const note = page.getByTestId('pass-gives-access');
    await note.waitFor();
    expect(await note.textContent()).toBe(
      'Your Swamp Blood Priority Pass already lets you on the server: whitelist access comes with it. An approved application keeps you whitelisted after the pass ends.',
    );
    // the refused application still reads as it was decided
    await page.getByText(REVIEW_MESSAGE).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, 'apply-pass-holder-360', { fullPage: true });
    await page.context().close();
  });

  it("never shows another player's receipt: their purchase id reads as not found", async () => {
    const page = await alicePage(1280);
    for (const id of [bobsPurchase.purchaseId, '00000000-0000-4000-8000-000000000000']) {
      await page.goto(`${server.url}/account/receipts/${id}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Receipt not found');
      expect(await page.getByText('Bayou Basic').count()).toBe(0);
      expect(await page.getByText(bobsPurchase.intentId).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Back to your account' }).getAttribute('href')).toBe('/account');
    }
    await page.context().close();
  }, 60_000);

  it('asks a signed-out visitor to sign in, and brings them back to /account', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/account`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in to see your account');
    expect(await page.getByTestId('purchase-row').count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'account-signed-out-360', { fullPage: true });
    await page.getByRole('link', { name: 'Sign in with Discord' }).click();
    await page.waitForURL('**/dev-login?returnTo=*');
    await page.getByLabel('Username').fill('Alice Thibodeaux');
    await page.getByLabel('Discord ID').fill(aliceId);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/account`);
    await expect.poll(() => page.getByTestId('purchase-row').count()).toBe(3);
    await context.close();
  }, 60_000);

  it('brings a signed-out visitor of a receipt back to that receipt after sign-in', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    const receiptPath = `/account/receipts/${swampBlood.purchaseId}`;
    await page.goto(`${server.url}${receiptPath}`);
    await page.getByRole('link', { name: 'Sign in with Discord' }).click();
    await page.waitForURL('**/dev-login?returnTo=*');
    await page.getByLabel('Username').fill('Alice Thibodeaux');
    await page.getByLabel('Discord ID').fill(aliceId);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}${receiptPath}`);
    await page.getByRole('article', { name: 'Receipt' }).waitFor();
    expect(await page.getByRole('article', { name: 'Receipt' }).innerText()).toContain(swampBlood.intentId);
    await context.close();
  }, 60_000);
});
