import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { whitelistAnswers } from '../support/application-builders.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { client } from '../support/http.ts';
import { randomDiscordId, signIn, signInBrowser, type SignedIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

/** 64 characters without a break: the longest Discord name the page must hold without scrolling sideways. */
const LONG_NAME = `gator${'x'.repeat(55)}bait`;

describe.runIf(browserAvailable)('the player page', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let player: SignedIn;
  const playerDiscordId = randomDiscordId();
  let playerPath: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
    expect(LONG_NAME).toHaveLength(64);
    player = await signIn(server, { discordId: playerDiscordId, username: LONG_NAME });
    playerPath = `/admin/players/${player.user.id}`;
    await buyWithDemoCard(server.url, player, { productType: 'whitelist', productId: 'bayou-basic' });
    const application = await client(server.url, player.cookie).post('/api/applications', whitelistAnswers());
    expect(application.status).toBe(201);
    const reviewer = await signIn(server, { username: 'Rita Reviewer', role: 'staff' });
    const decision = await client(server.url, reviewer.cookie).patch(
      `/api/applications/${application.body.id}/review`,
      {
        status: 'approved',
        reviewNotes: 'Strong backstory, welcome aboard.',
      },
    );
    expect(decision.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function pageAs(role: 'staff' | 'admin', width: number): Promise<{ page: Page; me: SignedIn }> {
    const who = { role, username: `${role === 'admin' ? 'Ada' : 'Sam'} ${width}` };
    const { page, signedIn } = await browser.pageAs(server, who, { width, height: 800, bypassCSP: true });
    return { page, me: signedIn };
  }

  const tokens = (page: Page) => page.getByTestId('player-tokens').textContent();
  const timelineTop = (page: Page) =>
    page.getByRole('list', { name: 'Timeline, newest first' }).getByRole('listitem').first();

  it('staff find a player by Discord id with the search box and read the timeline, without admin actions', async () => {
    for (const width of [1280, 360]) {
      const { page, me } = await pageAs('staff', width);
      // the search box is on every player page: start from the staff member's own
      await page.goto(`${server.url}/admin/players/${me.user.id}`);
      const search = page.getByRole('searchbox', { name: 'Find a player' });
      await search.fill(playerDiscordId);
      await page.getByRole('status').filter({ hasText: '1 player found.' }).waitFor();
      // the match, with its 64-character name, fits the screen and passes axe
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      if (width === 360) await shoot(page, 'player-search-360');
      await page.getByRole('link', { name: new RegExp(LONG_NAME) }).click();
      await page.getByRole('heading', { level: 1, name: LONG_NAME }).waitFor();
      expect(new URL(page.url()).pathname).toBe(playerPath);
      const timeline = page.getByRole('list', { name: 'Timeline, newest first' });
      await timeline.getByText('Purchase: Bayou Basic').first().waitFor();
      expect(await timeline.getByText('Strong backstory, welcome aboard.').isVisible()).toBe(true);
      expect(await timeline.getByText('Whitelist application reviewed').isVisible()).toBe(true);
      expect(await timeline.getByText(/By Rita Reviewer/).isVisible()).toBe(true);
      // staff read, admins act
      expect(await page.getByRole('button', { name: 'Adjust tokens' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Ban' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Change role' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^View/ }).count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `player-page-staff-${width}`, { fullPage: true });
      await page.mouse.wheel(0, 2000);
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    }
  });

  it('a player gets the not-authorized page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInBrowser(page, server, { username: 'Curious Carl' });
    await page.goto(`${server.url}${playerPath}`);
    await page.getByRole('heading', { level: 1, name: 'Not authorized' }).waitFor();
    expect(await page.getByText(LONG_NAME).count()).toBe(0);
    await context.close();
  });

  it('an admin credits tokens with a reason: checked in the dialog, then balance and timeline update', async () => {
    const { page } = await pageAs('admin', 1280);
    await page.goto(`${server.url}${playerPath}`);
    await page.getByRole('heading', { level: 1, name: LONG_NAME }).waitFor();
    const before = Number((await tokens(page))?.replace(/,/g, ''));
    const opener = page.getByRole('button', { name: 'Adjust tokens' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Adjust tokens' });
    await dialog.getByLabel('Amount').fill('25');
    // the button names whose balance changes and by how much
    await dialog.getByRole('button', { name: `Add 25 tokens to ${LONG_NAME}` }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Give a reason for the change.');
    // the message names no field, and focus stays in the dialog
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await dialog.getByLabel('Reason').fill('Won the fishing derby');
    await dialog.getByRole('button', { name: `Add 25 tokens to ${LONG_NAME}` }).click();
    await dialog.waitFor({ state: 'detached' });
    // the dialog hands focus back as it goes, just after it has left the page
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
    await page
      .getByTestId('player-tokens')
      .filter({ hasText: String(before + 25) })
      .waitFor();
    await timelineTop(page).filter({ hasText: 'Won the fishing derby' }).waitFor();
    expect(await timelineTop(page).textContent()).toContain('Tokens added by an admin');
    // the balance's two parts add up to it: the 25 an admin added are granted, not bought
    const parts = (await page.getByTestId('player-token-parts').textContent())?.match(
      /^([\d,]+) bought, ([\d,]+) earned or granted$/,
    );
    const count = (text = '') => Number(text.replace(/,/g, ''));
    expect(count(parts?.[1]) + count(parts?.[2])).toBe(before + 25);
    expect(count(parts?.[2])).toBeGreaterThanOrEqual(25);
    await shoot(page.locator('dl[aria-label="Profile"]'), 'player-profile-tokens');
    // a debit over the balance is refused inside the dialog, focus stays there, nothing changes
    await opener.click();
    await dialog.getByLabel('Take tokens').check();
    await dialog.getByLabel('Amount').fill(String(before + 1000));
    await dialog.getByLabel('Reason').fill('Too much');
    await dialog.getByRole('button', { name: /^Take [\d,]+ tokens from / }).click();
    await alert.filter({ hasText: 'Not enough tokens' }).waitFor();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // the dialog hands focus back as it goes, just after it has left the page
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await tokens(page)).toBe(String(before + 25));
    await page.context().close();
  }, 60_000);

  it('an admin bans and unbans with a reason, and changes the role', async () => {
    const { page } = await pageAs('admin', 1280);
    await page.goto(`${server.url}${playerPath}`);
    await page.getByRole('heading', { level: 1, name: LONG_NAME }).waitFor();
    await page.getByRole('button', { name: 'Ban', exact: true }).click();
    const ban = page.getByRole('dialog', { name: 'Ban this player' });
    await ban.getByRole('button', { name: 'Ban' }).click();
    expect(await ban.getByRole('alert').textContent()).toBe('Give a reason for the ban.');
    await ban.getByLabel('Reason').fill('Harassment in voice chat');
    await ban.getByRole('button', { name: 'Ban' }).click();
    await ban.waitFor({ state: 'detached' });
    await page.getByTestId('player-ban').filter({ hasText: 'Banned' }).waitFor();
    await timelineTop(page).filter({ hasText: 'Account banned' }).waitFor();
    expect(await timelineTop(page).textContent()).toContain('Harassment in voice chat');

    await page.getByRole('button', { name: 'Unban', exact: true }).click();
    const unban = page.getByRole('dialog', { name: 'Lift the ban' });
    await unban.getByLabel('Reason').fill('Appeal accepted');
    await unban.getByRole('button', { name: 'Unban' }).click();
    await unban.waitFor({ state: 'detached' });
    await page.getByTestId('player-ban').filter({ hasText: 'Not banned' }).waitFor();
    await timelineTop(page).filter({ hasText: 'Account unbanned' }).waitFor();

    await page.getByRole('button', { name: 'Change role' }).click();
    const role = page.getByRole('dialog', { name: 'Change role' });
    await role.getByLabel('Role').selectOption('staff');
    await role.getByLabel('Reason (optional)').fill('Joins the moderators');
    await role.getByRole('button', { name: 'Change role' }).click();
    await role.waitFor({ state: 'detached' });
    await page.getByTestId('player-role').filter({ hasText: 'staff' }).waitFor();
    await timelineTop(page).filter({ hasText: 'Role changed' }).waitFor();
    expect(await timelineTop(page).textContent()).toContain('player → staff');
    // back to player for the other tests
    await page.getByRole('button', { name: 'Change role' }).click();
    await role.getByLabel('Role').selectOption('player');
    await role.getByRole('button', { name: 'Change role' }).click();
    await page.getByTestId('player-role').filter({ hasText: 'player' }).waitFor();
    await page.context().close();
  });

  it('an admin opens a purchase from the timeline', async () => {
    const { page } = await pageAs('admin', 1280);
    await page.goto(`${server.url}${playerPath}`);
    const view = page.getByRole('button', { name: /^View purchase/ }).first();
    await view.click();
    const details = page.getByRole('dialog', { name: 'Purchase details' });
    await details.getByText('Bayou Basic').first().waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('axe finds nothing with each action dialog open and the page scrolled, at 1280 and 360, and nothing scrolls sideways', async () => {
    for (const width of [1280, 360]) {
      const { page } = await pageAs('admin', width);
      await page.goto(`${server.url}${playerPath}`);
      await page.getByRole('heading', { level: 1, name: LONG_NAME }).waitFor();
      await page.getByRole('list', { name: 'Timeline, newest first' }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `player-page-admin-${width}`, { fullPage: true });
      await page.mouse.wheel(0, 1500);
      expect(await axeViolations(page)).toEqual([]);
      for (const [opener, title] of [
        ['Adjust tokens', 'Adjust tokens'],
        ['Ban', 'Ban this player'],
        ['Change role', 'Change role'],
      ] as const) {
        await page.getByRole('button', { name: opener, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.waitFor();
        // a failed check shows its message too
        if (opener !== 'Change role') {
          await dialog.getByRole('button', { name: opener === 'Ban' ? 'Ban' : 'Save' }).click();
          await dialog.getByRole('alert').waitFor();
        }
        expect(await fitsWidth(page)).toBe(true);
        expect(await axeViolations(page), `${opener} at ${width}`).toEqual([]);
        await shoot(page, `player-dialog-${opener.replace(/ /g, '-').toLowerCase()}-${width}`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
      await page.context().close();
    }
  }, 60_000);
});
