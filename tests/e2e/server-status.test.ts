import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whitelistAnswers } from '../support/application-builders.ts';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, launchBrowser, screenshotPath } from '../support/browser.ts';
import { FakeFxServer } from '../support/fake-fxserver.ts';
import { client } from '../support/http.ts';
import { signIn, signInBrowser } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const CONNECT = 'fivem://connect/cfx.re/join/ab12cd';

describe.runIf(browserAvailable)('the live game server on the site', () => {
  let fx: FakeFxServer;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    fx = await new FakeFxServer().start();
    [server, browser] = await Promise.all([
      startTestServer({
        ui: true,
        env: { FIVEM_SERVER_URL: fx.url, FIVEM_STATUS_POLL_MS: '200', FIVEM_CONNECT_CODE: 'ab12cd' },
      }),
      launchBrowser(),
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

  it('the landing page shows players online with an online mark, and Offline while the server is down', async () => {
    for (const width of [1280, 360]) {
      const page = await newPage(width);
      await page.goto(server.url);
      const figure = playersFigure(page, 'landing-stat');
      await figure.waitFor();
      expect(await figure.textContent()).toBe('Players onlineOnline12 / 48');
      expect(await figure.getByTestId('server-mark').textContent()).toBe('Online');
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`server-status-landing-${width}`), fullPage: true });
      await page.context().close();
    }

    await fx.down();
    try {
      const page = await newPage(1280);
      await page.goto(server.url);
      const figure = playersFigure(page, 'landing-stat');
      await expect.poll(() => figure.textContent(), { timeout: 10_000 }).toBe('Players onlineOffline0 / 48');
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
    await page.screenshot({ path: screenshotPath('server-status-home-360'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('server-status-home-1280'), fullPage: true });
    await page.setViewportSize({ width: 360, height: 900 });

    const { intentId } = await buyWithDemoCard(server.url, player, { productType: 'gang', productId: 'starter-gang' });
    await page.goto(`${server.url}/checkout-success?payment_intent=${intentId}`);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    expect(await page.getByRole('link', { name: 'Connect to the server' }).getAttribute('href')).toBe(CONNECT);
    await page.screenshot({ path: screenshotPath('server-status-success-360'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('server-status-success-1280'), fullPage: true });
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
    await page.screenshot({ path: screenshotPath('server-status-approved-360'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('server-status-approved-1280'), fullPage: true });
    await page.setViewportSize({ width: 360, height: 900 });
    await page.context().close();
  }, 60_000);
});
