import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../ui/src/config/paths.ts';
import { appealAnswers } from '../support/application-builders.ts';
import { fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { client } from '../support/http.ts';
import { randomDiscordId, signIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

describe.runIf(browserAvailable)('ban appeals in Chromium', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A player with an account on the site, banned there. */
  async function bannedAccount(username: string, reason: string) {
    const discordId = randomDiscordId();
    const { user } = await signIn(server, { discordId, username });
    const { core, database } = server.system;
    await database.withContext(() => core.users.ban.execute({ userId: user.id, reason }));
    return { discordId, userId: user.id };
  }

  /** Signs in through the development sign-in page, as a player does. */
  async function signInOnThePage(discordId: string, username: string, width = 1280): Promise<Page> {
    const page = await browser.newPage({ width });
    await page.goto(`${server.url}/api/auth/discord`);
    await page.waitForURL('**/dev-login');
    await page.getByLabel('Discord ID').fill(discordId);
    await page.getByLabel('Username').fill(username);
    await page.getByRole('button', { name: 'Sign in' }).click();
    return page;
  }

  async function fillAppeal(page: Page, offence: string) {
    const form = page.getByRole('form', { name: 'Ban appeal' });
    await form.getByLabel('Which ban are you appealing?').selectOption({ label: 'My account on this website' });
    await form.getByLabel('My ban was for').selectOption({ label: offence });
    await form.getByLabel('Character name(s)').fill('Remy Boudreaux');
    await form.getByLabel('Approximate date and time of the ban').fill('November 20, around 9 PM Central');
    await form
      .getByLabel('What happened? Explain in detail.')
      .fill('A robbery was announced on the radio, then the shootout started; I was banned for random death match.');
    await form
      .getByLabel('Why do you believe the ban was unfair?')
      .fill('My clip shows the robbery roleplay from the start, before any shot.');
    await form.getByLabel('Everything in this appeal is true').check();
  }

  const reviewerPage = async (username: string) => (await browser.pageAs(server, { role: 'staff', username })).page;

  it('a banned player signs in, is refused for a non-appealable offence, appeals, is approved and has the whole site again', async () => {
    const reason = 'Random death match at the docks';
    const { discordId } = await bannedAccount('Remy Banned', reason);
    const player = await signInOnThePage(discordId, 'Remy Banned');
    // every page sends the banned player to their appeal, where a banner says why
    await player.waitForURL(`${server.url}${paths.appeal}`);
    const banner = player.getByTestId('banned-banner');
    await banner.waitFor();
    expect(await banner.getByRole('heading').textContent()).toContain('Your account is banned');
    expect(await banner.getByTestId('ban-reason').textContent()).toBe(reason);
    expect(await banner.textContent()).toContain('You can appeal the ban below');
    await player.goto(`${server.url}${paths.account}`);
    await player.waitForURL(`${server.url}${paths.appeal}`);
    expect(await player.getByTestId('token-balance').count()).toBe(0);
    await player.getByRole('form', { name: 'Ban appeal' }).waitFor();
    await shoot(player, 'appeal-form-1280', { fullPage: true });

    // declared a non-appealable offence: refused with the offence named, nothing stored
    await fillAppeal(player, 'Chargeback fraud');
    await player.getByRole('button', { name: 'Send Appeal' }).click();
    const refusal = 'A ban for chargeback fraud cannot be appealed.';
    await player.getByRole('alert').filter({ hasText: refusal }).first().waitFor();
    expect(await player.getByRole('form', { name: 'Ban appeal' }).getByText(refusal).first().isVisible()).toBe(true);
    const http = client(server.url, (await player.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; '));
    expect((await http.get('/api/appeals/mine')).body.applications).toEqual([]);

    await player.getByLabel('My ban was for').selectOption({ label: 'None of the offences listed here' });
    await player.getByRole('button', { name: 'Send Appeal' }).click();
    await player.getByRole('heading', { name: 'Appeal Sent' }).waitFor();
    await player.getByRole('button', { name: 'See Your Appeal' }).click();
    await expect.poll(() => player.getByTestId('application-status').textContent()).toBe('pending');
    expect(await player.getByRole('form', { name: 'Ban appeal' }).count()).toBe(0);

    // a reviewer finds it under Appeals in the staff navigation and approves it
    const reviewer = await reviewerPage('Tante Marie');
    await reviewer.goto(`${server.url}/`);
    await reviewer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Appeals' }).click();
    await reviewer.getByRole('heading', { name: 'Ban Appeals' }).waitFor();
    const row = reviewer.getByRole('row').filter({ hasText: 'Remy Banned' });
    await row.getByRole('button', { name: 'Review' }).click();
    const dialog = reviewer.getByRole('dialog');
    await dialog.getByText('My clip shows the robbery roleplay from the start').waitFor();
    // what approving does is said before the click
    await dialog
      .getByText('Approving lifts the website ban this appeal was filed against at once and tells the player.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog
      .getByRole('group', { name: 'Confirm the decision' })
      .getByRole('button', { name: 'Yes, approve' })
      .click();
    await reviewer.getByText('The ban is lifted: the player can use the whole site again.').first().waitFor();
    await expect.poll(() => row.getByTestId('status').textContent()).toBe('Approved');

    // the player, on the same session, reaches the whole site again
    await player.goto(`${server.url}${paths.account}`);
    await player
      .getByRole('heading', { name: /account/i })
      .first()
      .waitFor();
    expect(new URL(player.url()).pathname).toBe(paths.account);
    await expect.poll(() => player.getByTestId('token-balance').textContent()).toBe('0 tokens');
    expect(await player.getByTestId('banned-banner').count()).toBe(0);
  }, 120_000);

  it('a denied appeal shows the message and the date from which a new appeal can be made', async () => {
    const { discordId } = await bannedAccount('Cher Denied', 'Combat logging');
    const session = await signIn(server, { discordId, username: 'Cher Denied' });
    const sent = await client(server.url, session.cookie).post('/api/appeals', appealAnswers());
    expect(sent.status).toBe(201);

    const reviewer = await reviewerPage('Papa Legba');
    await reviewer.goto(`${server.url}${paths.adminAppeals}`);
    const row = reviewer.getByRole('row').filter({ hasText: 'Cher Denied' });
    await row.getByRole('button', { name: 'Review' }).click();
    const dialog = reviewer.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Deny' }).click();
    // a denial needs its message: the field says so before the final question is asked, and nothing is sent
    expect(await dialog.getByRole('group', { name: 'Confirm the decision' }).count()).toBe(0);
    expect(await dialog.getByTestId('field-error').textContent()).toBe(
      'Write the player a message saying why the appeal is denied.',
    );
    const message = 'The server logs show you disconnected in the middle of a fight.';
    await dialog.getByLabel('Message to the player (required to deny)').fill(message);
    await dialog.getByRole('button', { name: 'Deny' }).click();
    await dialog
      .getByRole('group', { name: 'Confirm the decision' })
      .getByRole('button', { name: 'Yes, deny' })
      .click();
    await expect.poll(() => row.getByTestId('status').textContent()).toBe('Denied');
    await shoot(reviewer, 'appeal-review-1280', { fullPage: true });

    for (const width of [1280, 360]) {
      const player = await signInOnThePage(discordId, 'Cher Denied', width);
      await player.waitForURL(`${server.url}${paths.appeal}`);
      await expect.poll(() => player.getByTestId('application-status').textContent()).toBe('denied');
      expect(await player.getByTestId('applicant-message').textContent()).toBe(message);
      const again = await player.getByTestId('apply-again-date').textContent();
      expect(again).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      expect(Date.parse(`${again} UTC`) - Date.now()).toBeGreaterThan(28 * 24 * 60 * 60 * 1000);
      expect(await player.getByRole('form', { name: 'Ban appeal' }).count()).toBe(0);
      expect(await fitsWidth(player)).toBe(true);
      await shoot(player, `appeal-denied-${width}`, { fullPage: true });
    }
  }, 120_000);

  it('/appeal-process links to the form and keeps the free Discord ticket', async () => {
    for (const width of [1280, 360]) {
      const visitor = await browser.newPage({ width });
      await visitor.goto(`${server.url}${paths.appealProcess}`);
      const free = visitor.getByRole('link', { name: 'Start Free Appeal' });
      await free.waitFor();
      expect(await free.getAttribute('target')).toBe('_blank');
      expect(await fitsWidth(visitor)).toBe(true);
      await shoot(visitor, `appeal-process-${width}`, { fullPage: true });
      await visitor.getByRole('link', { name: 'Appeal Online' }).click();
      await visitor.waitForURL(`${server.url}${paths.appeal}`);
      await visitor.getByText('Sign in with Discord to appeal a ban.').waitFor();
    }
  }, 60_000);

  it('the appeal form fits a phone', async () => {
    const { discordId } = await bannedAccount('Tiny Screen', 'Vehicle death match');
    const player = await signInOnThePage(discordId, 'Tiny Screen', 360);
    await player.waitForURL(`${server.url}${paths.appeal}`);
    await player.getByRole('form', { name: 'Ban appeal' }).waitFor();
    expect(await fitsWidth(player)).toBe(true);
    await shoot(player, 'appeal-form-360', { fullPage: true });
  }, 60_000);
});
