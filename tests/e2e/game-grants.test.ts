import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, shoot, type TestBrowser } from '../support/browser.ts';
import { FakeFiveM } from '../support/fake-fivem.ts';
import { openFirstPurchase } from '../support/purchase-dialog.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const KEY = 'browser-grants-key-0123456789abcdef';
const GRANTS = { 'hood-package': { purchase: [{ command: 'addgang {discordId} hood' }] } };

describe.runIf(browserAvailable)('what a purchase gives in the game, in Chromium', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let dir: string;
  let fivem: FakeFiveM | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bayou-grants-e2e-'));
    writeFileSync(join(dir, 'grants.json'), JSON.stringify(GRANTS));
    [server, browser] = await Promise.all([
      startTestServer({
        ui: true,
        env: {
          GAME_API_KEY: KEY,
          GAME_GRANTS_FILE: join(dir, 'grants.json'),
          RATE_LIMIT_GAME_PER_MINUTE: '100000',
          RATE_LIMIT_WRITES_PER_MINUTE: '10000',
        },
      }),
      openBrowser(),
    ]);
  });
  afterAll(async () => {
    fivem?.stop();
    await browser?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const looked = async (page: Page, name: string, shown: Page | Locator = page) => {
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await shoot(shown, name, { fullPage: true });
  };

  it('the player waits for the server, sees it delivered; staff see the timeline and resend it', async () => {
    for (const width of [1280, 360]) {
      const { page, signedIn: player } = await browser.pageAs(
        server,
        { username: `Gang Leader ${width}` },
        { width, bypassCSP: true },
      );
      const { intentId } = await buyWithDemoCard(server.url, player, {
        productType: 'gang',
        productId: 'hood-package',
      });

      await page.goto(`${server.url}/checkout-success?payment_intent=${intentId}`);
      await page.getByText('Waiting for you to join the server').waitFor();
      await looked(page, `grants-success-waiting-${width}`);

      // the player is on the game server: the resource asks, runs it and reports it
      fivem?.stop();
      fivem = new FakeFiveM({ bayou_site_url: server.url, bayou_api_key: KEY, bayou_grants_poll_ms: '100' });
      fivem.seat([`discord:${player.user.discordId}`]);
      const command = `addgang ${player.user.discordId} hood`;
      await expect.poll(() => fivem?.state.commands.includes(command), { timeout: 10_000 }).toBe(true);
      await page.getByText(/Delivered in game on /).waitFor({ timeout: 10_000 });
      await looked(page, `grants-success-delivered-${width}`);

      await page.goto(`${server.url}/account`);
      const row = page.getByTestId('purchase-row').filter({ hasText: 'Hood Package' });
      expect(await row.getByTestId('in-game-status').textContent()).toMatch(/^Delivered in game on /);
      await looked(page, `grants-account-${width}`);
      await row.getByRole('link', { name: /Receipt for Hood Package/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Receipt' }).waitFor();
      expect(await page.getByTestId('in-game-status').textContent()).toMatch(/^Delivered in game on /);
      await looked(page, `grants-receipt-${width}`);

      const { page: admin } = await browser.pageAs(
        server,
        { role: 'admin', username: `Papa Legba ${width}` },
        { width, bypassCSP: true },
      );
      await admin.goto(`${server.url}/admin?buyer=${player.user.discordId}`);
      const dialog = await openFirstPurchase(admin);
      const grant = dialog.getByTestId('grant');
      await grant.first().waitFor();
      expect(await grant.first().textContent()).toContain('Delivered in game');
      expect(await grant.first().textContent()).toContain(command);
      expect(await grant.first().getByRole('list', { name: 'Timeline' }).textContent()).toMatch(/Ran on main/);
      await looked(admin, `grants-staff-dialog-${width}`, dialog.getByRole('region', { name: 'In game' }));

      await grant.first().getByRole('button', { name: 'Resend' }).click();
      await expect.poll(() => grant.count(), { timeout: 10_000 }).toBe(2);
      // the resent grant runs once more on the server, and its line says so
      await expect
        .poll(() => fivem?.state.commands.filter((each) => each === command).length, { timeout: 10_000 })
        .toBe(2);
      await admin.reload();
      await openFirstPurchase(admin);
      await expect
        .poll(
          async () =>
            (await dialog.getByTestId('grant').allTextContents()).filter((t) => t.includes('Delivered in game')).length,
          {
            timeout: 10_000,
          },
        )
        .toBe(2);
      await looked(admin, `grants-staff-resent-${width}`, dialog.getByRole('region', { name: 'In game' }));

      // the player's page lists the same grants, newest first
      await admin.goto(`${server.url}/admin/players/${player.user.id}`);
      const section = admin.getByRole('region', { name: 'In game' });
      await expect.poll(() => section.getByTestId('grant').count(), { timeout: 10_000 }).toBe(2);
      await looked(admin, `grants-player-page-${width}`);
    }
  }, 120_000);
});
