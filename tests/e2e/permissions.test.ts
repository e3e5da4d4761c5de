import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

describe.runIf(browserAvailable)('staff permissions in the browser', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("an admin grants a permission in the player page's permissions section, at 1280 and 360 px", async () => {
    for (const width of [1280, 360]) {
      const moderator = await signIn(server, { role: 'staff', username: `Moderator ${width}` });
      const { page } = await browser.pageAs(
        server,
        { role: 'admin', username: `Perm Admin ${width}` },
        { width, height: 800, bypassCSP: true },
      );
      await page.goto(`${server.url}/admin/players/${moderator.user.id}`);
      const section = page.getByRole('region', { name: 'Permissions' });
      await section.waitFor();
      const refund = section.getByRole('checkbox', { name: 'Issue refunds', exact: true });
      const reviews = section.getByRole('checkbox', { name: 'Review whitelist applications', exact: true });
      expect(await refund.isChecked()).toBe(false);
      expect(await reviews.isChecked()).toBe(true);
      expect(await section.getByText('From the role').count()).toBe(3);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `player-permissions-${width}`, { fullPage: true });

      await refund.check();
      await reviews.uncheck();
      await section.getByText('Will be granted').waitFor();
      await section.getByRole('button', { name: 'Save permissions' }).click();
      const result = section.getByRole('status');
      await expect
        .poll(() => result.textContent())
        .toBe(
          `Saved: granted Issue refunds; revoked Review whitelist applications. It applies on Moderator ${width}'s next request.`,
        );
      expect(await refund.isChecked()).toBe(true);
      expect(await section.getByText('Granted', { exact: true }).isVisible()).toBe(true);
      expect(await section.getByText('Revoked from the role').isVisible()).toBe(true);
      // what comes with another permission is shown held, and cannot be cleared alone
      const purchases = section.getByRole('checkbox', { name: 'View purchases and revenue', exact: true });
      expect(await purchases.isChecked()).toBe(true);
      expect(await purchases.isDisabled()).toBe(true);
      const timeline = page.getByRole('list', { name: 'Timeline, newest first' });
      await timeline.getByText('Permission granted: Issue refunds').waitFor();
      expect(await timeline.getByText('Permission revoked: Review whitelist applications').isVisible()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `player-permissions-saved-${width}`, { fullPage: true });
      await page.close();
    }
  });

  it('the section says why a change is refused, and is not shown to those who do not manage permissions', async () => {
    const admin = await signIn(server, { role: 'admin', username: 'Refused Admin' });
    const target = await signIn(server, { username: 'Target Player' });
    const { page } = await browser.pageAs(
      server,
      { role: 'player', username: 'Lost Manager', grant: ['view-players', 'manage-roles'] },
      { width: 1280, bypassCSP: true },
    );
    await page.goto(`${server.url}/admin/players/${target.user.id}`);
    const section = page.getByRole('region', { name: 'Permissions' });
    await section.getByRole('checkbox', { name: 'Ban and unban', exact: true }).check();
    // meanwhile an admin takes manage-roles away from the signed-in user
    const me = await client(server.url, admin.cookie).get(`/api/players?q=Lost Manager`);
    const myId = me.body.players[0].id as string;
    expect(
      (await client(server.url, admin.cookie).post(`/api/players/${myId}/permissions`, { revoke: ['manage-roles'] }))
        .status,
    ).toBe(200);
    await section.getByRole('button', { name: 'Save permissions' }).click();
    await expect
      .poll(() => section.getByRole('status').textContent())
      .toBe('This needs the "Change roles and permissions" permission.');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Target Player' }).waitFor();
    expect(await page.getByRole('region', { name: 'Permissions' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Change role' }).count()).toBe(0);
  });

  it("a user granted only 'refund' sees the purchases screen's refund, and not the staff review links", async () => {
    const buyer = await signIn(server, { username: 'Refund Buyer' });
    await buyWithDemoCard(server.url, buyer, { productType: 'whitelist', productId: 'bayou-basic' });
    for (const width of [1280, 360]) {
      const { page } = await browser.pageAs(
        server,
        { role: 'player', username: `Refunder ${width}`, grant: ['refund'] },
        { width, height: 800, bypassCSP: true },
      );
      await page.goto(`${server.url}/admin?buyer=${buyer.user.discordId}`);
      await page.getByRole('heading', { level: 1, name: 'Purchase Dashboard' }).waitFor();
      if (width === 360) await page.getByRole('button', { name: 'Open menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Main' }).locator('visible=true');
      await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Reviews' }).count()).toBe(0);
      if (width === 360) await page.getByRole('button', { name: 'Close menu' }).click();
      // nor the dashboard's links to the review screens, coupons or creators
      for (const name of ['Whitelist Applications', 'Staff Applications', 'Coupons', 'Creators'])
        expect(await page.getByRole('link', { name, exact: true }).count()).toBe(0);
      await page.getByRole('button', { name: 'View', exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Purchase details' });
      await dialog.getByRole('button', { name: 'Refund', exact: true }).waitFor();
      // the buyer's name is not a link to a player page this user may not read
      expect(await dialog.getByText('Refund Buyer').first().isVisible()).toBe(true);
      expect(await dialog.getByRole('link', { name: 'Refund Buyer' }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Refund', exact: true }).scrollIntoViewIfNeeded();
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `refund-only-purchase-${width}`);
      await page.close();
    }
  });
});
