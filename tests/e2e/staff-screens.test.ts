import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../core/users/model/user.ts';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot, visitInApp } from '../support/browser.ts';
import { signIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

/** The staff and admin screens, each with the lowest role that may use it. */
const SCREENS: Array<{ path: string; role: 'staff' | 'admin'; title: string }> = [
  { path: '/admin', role: 'admin', title: 'Purchase Dashboard' },
  { path: '/admin-applications', role: 'staff', title: 'Whitelist Applications' },
  { path: '/staff-applications', role: 'staff', title: 'Application Review' },
  { path: '/staff-review', role: 'admin', title: 'Staff Applications' },
];
const RANK: Record<Role, number> = { player: 0, staff: 1, admin: 2 };

describe.runIf(browserAvailable)('staff and admin screens', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
    // rows in the dashboard's table, so the page checked is the one an admin works with
    for (const username of ['Jean Baptiste', 'Marie Laveau']) {
      const buyer = await signIn(server, { username });
      await buyWithDemoCard(server.url, buyer, { productType: 'gang', productId: 'hood-package' });
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  async function pageAs(role: Role | null, width: number): Promise<Page> {
    const options = { width, height: 800, bypassCSP: true };
    if (!role) return browser.newPage(options);
    return (await browser.pageAs(server, { role, username: `${role}${width}` }, options)).page;
  }

  /** Everything the page's content area says, and its headings. */
  const mainText = (page: Page) => page.locator('main').innerText();
  const headings = (page: Page) => page.locator('main').getByRole('heading').allInnerTexts();

  for (const width of [1280, 360]) {
    it(`at ${width} px, a screen a role cannot use shows "Not authorized" alone, under its own tab title`, async () => {
      for (const role of [null, 'player', 'staff'] as const) {
        const page = await pageAs(role, width);
        for (const screen of SCREENS.filter((one) => RANK[role ?? 'player'] < RANK[one.role])) {
          const what = `${role ?? 'signed out'} on ${screen.path}`;
          // one load for each visitor, then the screens as the site's links reach them
          await visitInApp(page, server.url, screen.path);
          await page.getByRole('heading', { level: 1, name: 'Not authorized' }).waitFor();
          await page.waitForLoadState('networkidle');
          expect(await headings(page), what).toEqual(['Not authorized']);
          const text = await mainText(page);
          for (const hidden of [screen.title, 'Find a player', 'Review whitelist', 'Back to'])
            expect(text, `${what}: ${hidden}`).not.toContain(hidden);
          expect(await page.getByRole('searchbox').count(), what).toBe(0);
          expect(await page.title(), what).toBe('Not authorized | Bayou Roleplay');
          expect(text, what).toContain(role === null ? 'Sign in to continue.' : `your account has the ${role} role`);
          expect(await fitsWidth(page), what).toBe(true);
          expect(await axeViolations(page), what).toEqual([]);
          await shoot(page, `not-authorized-${role ?? 'signed-out'}${screen.path.replace(/\//g, '-')}-${width}`, {
            fullPage: true,
          });
        }
        await page.context().close();
      }
    }, 120_000);
  }

  it('a role that may use the screen sees its title and its player search', async () => {
    const page = await pageAs('admin', 1280);
    // the site loads once; each next screen is reached as a link inside it reaches it
    for (const screen of SCREENS) {
      await visitInApp(page, server.url, screen.path);
      await page.getByRole('heading', { level: 1, name: screen.title }).waitFor();
      expect(await page.getByText('Find a player').count(), screen.path).toBe(1);
      expect(await page.getByText('Not authorized').count(), screen.path).toBe(0);
    }
    await page.context().close();
  }, 60_000);

  /** The control that has focus (named by its label), and whether a ring shows it. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const active = document.activeElement as HTMLInputElement | null;
      const style = active ? getComputedStyle(active) : null;
      return {
        name: (active?.labels?.[0]?.textContent ?? active?.textContent ?? '').trim(),
        ring: style !== null && style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
      };
    });

  for (const width of [1280, 360]) {
    it(`at ${width} px, each filter on /admin shows its focus, the date fields' parts too, and axe finds nothing`, async () => {
      const page = await pageAs('admin', width);
      await page.goto(`${server.url}/admin`);
      const filters = page.getByRole('form', { name: 'Filter purchases' });
      await filters.waitFor();
      await page.getByRole('row').filter({ hasText: 'Hood Package' }).first().waitFor();

      // by the keyboard alone, from the control before the filters: every stop is ringed
      await page.getByLabel('Find a player').focus();
      const stops: string[] = [];
      for (let press = 0; press < 20 && !stops.includes('Clear'); press++) {
        await page.keyboard.press('Tab');
        const now = await focused(page);
        expect(now.ring, `Tab ${press + 1}: ${now.name}`).toBe(true);
        if (stops.at(-1) === now.name) continue; // the next part of the same date field
        stops.push(now.name);
        expect(await axeViolations(page), `${now.name} focused`).toEqual([]);
        if (now.name === 'From') await shoot(page, `admin-filters-from-focused-${width}`);
      }
      expect(stops).toEqual([
        'Status',
        'Product type',
        'Buyer (name or Discord id)',
        'From',
        'To',
        'Apply filters',
        'Clear',
      ]);

      // a date field clicked, then its day, year and calendar button reached by Tab: the ring stays on it
      await page.getByLabel('To', { exact: true }).click({ position: { x: 12, y: 12 } });
      for (const part of ['month', 'day', 'year', 'calendar button']) {
        expect(await focused(page), `To, ${part}`).toEqual({ name: 'To', ring: true });
        if (part !== 'calendar button') await page.keyboard.press('Tab');
      }
      expect(await axeViolations(page), 'To focused by a click, then Tab').toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `admin-filters-to-clicked-then-tab-${width}`);
      await page.context().close();
    }, 120_000);
  }
});
