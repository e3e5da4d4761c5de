import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

/**
 * The home and landing figures are the measured ones or the owner's (FIGURE_*), never made up; and the frame around
 * every page tells the truth too: the footer's year, the whole greeting, the Recent Purchases button beside the cards
 * rather than over them, and a money chart whose axis reaches today.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const figures = (page: Page, testId: string) =>
  Promise.all([
    page.locator(`[data-testid=${testId}] dd`).allTextContents(),
    page.locator(`[data-testid=${testId}] dt`).allTextContents(),
  ]);

/** whether two boxes share any area */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  // the home page draws again as its answers arrive: an element replaced at that moment has no box, so it is read
  // again once both are shown
  let boxes = await Promise.all([a.boundingBox(), b.boundingBox()]);
  for (let attempt = 0; attempt < 5 && (!boxes[0] || !boxes[1]); attempt++) {
    await Promise.all([a.waitFor(), b.waitFor()]);
    boxes = await Promise.all([a.boundingBox(), b.boundingBox()]);
  }
  const [one, two] = boxes;
  if (!one || !two) throw new Error('not laid out');
  return (
    one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height
  );
}

describe.runIf(browserAvailable)('figures that are measured or set, and a frame that tells the truth', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      // the owner sets two figures; the uptime and the job systems are neither measured (no game server) nor set
      startTestServer({ ui: true, env: { FIGURE_ACTIVE_PLAYERS: '500+', FIGURE_CUSTOM_VEHICLES: '150+' } }),
      openBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a figure set wrongly stops the site at start with the setting named', async () => {
    await expect(startTestServer({ env: { FIGURE_JOB_SYSTEMS: 'thirty or more jobs' } })).rejects.toThrow(
      /FIGURE_JOB_SYSTEMS.*12 characters/,
    );
  });

  it('the landing shows the owner’s figures and leaves out the rest; home adds the members counted, at 1280 and 360 px', async () => {
    const banned = await signIn(server, { username: 'Banned Bob' });
    await server.system.core.users.ban.execute({ userId: banned.user.id, reason: 'Cheating in the city' });
    for (const username of ['Amos Fontenot', 'Berthe Guidry']) await signIn(server, { username });
    const answer = (await client(server.url).get('/api/server-figures')).body;
    // three accounts, one banned
    expect(answer).toEqual({
      members: 2,
      owner: { activePlayers: '500+', serverUptime: null, customVehicles: '150+', jobSystems: null },
    });
    for (const width of [1280, 360]) {
      const landing = await browser.newPage({ width });
      await landing.goto(`${server.url}/`);
      await expect
        .poll(() => figures(landing, 'landing-stat'))
        .toEqual([
          ['500+', '150+'],
          ['Active Players', 'Custom Vehicles'],
        ]);
      expect(await fitsWidth(landing)).toBe(true);
      await landing.getByRole('region', { name: 'Server figures' }).scrollIntoViewIfNeeded();
      await shoot(landing, `figures-and-times/landing-figures-${width}`);

      const { page } = await browser.pageAs(server, { username: `Cleo Hebert ${width}` }, { width, bypassCSP: true });
      await page.goto(`${server.url}/`);
      const members = (
        await client(server.url, (await signIn(server, { username: 'Probe' })).cookie).get('/api/server-figures')
      ).body.members;
      await expect
        .poll(() => figures(page, 'home-stat'))
        .toEqual([
          ['500+', String(members)],
          ['Active Players', 'Members'],
        ]);
      // the players figure is the landing's, not a second invented number
      expect(await page.getByText(/^(847|12,450|99\.8%)$/).count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `figures-and-times/home-${width}`, { fullPage: true });
    }
  }, 90_000);

  it('the footer names the current year', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/faq`);
    await expect
      .poll(() => page.getByTestId('copyright').textContent())
      .toBe(`© ${new Date().getFullYear()} Bayou Roleplay. All rights reserved.`);
  });

  it('the Recent Purchases button covers no store card, on the first screen or scrolled, at 1280 and 360 px', async () => {
    for (const [width, height] of [
      [1280, 720],
      [1280, 800],
      [360, 740],
    ]) {
      const { page } = await browser.pageAs(server, { username: `Dora Landry ${width}` }, { width, height });
      await page.goto(`${server.url}/`);
      const button = page.getByRole('button', { name: 'Recent Purchases' });
      await button.waitFor();
      const cards = page.getByRole('list', { name: 'Featured' }).getByRole('link');
      for (const card of await cards.all()) expect(await overlap(button, card), `${width}x${height}`).toBe(false);
      await shoot(page, `figures-and-times/recent-purchases-${width}x${height}`);
      // scrolled so each store card passes the bottom left corner, where a floating button would be
      for (const card of await page.getByRole('list', { name: 'Store sections' }).getByRole('link').all()) {
        await card.evaluate((element) => element.scrollIntoView({ block: 'end' }));
        expect(await overlap(button, card), `${width}x${height} ${await card.innerText()}`).toBe(false);
      }
    }
  });

  it('the header shows the whole greeting of an admin with an ordinary name at 1280 px', async () => {
    // names up to GREETING_FULL_NAME_CHARS (12) always show whole
    for (const username of ['Admin User', 'Odile Guidry']) {
      const { page } = await browser.pageAs(server, { username, role: 'admin' });
      await page.goto(`${server.url}/faq`);
      const greeting = page.getByTestId('greeting');
      await expect.poll(() => greeting.textContent()).toBe(`Welcome, ${username}`);
      await shoot(page.getByRole('banner'), `figures-and-times/header-${username.replace(' ', '-')}-1280`);
      // nothing of it is cut off: the name's box holds all of its text
      const name = greeting.locator('span').last();
      expect(await name.evaluate((span) => span.scrollWidth <= span.clientWidth), username).toBe(true);
      // the header stays one line
      expect((await page.getByRole('banner').boundingBox())?.height).toBeLessThan(80);
    }
  });

  it("the money-per-day chart's axis ends with today", async () => {
    for (const width of [1280, 360]) {
      const { page } = await browser.pageAs(server, { username: `Eve Admin ${width}`, role: 'admin' }, { width });
      await page.goto(`${server.url}/admin`);
      const chart = page.getByTestId('chart-money');
      await chart.locator('svg').waitFor();
      const labels = await chart.locator('svg > g > text').allTextContents();
      const now = new Date();
      expect(labels.at(-1), labels.join(', ')).toBe(`${MONTHS[now.getUTCMonth()]} ${now.getUTCDate()}`);
      // and today's label is drawn whole, inside the image
      const inside = await chart.locator('svg').evaluate((svg: SVGSVGElement) => {
        const last = [...svg.querySelectorAll<SVGTextElement>(':scope > g > text')].at(-1);
        const box = last?.getBBox();
        return Boolean(box && box.x >= 0 && box.x + box.width <= svg.width.baseVal.value);
      });
      expect(inside, `${width}`).toBe(true);
      await chart.scrollIntoViewIfNeeded();
      await shoot(chart, `figures-and-times/money-chart-${width}`);
    }
  });
});
