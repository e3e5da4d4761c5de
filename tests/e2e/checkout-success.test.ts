import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { client } from '../support/http.ts';
import { randomDiscordId, signIn, type SignedIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

/** the join code this site is configured with: the Connect button and the written address both name it */
const CONNECT_CODE = 'ab12cd';
const SERVER_ADDRESS = `connect cfx.re/join/${CONNECT_CODE}`;

describe.runIf(browserAvailable)('/checkout-success shows only what the server says of the payment it names', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ ui: true, env: { FIVEM_CONNECT_CODE: CONNECT_CODE } }),
      openBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function pageAs(username: string, width = 1280): Promise<{ page: Page; buyer: SignedIn }> {
    const who = { username, email: `${username.split(' ')[0]}@example.com` };
    const { page, signedIn } = await browser.pageAs(server, who, { width, bypassCSP: true });
    return { page, buyer: signedIn };
  }

  const heading = (page: Page) => page.getByRole('heading', { level: 1 });
  /** the page never claims a success it does not have */
  const claimsSuccess = async (page: Page) =>
    (await page.locator('main').textContent())?.match(/Successful|Completed|\d+ tokens were added/) ?? null;

  it('a completed purchase shows product, amount, tokens, transaction id and the next steps, at 1280 and 360 px', async () => {
    for (const width of [1280, 360]) {
      const { page, buyer } = await pageAs(`Jean Baptiste${width}`, width);
      const { intentId } = await buyWithDemoCard(server.url, buyer, {
        productType: 'whitelist',
        productId: 'swamp-blood',
      });
      await page.goto(`${server.url}/checkout-success?payment_intent=${intentId}`);
      await expect.poll(() => heading(page).textContent()).toBe('Payment Successful!');
      expect(await page.getByTestId('product').textContent()).toBe('Swamp Blood');
      expect(await page.getByTestId('amount').textContent()).toBe('$60.00');
      expect(await page.getByTestId('tokens').textContent()).toBe('100 tokens');
      expect(await page.getByTestId('transaction-id').textContent()).toBe(intentId);
      expect(await page.getByTestId('payment-status').textContent()).toBe('Completed');
      expect(await page.getByText('100 tokens were added to your balance').isVisible()).toBe(true);
      for (const step of [
        'Join our Discord community.',
        'Open a ticket with your transaction ID and proof of purchase.',
        'Roles are assigned through Discord within 1-24 hours of payment.',
        'Download FiveM and connect to the server:',
      ])
        expect(await page.getByText(step).isVisible(), step).toBe(true);
      const address = page.getByTestId('server-address');
      // the server the Connect button opens, not a fixed address of another
      await expect.poll(() => address.textContent()).toBe(SERVER_ADDRESS);
      expect(await page.getByTestId('connect-button').getAttribute('href')).toBe(
        `fivem://connect/cfx.re/join/${CONNECT_CODE}`,
      );
      // the connect address sits on one line: it never breaks mid-word
      expect(await address.evaluate((code) => code.getClientRects().length)).toBe(1);
      expect(await page.getByRole('button', { name: 'Copy transaction ID' }).isEnabled()).toBe(true);
      expect(await page.getByRole('link', { name: 'View your purchases' }).getAttribute('href')).toBe('/account');
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `checkout-success-completed-${width}`, { fullPage: true });
      await page.context().close();
    }
  }, 60_000);

  it('an unban says what happens to an unban (a review, the decision on Discord), not roles or Connect, at 1280 and 360 px', async () => {
    for (const width of [1280, 360]) {
      const { page, buyer } = await pageAs(`Banned Boudreaux${width}`, width);
      const { intentId } = await buyWithDemoCard(server.url, buyer, {
        productType: 'unban',
        productId: 'city-unban',
        buyerDiscord: 'boudreaux_rp',
        banReason: 'Banned for VDM after a crash I did not cause.',
      });
      await page.goto(`${server.url}/checkout-success?payment_intent=${intentId}`);
      await expect.poll(() => heading(page).textContent()).toBe('Payment Successful!');
      expect(await page.getByTestId('product').textContent()).toBe('City Unban');
      expect(await page.getByRole('heading', { name: 'What happens now' }).isVisible()).toBe(true);
      for (const step of [
        'Senior staff review your ban within 1-24 hours of payment. They read the ban reason you gave at checkout.',
        'They tell you their decision on Discord, as boudreaux_rp. A paid unban does not guarantee approval.',
        'If it is approved, staff lift the ban: there is nothing more for you to do.',
      ])
        expect(await page.locator('main').innerText(), step).toContain(step);
      const text = await page.locator('main').innerText();
      for (const wrong of ['Staff assign your roles', 'Open a ticket', 'Download FiveM', 'connect'])
        expect(text, wrong).not.toContain(wrong);
      // the status has been read (the whitelist page shows Connect by now), and an unban still offers none
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('connect-button').count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `checkout-success-unban-${width}`, { fullPage: true });
      await page.context().close();
    }
  }, 60_000);

  it('a pending payment shows Payment Processing and asks again until it settles', async () => {
    const { page, buyer } = await pageAs('Patient Pierre');
    const http = client(server.url, buyer.cookie);
    const started = await http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'hood-package',
    });
    await page.goto(`${server.url}/checkout-success?payment_intent=${started.body.paymentIntentId}`);
    await expect.poll(() => heading(page).textContent()).toBe('Payment Processing');
    expect(await page.getByTestId('payment-status').textContent()).toBe('Awaiting payment');
    expect(await page.getByTestId('tokens').textContent()).toBe('80 tokens once paid');
    expect(await page.getByTestId('product').textContent()).toBe('Hood Package');
    expect(await claimsSuccess(page)).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'checkout-success-pending-1280', { fullPage: true });

    await http.post('/api/payments/demo/confirm', {
      clientSecret: started.body.clientSecret,
      cardNumber: '4242424242424242',
    });
    expect((await http.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId })).status).toBe(
      200,
    );
    await expect.poll(() => heading(page).textContent(), { timeout: 10_000 }).toBe('Payment Successful!');
    expect(await page.getByTestId('tokens').textContent()).toBe('80 tokens');
    await expect.poll(() => page.getByRole('banner').textContent(), { timeout: 10_000 }).toContain('80 tokens');
  }, 60_000);

  it("an unknown id, another player's payment, or no id shows Payment not found with a link to the account page", async () => {
    const other = await signIn(server, { username: 'Someone Else' });
    const { intentId: foreign } = await buyWithDemoCard(server.url, other, {
      productType: 'whitelist',
      productId: 'swamp-blood',
    });
    const { page } = await pageAs('Nosy Neighbour', 360);
    for (const query of ['?payment_intent=pi_bogus_123', `?payment_intent=${foreign}`, '', '?payment_intent=']) {
      await page.goto(`${server.url}/checkout-success${query}`);
      await expect.poll(() => heading(page).textContent(), { message: query }).toBe('Payment not found');
      expect(await page.getByRole('link', { name: 'Go to your account' }).getAttribute('href')).toBe('/account');
      expect(await claimsSuccess(page), query).toBeNull();
      expect(await page.getByText('Swamp Blood').count(), query).toBe(0);
      expect(await page.getByTestId('transaction-id').count(), query).toBe(0);
      expect(await fitsWidth(page), query).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'checkout-success-not-found-360', { fullPage: true });
  }, 60_000);

  /** Starts a Bayou Basic checkout over the API and answers it with the demo card given. */
  async function payBayouBasic(buyer: { cookie: string }, cardNumber: string) {
    const http = client(server.url, buyer.cookie);
    const started = await http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'bayou-basic',
    });
    await http.post('/api/payments/demo/confirm', { clientSecret: started.body.clientSecret, cardNumber });
    return { http, started };
  }

  it("completes the purchase when the buyer comes back from the bank's page through the card's redirect", async () => {
    const { page, buyer } = await pageAs('Redirected Rosalie');
    const { http, started } = await payBayouBasic(buyer, '4242424242424242');
    await page.goto(
      `${server.url}/checkout-success?payment_intent=${started.body.paymentIntentId}&redirect_status=succeeded`,
    );
    await expect.poll(() => heading(page).textContent(), { timeout: 10_000 }).toBe('Payment Successful!');
    expect(await page.getByTestId('tokens').textContent()).toBe('25 tokens');
    expect((await http.get('/api/user/tokens')).body.tokens).toBe(25);
  }, 60_000);

  it('a failed payment says so plainly, with the reason', async () => {
    const { page, buyer } = await pageAs('Declined Delphine');
    const { started } = await payBayouBasic(buyer, '4000000000000002');
    const { system } = server;
    // the store gives up on a checkout whose card was declined when it settles open payments
    await system.database.withContext(async () => {
      const purchase = await system.core.purchases.show.execute({ reference: started.body.paymentIntentId });
      await system.database.em.execute(`update purchases set created_at = ? where id = ?`, [
        new Date(Date.now() - 3_600_000),
        purchase.id,
      ]);
      await system.core.purchases.reconcile.execute({ all: true });
    });
    await page.goto(`${server.url}/checkout-success?payment_intent=${started.body.paymentIntentId}`);
    await expect.poll(() => heading(page).textContent()).toBe('Payment Failed');
    expect(await page.getByText('Your card was declined.').isVisible()).toBe(true);
    expect(await page.getByText('You were not charged and no tokens were added.').isVisible()).toBe(true);
    expect(await page.getByTestId('payment-status').textContent()).toBe('Failed');
    expect(await claimsSuccess(page)).toBeNull();
    await shoot(page, 'checkout-success-failed-1280', { fullPage: true });
  }, 60_000);

  it('a signed-out visitor is asked to sign in, and comes back to the same payment', async () => {
    const discordId = randomDiscordId();
    const buyer = await signIn(server, { discordId, username: 'Returning Remy' });
    const { intentId } = await buyWithDemoCard(server.url, buyer, {
      productType: 'whitelist',
      productId: 'swamp-blood',
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/checkout-success?payment_intent=${intentId}`);
    await expect.poll(() => heading(page).textContent()).toBe('Sign in to see your payment');
    expect(await claimsSuccess(page)).toBeNull();
    await shoot(page, 'checkout-success-signed-out-1280', { fullPage: true });
    await page.getByRole('link', { name: 'Sign in with Discord' }).click();
    await page.waitForURL('**/dev-login?returnTo=*');
    await page.getByLabel('Username').fill('Returning Remy');
    await page.getByLabel('Discord ID').fill(discordId);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/checkout-success?payment_intent=${intentId}`);
    await expect.poll(() => heading(page).textContent()).toBe('Payment Successful!');
    expect(await page.getByTestId('transaction-id').textContent()).toBe(intentId);
    await context.close();
  }, 60_000);
});
