import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, shoot, type TestBrowser } from '../support/browser.ts';
import { client } from '../support/http.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

/**
 * The rank rule as a moderator meets it on the player page: holding 'ban' alone, they open an admin's page, try to
 * ban them and read why they cannot; the admin stays unbanned.
 */
describe.runIf(browserAvailable)('an action on an account that holds more, in Chromium', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let admin: SignedIn;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
    admin = await signIn(server, { username: 'Odile Owner', role: 'admin' });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a moderator holding only "Ban and unban" is told the admin holds permissions they do not, and nothing changes', async () => {
    for (const width of [1280, 360]) {
      const { page } = await browser.pageAs(
        server,
        { username: `Mo ${width}`, grant: ['ban', 'view-players'] },
        { width, height: 800, bypassCSP: true },
      );
      await page.goto(`${server.url}/admin/players/${admin.user.id}`);
      await page.getByRole('heading', { level: 1, name: 'Odile Owner' }).waitFor();
      await page.getByRole('button', { name: 'Ban', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Ban this player' });
      await dialog.getByLabel('Reason').fill('Testing what a moderator can do');
      await dialog.getByRole('button', { name: 'Ban' }).click();
      const refusal = dialog.getByRole('alert');
      await refusal.filter({ hasText: 'This account holds permissions you do not' }).waitFor();
      expect(await refusal.textContent()).toContain('Issue refunds');
      expect(await refusal.textContent()).toContain('Ask someone who holds them.');
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `rank-refusal-${width}`);
      await page.context().close();
    }
    const status = await client(server.url, admin.cookie).get('/api/auth/user');
    expect(status.status).toBe(200);
    expect(status.body.ban ?? null).toBeNull();
  }, 60_000);
});
