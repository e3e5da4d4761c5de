import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { withToken } from '../support/api-tokens.ts';
import { browserAvailable, openBrowser, shoot, type TestBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

describe.runIf(browserAvailable)('the API tokens screen', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ ui: true }), openBrowser()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const width of [1280, 360]) {
    it(`at ${width} px: makes a token shown once, lists it, and revokes it after asking`, async () => {
      // an integrations manager who looks players up and reviews, but does not see purchases
      const { page } = await browser.pageAs(
        server,
        {
          role: 'staff',
          grant: ['manage-integrations', 'view-purchases'],
          revoke: ['review-appeals'],
          username: `Ivy${width}`,
        },
        { width, height: 900, bypassCSP: true },
      );
      await page.goto(`${server.url}/admin`);
      await page.getByRole('link', { name: 'API Tokens' }).click();
      await page.getByRole('heading', { name: 'API Tokens', level: 1 }).waitFor();
      // the first run finds none; the second, the first run's
      if (width === 1280) await page.getByText('No API tokens yet.').waitFor();

      // nothing chosen: the form says so before sending
      await page.getByLabel(/^Name/).fill(`Stats board ${width}`);
      await page.getByRole('button', { name: 'Create token' }).click();
      await page.getByText('Choose at least one scope.').waitFor();
      await page.getByLabel('players:read').check();
      await page.getByLabel('purchases:read').check();
      await page.getByRole('button', { name: 'Create token' }).click();
      await page.getByText('Copy it now: you will not see it again.').waitFor();
      const secret = (await page.getByTestId('new-token').textContent())!;
      expect(secret).toMatch(/^bbt_[A-Za-z0-9_-]{43}$/);
      const row = page.getByTestId('api-token-row').filter({ hasText: `Stats board ${width}` });
      await row.waitFor();
      expect(await row.textContent()).toContain('purchases:read');
      expect(await row.textContent()).toContain(`Ivy${width}`);
      expect(await row.textContent()).not.toContain(secret);
      expect(await axeViolations(page), `created at ${width}`).toEqual([]);
      expect(await fitsWidth(page), `created at ${width}`).toBe(true);
      await shoot(page, `api-tokens-created-${width}`, { fullPage: true });
      expect((await withToken(server, '/api/v1/purchases', secret)).status).toBe(200);

      // once dismissed, the secret is gone from the page for good
      await page.getByRole('button', { name: 'I have stored it' }).click();
      expect(await page.getByText(secret).count()).toBe(0);

      await row.getByRole('button', { name: `Revoke Stats board ${width}` }).click();
      const dialog = page.getByRole('dialog', { name: `Revoke “Stats board ${width}”?` });
      await dialog.waitFor();
      expect(await axeViolations(page), `revoke dialog at ${width}`).toEqual([]);
      await shoot(page, `api-tokens-revoke-${width}`);
      await dialog.getByRole('button', { name: 'Revoke token' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await row.getByText(`by Ivy${width}`).waitFor();
      expect(await row.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
      expect((await withToken(server, '/api/v1/purchases', secret)).status).toBe(401);
      await shoot(page, `api-tokens-revoked-${width}`, { fullPage: true });
      await page.close();
    }, 90_000);
  }

  it('greys out the scopes whose permission the admin lacks, saying which', async () => {
    const { page } = await browser.pageAs(
      server,
      { role: 'player', grant: ['manage-integrations', 'view-players'], username: 'Lookup Only' },
      { width: 1280, height: 900, bypassCSP: true },
    );
    await page.goto(`${server.url}/admin/api-tokens`);
    const purchases = page.getByLabel('purchases:read');
    await purchases.waitFor();
    expect(await purchases.isDisabled()).toBe(true);
    expect(await page.getByLabel('players:read').isDisabled()).toBe(false);
    await page.getByText('Needs the "View purchases and revenue" permission, which you do not hold.').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'api-tokens-scopes-1280', { fullPage: true });
    await page.close();
  }, 60_000);
});
