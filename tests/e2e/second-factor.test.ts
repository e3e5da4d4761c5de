import { createServer } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SECOND_FACTOR_PERMISSIONS } from '../../core/security/model/second-factor.ts';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, CHROMIUM_PATH, shoot } from '../support/browser.ts';
import { openFirstPurchase } from '../support/purchase-dialog.ts';
import { signIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

/** a loopback port free now, so the site's PUBLIC_URL (the passkeys' relying party) can name it before it starts */
const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

/**
 * Staff's second factor in the browser: passkeys need a domain (an address like 127.0.0.1 cannot hold one), so this
 * file's site answers on localhost and its own Chromium resolves that name; a virtual authenticator stands in for the
 * phone's fingerprint reader.
 */
describe.runIf(browserAvailable)('staff confirm refunds with a second factor', () => {
  let now = new Date('2026-11-29T12:00:00Z');
  let server: TestServer;
  let site: string;
  let browser: Browser;

  beforeAll(async () => {
    const port = await freePort();
    site = `http://localhost:${port}`;
    [server, browser] = await Promise.all([
      startTestServer({
        ui: true,
        clock: { now: () => new Date(now) },
        env: { PORT: String(port), PUBLIC_URL: site, STAFF_2FA: DEFAULT_SECOND_FACTOR_PERMISSIONS.join(',') },
      }),
      chromium.launch({
        executablePath: CHROMIUM_PATH,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost',
        ],
      }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** a page of its own, signed in as a new admin on the localhost site */
  async function adminPage(width: number, name: string): Promise<{ page: Page; cookie: string }> {
    const admin = await signIn(server, { role: 'admin', username: name });
    // axe runs as an inline script
    const context = await browser.newContext({ viewport: { width, height: 800 }, bypassCSP: true });
    await context.addCookies(
      admin.cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return {
          name: pair.slice(0, at),
          value: pair.slice(at + 1),
          url: site,
          httpOnly: true,
          sameSite: 'Lax' as const,
        };
      }),
    );
    return { page: await context.newPage(), cookie: admin.cookie };
  }

  async function paidPurchase(): Promise<{ id: string; buyerDiscordId: string }> {
    const buyer = await signIn(server);
    const bought = await buyWithDemoCard(server.url, buyer, { productType: 'whitelist', productId: 'swamp-blood' });
    return { id: bought.purchaseId, buyerDiscordId: buyer.user.discordId };
  }

  const purchaseStatus = async (id: string, cookie: string) =>
    (await (await fetch(`${server.url}/api/purchases/${id}`, { headers: { cookie } })).json()).purchase.status;

  for (const width of [1280, 360]) {
    it(`at ${width} px: refuses a refund without a factor and sends the admin to set one up, with the QR code`, async () => {
      const purchase = await paidPurchase();
      const { page, cookie } = await adminPage(width, `Odile ${width}`);
      await page.goto(`${site}/account`);
      // the API refuses the refund and changes nothing
      const refused = await page.evaluate(async (id) => {
        const response = await fetch(`/api/purchases/${id}/refund`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ reason: 'Charged twice' }),
        });
        return { status: response.status, body: await response.json() };
      }, purchase.id);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('SECOND_FACTOR_SETUP_REQUIRED');
      expect(await purchaseStatus(purchase.id, cookie)).toBe('completed');

      // the staff screen that refunds sends them to the security page
      await page.goto(`${site}/admin`);
      await page.waitForURL(/\/account\/security\?setup=required$/);
      await page.getByText('Staff actions are locked until you set one up.').waitFor();
      await page.getByText(/A passkey is a key stored on your phone or computer/).waitFor();
      await page.getByText(/ask an admin to reset your second factor/).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `second-factor/refused-setup-required-${width}`, { fullPage: true });

      await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
      await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      await page.getByText("Can't scan? Type this key into the app:").waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `second-factor/authenticator-setup-${width}`, { fullPage: true });
      await page.context().close();
    }, 90_000);

    it(`at ${width} px: registers a passkey, and refunds after the passkey prompt once the check is old`, async () => {
      const purchase = await paidPurchase();
      const { page, cookie } = await adminPage(width, `Remy ${width}`);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      await page.goto(`${site}/account/security`);
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      const codes = page.getByRole('region', { name: 'Your recovery codes' });
      await codes.getByRole('listitem').first().waitFor();
      expect(await codes.getByRole('listitem').count()).toBe(10);
      await page.getByText('Passkey 1, added').waitFor();

      // the check made with the passkey is older than ten minutes now
      now = new Date(now.getTime() + 11 * 60_000);
      await page.goto(`${site}/admin?buyer=${purchase.buyerDiscordId}`);
      const details = await openFirstPurchase(page);
      await details.getByRole('button', { name: 'Refund', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Refund this purchase?' });
      await confirm.getByLabel('Reason for the refund (required)').fill('Charged twice by the bank.');
      await confirm.getByRole('button', { name: 'Refund $60.00' }).click();

      const prompt = page.getByRole('dialog', { name: "Confirm it's you" });
      await prompt.getByRole('button', { name: 'Use my passkey' }).waitFor();
      await prompt.getByLabel('Or enter a code').waitFor();
      expect(await purchaseStatus(purchase.id, cookie)).toBe('completed');
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `second-factor/passkey-prompt-${width}`);
      await prompt.getByRole('button', { name: 'Use my passkey' }).click();
      await prompt.waitFor({ state: 'detached' });
      await details.getByTestId('purchase-status').getByText('Refunded').waitFor();
      expect(await purchaseStatus(purchase.id, cookie)).toBe('refunded');
      await page.context().close();
    }, 90_000);
  }
});
