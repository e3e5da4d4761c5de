import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASURE_NOTICE } from '../../adapters/http/contract/privacy.ts';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, shoot, type TestBrowser } from '../support/browser.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import type { TestServer } from '../support/test-system.ts';

describe.runIf(browserAvailable)("/account's Your data: the download and the deletion, in Chromium", () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [1280, 360]) {
    it(`downloads the player's data as one JSON file, then deletes the account after saying what goes and what stays (${width} px)`, async () => {
      const name = `Odile Guidry ${width}`;
      const email = `odile${width}.${Date.now() % 1_000_000}@example.com`;
      const { page, signedIn } = await browser.pageAs(server, { username: name, email }, { width, bypassCSP: true });
      const { purchaseId } = await buyWithDemoCard(server.url, signedIn, {
        productType: 'whitelist',
        productId: 'bayou-basic',
      });
      await page.goto(`${server.url}/account`);
      const section = page.getByRole('region', { name: 'Your data' });
      await section.getByRole('button', { name: 'Download my data' }).waitFor();
      // the page's other sections have loaded: the pass is shown
      await page.getByRole('heading', { name: 'Priority Pass' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await section.scrollIntoViewIfNeeded();
      await shoot(section, `privacy-section-${width}`);

      // the download: one JSON file named for the account, holding its purchases
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        section.getByRole('button', { name: 'Download my data' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^bayou-roleplay-data-${signedIn.user.id}-\\d{4}-\\d\\d-\\d\\d\\.json$`),
      );
      const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
      expect(data.account).toMatchObject({ id: signedIn.user.id, username: name, email });
      expect(data.purchases.map((purchase: { id: string }) => purchase.id)).toEqual([purchaseId]);
      expect(data.consents).toHaveLength(1);
      expect(data.memberships).toEqual([expect.objectContaining({ tierId: 'bayou-basic', status: 'active' })]);
      expect(data.privacyRequests).toEqual([expect.objectContaining({ kind: 'export', status: 'completed' })]);
      expect(await section.getByRole('status').textContent()).toBe(
        `Your data was downloaded as ${download.suggestedFilename()}.`,
      );

      // the deletion: the dialog says the pass ends first, what is erased and what stays, and asks for the word
      await section.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByTestId('erasure-membership').waitFor();
      expect(await dialog.getByTestId('erasure-membership').textContent()).toContain(
        'Your Bayou Basic Priority Pass is cancelled first: it ends now',
      );
      for (const line of [...ERASURE_NOTICE.erased, ...ERASURE_NOTICE.retained])
        expect(await dialog.getByText(line, { exact: true }).count()).toBe(1);
      const confirm = dialog.getByRole('button', { name: 'Delete my account' });
      expect(await confirm.isDisabled()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `privacy-delete-dialog-${width}`);

      // Keep my account closes it and changes nothing
      await dialog.getByRole('button', { name: 'Keep my account' }).click();
      await dialog.waitFor({ state: 'detached' });
      await section.getByRole('button', { name: 'Delete my account' }).click();
      const again = page.getByRole('dialog', { name: 'Delete your account?' });
      await again.getByLabel('Type DELETE to confirm').fill('DELETE');
      await again.getByRole('button', { name: 'Delete my account' }).scrollIntoViewIfNeeded();
      expect(await again.getByRole('button', { name: 'Delete my account' }).isEnabled()).toBe(true);
      await shoot(page, `privacy-delete-confirm-${width}`);
      await again.getByRole('button', { name: 'Delete my account' }).click();

      const done = page.getByRole('dialog', { name: 'Account deleted' });
      const result = done.getByTestId('erasure-result');
      await result.waitFor();
      expect(await result.textContent()).toContain('Your account has been deleted.');
      expect(await result.textContent()).toContain('Your Bayou Basic Priority Pass was cancelled first.');
      expect(await result.textContent()).toContain('you have been signed out on every device');
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `privacy-deleted-${width}`);

      // closing leaves the page signed out, as the server already is
      await result.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('heading', { name: 'Sign in to see your account' }).waitFor();
      expect(await page.evaluate(async () => (await (await fetch('/api/auth/session')).json()).user)).toBeNull();
      expect(await page.getByText('Your account has been deleted', { exact: true }).count()).toBe(1);
      // axe waits for the toast's entrance to end: the shot shows it where it rests
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `privacy-signed-out-${width}`, { fullPage: true });

      const [row] = await server.system.database.withContext(() =>
        server.system.database.query<{ username: string | null; discord_id: string }>(
          `select "username", "discord_id" from "users" where "id" = ?`,
          [signedIn.user.id],
        ),
      );
      expect(row?.username).toBeNull();
      expect(row?.discord_id).toMatch(/^erased-/);
    }, 90_000);
  }
});
