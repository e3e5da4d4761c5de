import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../core/users/model/user.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { signInBrowser } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { fitsWidth } from '../support/axe.ts';

const EXPECTED: Record<Role, string[]> = {
  player: [],
  staff: ['Reviews', 'Appeals'],
  admin: ['Reviews', 'Appeals', 'Dashboard'],
};
const ROLE_LINKS = ['Reviews', 'Appeals', 'Dashboard', 'Queue'];

/** the role links the main navigation shows, by name */
async function roleLinks(nav: Locator): Promise<string[]> {
  const names = await nav.getByRole('link').allInnerTexts();
  return names.map((name) => name.trim()).filter((name) => ROLE_LINKS.includes(name));
}

describe.runIf(browserAvailable)('header links for staff and admins', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  for (const role of ['player', 'staff', 'admin'] as const) {
    it(`shows ${role} only the links the role can use, each opening a page it may see`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
      const page = await context.newPage();
      await signInBrowser(page, server, {
        role,
        username: role === 'admin' ? 'Evangeline Thibodeaux-Broussard' : undefined,
      });
      await page.goto(`${server.url}/`);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Home' }).waitFor();
      await expect.poll(() => roleLinks(nav)).toEqual(EXPECTED[role]);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await shoot(page, `staff-nav-${role}-1280`);
      // the header stays on one line
      const height = await page
        .locator('header > div')
        .first()
        .evaluate((el) => el.getBoundingClientRect().height);
      expect(height).toBeLessThan(80);

      for (const name of EXPECTED[role]) {
        await page.goto(`${server.url}/`);
        await nav.getByRole('link', { name, exact: true }).click();
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.getByText('Not authorized').count()).toBe(0);
        // a back link on the page leads somewhere the role may go as well
        for (const back of await page.getByRole('link', { name: /^Back to/ }).all()) {
          expect(role === 'admin' || (await back.getAttribute('href')) !== '/admin').toBe(true);
        }
      }
      await context.close();
    });

    it(`shows ${role} the same links in the mobile menu at 360 px with no horizontal scroll`, async () => {
      const context = await browser.newContext({ viewport: { width: 360, height: 800 }, bypassCSP: true });
      const page = await context.newPage();
      await signInBrowser(page, server, { role });
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.locator('#mobile-nav');
      await menu.getByRole('link', { name: 'Home' }).waitFor();
      await expect.poll(() => roleLinks(menu)).toEqual(EXPECTED[role]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `staff-nav-${role}-360`, { fullPage: true });
      await context.close();
    });
  }

  it('gives a queue manager who does not view purchases the queue in the header, which opens for them', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    await signInBrowser(page, server, { role: 'player', grant: ['manage-queue'] });
    await page.goto(`${server.url}/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    await expect.poll(() => roleLinks(nav)).toEqual(['Queue']);
    await nav.getByRole('link', { name: 'Queue', exact: true }).click();
    await page.waitForURL('**/admin/queue');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Not authorized').count()).toBe(0);
    await context.close();
  });

  it('takes an admin from the dashboard to each review screen and back', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    await signInBrowser(page, server, { role: 'admin' });
    for (const [link, path, heading] of [
      ['Whitelist Applications', '/admin-applications', 'Whitelist Applications'],
      ['Staff Applications', '/staff-review', 'Staff Applications'],
    ]) {
      await page.goto(`${server.url}/admin`);
      await page.getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL(`**${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Back to Purchase Dashboard' }).click();
      await page.waitForURL('**/admin');
      await page.getByRole('heading', { name: 'Purchase Dashboard', level: 1 }).waitFor();
    }
    await context.close();
  });

  it('gives staff a back link on the whitelist applications screen that works, not the admin dashboard', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    await signInBrowser(page, server, { role: 'staff' });
    await page.goto(`${server.url}/admin-applications`);
    await page.getByRole('link', { name: 'Back to Reviews' }).click();
    await page.waitForURL('**/staff-applications');
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('link', { name: 'Back to Purchase Dashboard' }).count()).toBe(0);
    expect(await page.getByText('Not authorized').count()).toBe(0);
    await context.close();
  });
});
