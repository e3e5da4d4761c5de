import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAnswers, whitelistAnswers } from '../support/application-builders.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { client } from '../support/http.ts';
import { signIn, signInBrowser } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { fitsWidth } from '../support/axe.ts';

/** 64 characters without a break: the longest name a list must hold without scrolling sideways. */
const LONG_NAME = `bayou${'x'.repeat(55)}cher`;

/** A background without a space: its preview must still end inside the card. */
const UNBROKEN_BACKGROUND = 'z'.repeat(160);

const PAGES = [
  { path: '/admin', button: 'View', shot: 'staff-lists-admin' },
  { path: '/admin-applications', button: 'Review', shot: 'staff-lists-admin-applications' },
  { path: '/staff-applications', button: null, shot: 'staff-lists-staff-applications' },
  { path: '/staff-review', button: 'Review', shot: 'staff-lists-staff-review' },
] as const;

describe.runIf(browserAvailable)('staff and admin lists on a phone, with a 64-character name', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
    expect(LONG_NAME).toHaveLength(64);
    const player = await signIn(server, { username: LONG_NAME, email: 'long.name@example.com' });
    await buyWithDemoCard(server.url, player, { productType: 'whitelist', productId: 'swamp-blood' });
    const http = client(server.url, player.cookie);
    expect(
      (await http.post('/api/applications', whitelistAnswers({ characterBackground: UNBROKEN_BACKGROUND }))).status,
    ).toBe(201);
    expect((await http.post('/api/staff-applications', staffAnswers())).status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function adminPage(width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await signInBrowser(page, server, { role: 'admin', username: `Admin${width}` });
    return page;
  }

  it('at 360 px every list is cards: no sideways scroll, the name shows, the action button is on screen', async () => {
    const page = await adminPage(360);
    for (const { path, button, shot } of PAGES) {
      await page.goto(`${server.url}${path}`);
      const name = page.getByText(LONG_NAME).first();
      await name.waitFor();
      expect(await name.isVisible()).toBe(true);
      expect(await fitsWidth(page), path).toBe(true);
      const action = button
        ? page.getByRole('button', { name: button, exact: true }).first()
        : page.getByRole('button', { name: new RegExp(LONG_NAME) }).first();
      await action.scrollIntoViewIfNeeded();
      const box = (await action.boundingBox()) ?? { x: -1, width: 0 };
      expect(box.x, path).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, path).toBeLessThanOrEqual(360);
      if (path !== '/staff-applications') expect(await page.getByRole('columnheader').first().isVisible()).toBe(false);
      else {
        const preview = page.getByText(/^z+\.\.\.$/);
        const fits = await preview.evaluate((element) => element.scrollWidth <= element.clientWidth);
        expect(fits).toBe(true);
        const end = await preview.boundingBox();
        expect((end?.x ?? 0) + (end?.width ?? 999)).toBeLessThanOrEqual(360);
      }
      await shoot(page, `${shot}-360`, { fullPage: true });
    }
    await page.close();
  });

  it('at 1280 px the lists stay tables with a visible header row', async () => {
    const page = await adminPage(1280);
    for (const { path, shot } of PAGES) {
      await page.goto(`${server.url}${path}`);
      await page.getByText(LONG_NAME).first().waitFor();
      expect(await fitsWidth(page), path).toBe(true);
      if (path !== '/staff-applications') {
        expect(await page.getByRole('columnheader').first().isVisible(), path).toBe(true);
      }
      await shoot(page, `${shot}-1280`, { fullPage: true });
    }
    await page.close();
  });
});
