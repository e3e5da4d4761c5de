import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whitelistAnswers } from '../support/application-builders.ts';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { FakeFxServer } from '../support/fake-fxserver.ts';
import { client } from '../support/http.ts';
import { signIn, signInBrowser } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const CONNECT = 'fivem://connect/cfx.re/join/ab12cd';

describe.runIf(browserAvailable)('the live game server on the site', () => {
  let fx: FakeFxServer;
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    fx = await new FakeFxServer().start();
    [server, browser] = await Promise.all([
      startTestServer({
        ui: true,
        env: { FIVEM_SERVER_URL: fx.url, FIVEM_STATUS_POLL_MS: '200', FIVEM_CONNECT_CODE: 'ab12cd' },
      }),
      openBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fx?.stop();
  });

  async function newPage(width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    return context.newPage();
  }
  const playersFigure = (page: Page, testId: string) => page.getByTestId(testId).filter({ hasText: 'Players online' });
  const uptimeFigure = (page: Page, testId: string) => page.getByTestId(testId).filter({ hasText: 'Server Uptime' });

  it('the landing page shows players online with an online mark, and Offline while the server is down', async () => {
    for (const width of [1280, 360]) {
      const page = await newPage(width);
      await page.goto(server.url);
      const figure = playersFigure(page, 'landing-stat');
      await figure.waitFor();
      expect(await figure.textContent()).toBe('Players onlineOnline12 / 48');
      expect(await figure.getByTestId('server-mark').textContent()).toBe('Online');
      // every check so far found the server up: the measured uptime replaces the fixed "24/7"
      expect(await uptimeFigure(page, 'landing-stat').textContent()).toBe('Server Uptimelast 30 days100%');
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `server-status-landing-${width}`, { fullPage: true });
      await page.context().close();
    }

    await fx.down();
    try {
      const page = await newPage(1280);
      await page.goto(server.url);
      const figure = playersFigure(page, 'landing-stat');
      // nobody can be counted on a server that does not answer: no "0 / 48"
      await expect.poll(() => figure.textContent(), { timeout: 10_000 }).toBe('Players onlineOffline—');
      // the checks that found it down count against its uptime
      await expect
        .poll(() => uptimeFigure(page, 'landing-stat').textContent())
        .toMatch(/^Server Uptimelast 30 days\d{1,2}\.\d%$/);
      await shoot(page, 'server-status-landing-offline-1280', { fullPage: true });
      await page.setViewportSize({ width: 360, height: 740 });
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, 'server-status-landing-offline-360', { fullPage: true });
      await page.context().close();
    } finally {
      await fx.up();
    }
  });

  it('home shows the live figure and a Connect button; so do the success page and an approved application', async () => {
    const page = await newPage(360);
    const player = await signInBrowser(page, server, { username: 'Boudreaux' });
    await page.goto(server.url);
    await expect.poll(() => playersFigure(page, 'home-stat').textContent()).toBe('Players onlineOnline12 / 48');
    const connect = page.getByRole('link', { name: 'Connect to the server' });
    expect(await connect.getAttribute('href')).toBe(CONNECT);
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, 'server-status-home-360', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, 'server-status-home-1280', { fullPage: true });
    await page.setViewportSize({ width: 360, height: 900 });

    await fx.down();
    try {
      // the page asks every 15 s: a fresh visit asks at once
      await page.reload();
      const figure = playersFigure(page, 'home-stat');
      await expect.poll(() => figure.textContent(), { timeout: 10_000 }).toBe('Players onlineOffline—');
      // nobody can connect to a server that does not answer
      expect(await page.getByRole('link', { name: 'Connect to the server' }).count()).toBe(0);
      expect(await uptimeFigure(page, 'home-stat').textContent()).toMatch(/^Server Uptimelast 30 days\d{1,2}\.\d%$/);
      // at 360 px the Recent Purchases panel sits at the end of the page, not over it: scrolled as far towards it as
      // the page goes, the Offline mark is never under it and shows
      const seen = await page.evaluate(() => {
        const mark = document.querySelector('[data-testid="home-stat"] [data-testid="server-mark"]');
        const button = document.querySelector('aside[aria-label="Recent Purchases"] button');
        if (!mark || !button) return null;
        const middle = (box: DOMRect) => (box.top + box.bottom) / 2;
        window.scrollBy(0, middle(mark.getBoundingClientRect()) - middle(button.getBoundingClientRect()));
        const [at, under] = [mark.getBoundingClientRect(), button.getBoundingClientRect()];
        const overlapping =
          at.left < under.right && under.left < at.right && at.top < under.bottom && under.top < at.bottom;
        mark.scrollIntoView({ block: 'center' });
        const shown = mark.getBoundingClientRect();
        return { overlapping, markShows: mark.contains(document.elementFromPoint(shown.left + 4, middle(shown))) };
      });
      expect(seen).toEqual({ overlapping: false, markShows: true });
      await shoot(page, 'server-status-home-offline-360');
      await page.setViewportSize({ width: 1280, height: 900 });
      await shoot(page, 'server-status-home-offline-1280', { fullPage: true });
      await page.setViewportSize({ width: 360, height: 900 });
    } finally {
      await fx.up();
    }
    await expect
      .poll(() =>
        client(server.url)
          .get('/api/server-status')
          .then((r) => r.body.online),
      )
      .toBe(true);
    await page.reload();
    await page.getByRole('link', { name: 'Connect to the server' }).waitFor();

    const { intentId } = await buyWithDemoCard(server.url, player, { productType: 'gang', productId: 'starter-gang' });
    await page.goto(`${server.url}/checkout-success?payment_intent=${intentId}`);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    expect(await page.getByRole('link', { name: 'Connect to the server' }).getAttribute('href')).toBe(CONNECT);
    await shoot(page, 'server-status-success-360', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, 'server-status-success-1280', { fullPage: true });
    await page.setViewportSize({ width: 360, height: 900 });

    const created = await client(server.url, player.cookie).post('/api/applications', whitelistAnswers());
    const staff = client(server.url, (await signIn(server, { role: 'staff' })).cookie);
    await staff.patch(`/api/applications/${created.body.id}/review`, {
      status: 'approved',
      reviewNotes: 'Knows the rules and the backstory fits.',
    });
    await page.goto(`${server.url}/apply`);
    await page.getByRole('heading', { name: 'You are already whitelisted.' }).waitFor();
    expect(await page.getByRole('link', { name: 'Connect to the server' }).getAttribute('href')).toBe(CONNECT);
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, 'server-status-approved-360', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, 'server-status-approved-1280', { fullPage: true });
    await page.setViewportSize({ width: 360, height: 900 });
    await page.context().close();
  }, 60_000);
});
