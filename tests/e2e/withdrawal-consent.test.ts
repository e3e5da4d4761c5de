import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_CONSENT } from '../../core/purchases/model/withdrawal-consent.ts';
import { pagePath } from '../../adapters/http/contract/pages.ts';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, shoot, type TestBrowser } from '../support/browser.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

describe.runIf(browserAvailable)('the withdrawal consent and the age question before paying, in Chromium', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [1280, 360]) {
    it(`opens no payment until the box is ticked and the age answered; the receipt and staff see what was given (${width} px)`, async () => {
      const { page, signedIn } = await browser.pageAs(
        server,
        { username: `Careful Buyer ${width}`, email: `careful${width}@example.com` },
        { width, bypassCSP: true },
      );
      await page.goto(`${server.url}/stripe-checkout?type=gang&id=starter-gang`);
      const terms = page.getByTestId('checkout-terms');
      await terms.waitFor();
      const consent = terms.getByRole('checkbox', { name: WITHDRAWAL_CONSENT.text });
      expect(await consent.isChecked()).toBe(false);
      expect(await page.getByTestId('terms-needed').textContent()).toBe(
        'Answer the age question and tick the box to pay.',
      );
      // nothing to pay with: no card form, no Pay button, and no checkout opened
      expect(await page.getByLabel('Card number').count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Pay now/ }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `checkout-consent-unticked-${width}`, { fullPage: true });

      // the box alone is not enough before a first purchase
      await consent.check();
      expect(await page.getByTestId('terms-needed').textContent()).toBe(
        'Answer the age question and tick the box to pay.',
      );
      expect(await page.getByLabel('Card number').count()).toBe(0);
      await terms.getByRole('radio', { name: 'I am 18 or over' }).check();
      const pay = page.getByRole('button', { name: 'Pay now $50' });
      await pay.waitFor();
      expect(await page.getByTestId('terms-needed').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `checkout-consent-ticked-${width}`, { fullPage: true });

      // unticked again, the payment goes away
      await consent.uncheck();
      await expect.poll(() => page.getByLabel('Card number').count()).toBe(0);
      await consent.check();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry').fill('12 / 34');
      await page.getByLabel('CVC').fill('123');
      await pay.click();
      await page.waitForURL('**/checkout-success?payment_intent=*');

      const mine = await page.evaluate(async () => (await (await fetch('/api/user/purchases')).json()).purchases);
      const bought = mine.find((item: { productId: string }) => item.productId === 'starter-gang');
      await page.goto(`${server.url}${pagePath('/account/receipts/:id', { id: bought.purchaseId })}`);
      const given = page.getByTestId('withdrawal-consent');
      await given.waitFor();
      expect(await given.textContent()).toMatch(new RegExp(`^Agreed on .+: "${literally(WITHDRAWAL_CONSENT.text)}"$`));
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `receipt-consent-${width}`, { fullPage: true });

      // staff: the player page says what the buyer declared, and when
      const { page: admin } = await browser.pageAs(
        server,
        { username: `Consent Admin ${width}`, role: 'admin' },
        { width },
      );
      await admin.goto(`${server.url}${pagePath('/admin/players/:id', { id: signedIn.user.id })}`);
      const age = admin.getByTestId('age-declaration');
      await age.waitFor();
      expect(await age.textContent()).toMatch(/^I am 18 or over \(.+\)$/);
      await shoot(admin, `player-age-declared-${width}`, { fullPage: true });
    }, 90_000);
  }

  it('the checkout API refuses a purchase without the consent, or without an age before the first one, and opens nothing', async () => {
    const buyer = await signIn(server, { username: 'Hasty Buyer' });
    const http = client(server.url, buyer.cookie);
    const item = { productType: 'gang', productId: 'starter-gang', ageDeclaration: 'adult' };
    const without = await http.post('/api/create-payment-intent', item);
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({ code: 'WITHDRAWAL_CONSENT_REQUIRED' });
    expect(without.body.message).toContain('14-day right of withdrawal');
    const old = await http.post('/api/create-payment-intent', { ...item, withdrawalConsent: '2020-01-01' });
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ code: 'WITHDRAWAL_CONSENT_OUTDATED' });
    const noAge = await http.post('/api/create-payment-intent', {
      productType: 'gang',
      productId: 'starter-gang',
      withdrawalConsent: WITHDRAWAL_CONSENT.version,
    });
    expect(noAge.status).toBe(400);
    expect(noAge.body).toMatchObject({ code: 'AGE_DECLARATION_REQUIRED' });
    expect((await http.get('/api/user/purchases')).body.purchases).toEqual([]);
    expect((await http.get('/api/auth/user')).body.ageDeclared).toBe(false);
  });
});

/** `text` as a regular expression matching it literally */
function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
