import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { randomDiscordId, signIn, signInBrowser } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

/**
 * The admin's walk across the dashboard and the player page: find a player by Discord id, open the purchase
 * from their timeline, refund it, and read the refund on the same timeline without a reload.
 */
describe.runIf(browserAvailable)('an admin refunds a purchase from the player page', () => {
  let server: TestServer;
  let browser: TestBrowser;
  const discordId = randomDiscordId();

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
    const player = await signIn(server, { discordId, username: 'Theo Guidry' });
    await buyWithDemoCard(server.url, player, { productType: 'whitelist', productId: 'swamp-blood' });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [1280, 360]) {
    it(`at ${width} px: finds the player by Discord id, refunds, and sees the timeline change`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, bypassCSP: true });
      const page = await context.newPage();
      await signInBrowser(page, server, { role: 'admin', username: `Odile ${width}` });
      await page.goto(`${server.url}/admin`);

      // every purchase row links its buyer to their page
      const rowLink = page.getByRole('table').getByRole('link', { name: 'Theo Guidry' });
      await rowLink.first().waitFor();
      const playerPath = await rowLink.first().getAttribute('href');
      expect(playerPath).toMatch(/^\/admin\/players\/[\w-]+$/);

      const search = page.getByRole('searchbox', { name: 'Find a player' });
      await search.fill(discordId);
      await page.getByRole('status').filter({ hasText: '1 player found.' }).waitFor();
      await page
        .getByRole('list', { name: 'Matching players' })
        .getByRole('link', { name: /Theo Guidry/ })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Theo Guidry' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(playerPath);

      const timeline = page.getByRole('list', { name: 'Timeline, newest first' });
      const purchaseEntry = timeline.getByRole('listitem').filter({ hasText: 'Purchase: Swamp Blood' });
      const tokens = page.getByTestId('player-tokens');
      if (width === 1280) {
        await purchaseEntry.getByText('Completed').waitFor();
        await tokens.filter({ hasText: /^100$/ }).waitFor();
        const view = purchaseEntry.getByRole('button', { name: /^View purchase/ });
        await view.click();
        const details = page.getByRole('dialog', { name: 'Purchase details' });
        await details.getByRole('button', { name: 'Refund', exact: true }).click();
        const confirm = page.getByRole('dialog', { name: 'Refund this purchase?' });
        // the confirmation names what the refund does before anything is sent
        await confirm.getByText('$60.00').first().waitFor();
        expect(await confirm.textContent()).toMatch(/100 tokens/);
        await confirm.getByLabel('Reason for the refund (required)').fill('Charged twice by the bank.');
        await confirm.getByRole('button', { name: 'Refund $60.00' }).click();
        await details.getByTestId('purchase-status').getByText('Refunded').waitFor();
        await shoot(page, 'admin-walk-refunded-1280');
        await page.keyboard.press('Escape');
        await details.waitFor({ state: 'detached' });
        // focus is back on the timeline's View button
        await expect.poll(() => view.evaluate((element) => element === document.activeElement)).toBe(true);
      }
      // the timeline and the balance read the refund without a reload
      await purchaseEntry.getByText('Refunded').waitFor();
      await tokens.filter({ hasText: /^0$/ }).waitFor();
      await timeline.getByText(/^Tokens [−-]100$/).waitFor();
      // the refund is its own entry, with the admin who made it and the reason
      const refund = timeline.getByRole('listitem').filter({ hasText: 'Swamp Blood: refunded' });
      expect(await refund.textContent()).toMatch(
        /By Odile 1280.*Charged twice by the bank\.|Charged twice by the bank\..*By Odile 1280/,
      );
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `admin-walk-timeline-${width}`, { fullPage: true });
      await context.close();
    });
  }
});
