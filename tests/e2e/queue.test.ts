import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, shoot, type TestBrowser } from '../support/browser.ts';
import { randomDiscordId } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

describe.runIf(browserAvailable)('the connection queue in Chromium', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let admitted = 0;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ ui: true }), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const check = async (page: Page, what: string) => {
    expect(await axeViolations(page), what).toEqual([]);
    expect(await fitsWidth(page), what).toBe(true);
  };

  const waiter = (discordId: string, name: string, priority: number, minutesAgo: number) => ({
    discordId,
    name,
    priority,
    tier: priority === 5 ? 'voodoo-experience' : priority === 1 ? 'bayou-basic' : null,
    since: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  });
  /** the game server's report, as the resource sends it, with 20 players let in over the last hour */
  const report = (server_: string, waiting: unknown[], withPace = false) =>
    server.system.database.withContext(() =>
      server.system.core.queue.receiveReport.execute({
        server: server_,
        slots: 64,
        online: 64,
        waiting,
        admitted: withPace
          ? Array.from({ length: 20 }, (_, i) => ({
              id: `e2e-${++admitted}`,
              discordId: randomDiscordId(),
              tier: i % 2 ? 'bayou-basic' : null,
              priority: i % 2,
              waitedSeconds: 300 + i * 60,
              at: new Date(Date.now() - (i * 3 + 1) * 60_000).toISOString(),
            }))
          : [],
      }),
    );

  for (const width of [1280, 360]) {
    it(`at ${width} px: the home page and /account show the place, the players ahead and the expected wait, live`, async () => {
      const { page, signedIn } = await browser.pageAs(
        server,
        { username: `Waiting${width}` },
        { width, height: 900, bypassCSP: true },
      );
      const me = signedIn.user.discordId;
      const ahead = [waiter(randomDiscordId(), 'Gator King', 5, 12), waiter(randomDiscordId(), 'Swamp Rat', 1, 9)];
      await report(
        `main-${width}`,
        [...ahead, waiter(me, `Waiting${width}`, 1, 7), waiter(randomDiscordId(), 'Late', 0, 1)],
        true,
      );

      await page.goto(`${server.url}/`);
      const card = page.getByTestId('queue-place');
      await card.waitFor();
      expect(await card.getByRole('status').textContent()).toBe(`3rd of 4 waiting for main-${width}`);
      expect(await card.getByTestId('queue-ahead').textContent()).toBe('2 players');
      expect(await card.getByTestId('queue-expected-wait').textContent()).toMatch(/^About \d+–\d+ min$/);
      expect(await card.textContent()).toContain('64/64 online');
      await check(page, 'home with the queue place');
      await shoot(page, `queue-home-${width}`);

      // the server lets the two ahead in: the page follows without a reload
      await report(`main-${width}`, [waiter(me, `Waiting${width}`, 1, 7), waiter(randomDiscordId(), 'Late', 0, 1)]);
      await expect
        .poll(() => card.getByRole('status').textContent(), { timeout: 12_000 })
        .toBe(`1st of 2 waiting for main-${width}`);
      expect(await card.getByTestId('queue-ahead').textContent()).toBe('Nobody: you are next');

      await page.goto(`${server.url}/account`);
      const onAccount = page.getByTestId('queue-place');
      await onAccount.waitFor();
      expect(await onAccount.getByRole('status').textContent()).toBe(`1st of 2 waiting for main-${width}`);
      await check(page, '/account with the queue place');
      await shoot(page, `queue-account-${width}`);

      // a player who is not waiting sees nothing of it
      const other = await browser.pageAs(
        server,
        { username: `NotWaiting${width}` },
        { width, height: 900, bypassCSP: true },
      );
      await other.page.goto(`${server.url}/account`);
      await other.page.getByRole('heading', { name: 'My Account' }).waitFor();
      await other.page.getByTestId('access-summary').waitFor();
      expect(await other.page.getByTestId('queue-place').count()).toBe(0);
    });

    it(`at ${width} px: staff see each game server's queue, move a player to the front and remove one with a reason`, async () => {
      const [first, second] = [randomDiscordId(), randomDiscordId()];
      // the players must have accounts: the audit log names them
      const accounts = await Promise.all(
        [first, second].map((discordId) =>
          browser.pageAs(server, { discordId, username: `Player${discordId.slice(-4)}` }, { width }),
        ),
      );
      expect(accounts).toHaveLength(2);
      const name = `staff-${width}`;
      await report(name, [waiter(first, 'Gator King', 5, 20), waiter(second, 'Swamp Rat', 1, 4)]);
      const { page } = await browser.pageAs(server, { role: 'admin' }, { width, height: 900, bypassCSP: true });
      await page.goto(`${server.url}/admin/queue`);
      const section = page.getByRole('region', { name });
      await section.waitFor();
      expect(await section.getByTestId('queue-row').count()).toBe(2);
      expect(await section.textContent()).toContain('64/64 online, 2 waiting');
      await check(page, 'the staff queue page');
      await shoot(page, `queue-staff-${width}`, { fullPage: true });

      await section.getByRole('button', { name: 'Move to front: Swamp Rat' }).click();
      await expect
        .poll(
          async () =>
            (await report(name, [waiter(first, 'Gator King', 5, 20), waiter(second, 'Swamp Rat', 1, 4)])).actions,
        )
        .toMatchObject([{ action: 'front', discordId: second }]);

      await section.getByRole('button', { name: 'Remove Gator King from the queue' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Remove from the queue' }).click();
      await dialog.getByText('Give the reason the player is shown.').waitFor();
      await check(page, 'the removal dialog with its error');
      await dialog.getByLabel('Reason shown to the player').fill('Alt account of a banned player');
      await shoot(page, `queue-staff-remove-${width}`);
      await dialog.getByRole('button', { name: 'Remove from the queue' }).click();
      await dialog.waitFor({ state: 'detached' });
      const next = await report(name, [waiter(first, 'Gator King', 5, 20), waiter(second, 'Swamp Rat', 1, 4)]);
      expect(next.actions.map((action) => [action.action, action.discordId, action.reason])).toEqual([
        ['front', second, null],
        ['remove', first, 'Alt account of a banned player'],
      ]);
    });
  }

  it('the dashboard shows the median and 90th-percentile wait per tier, as charts with tables', async () => {
    const { page } = await browser.pageAs(server, { role: 'admin' }, { width: 1280, height: 900, bypassCSP: true });
    await page.goto(`${server.url}/admin`);
    const week = page.getByTestId('chart-queue-waits-7');
    await week.waitFor();
    await week.scrollIntoViewIfNeeded();
    expect(await week.textContent()).toContain('Bayou Basic');
    expect(await page.getByTestId('chart-queue-waits-30').textContent()).toContain('No tier');
    await check(page, 'the dashboard with the queue waits');
    await shoot(page.getByTestId('queue-waits'), 'queue-dashboard-waits-1280');
  });
});
