import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  holdRequests,
  openBrowser,
  type TestBrowser,
  shoot,
  visitInApp,
  agreeToTerms,
} from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { fitsWidth } from '../support/axe.ts';
import { AGREED } from '../support/checkout-terms.ts';

describe.runIf(browserAvailable)('buying on the embedded defaults (demo card payments) in Chromium', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    // the product's defaults whole: the embedded database too, whatever database the run's other servers use
    [server, browser] = await Promise.all([startTestServer({ ui: true, target: 'pglite' }), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function pageAs(role: 'player' | 'admin', username: string, width = 1280): Promise<Page> {
    const email = `${username.toLowerCase().replace(/\s/g, '.')}@example.com`;
    return (await browser.pageAs(server, { role, username, email }, { width })).page;
  }

  async function pay(page: Page, card: string) {
    await agreeToTerms(page);
    await page.getByLabel('Card number').fill(card);
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
  }

  const tokens = (page: Page) =>
    page.evaluate(async () => (await (await fetch('/api/user/tokens')).json()).tokens as number);

  it('buys Swamp Blood from /whitelist with 4242: success page, 100 tokens in the header, completed at $60.00 on /admin', async () => {
    const buyer = await pageAs('player', 'Jean Baptiste');
    await buyer.goto(`${server.url}/whitelist`);
    await buyer.getByRole('button', { name: 'Purchase Swamp Blood' }).click();
    await buyer.waitForURL('**/stripe-checkout?type=whitelist&id=swamp-blood');
    await expect.poll(() => buyer.getByTestId('order-total').textContent()).toBe('$60');
    await pay(buyer, '4242 4242 4242 4242');
    await buyer.getByRole('button', { name: 'Pay now $60' }).click();
    // The toast says the page is moving on while it still is the payment page...
    const redirecting = buyer.getByText('You received 100 tokens! Redirecting to success page...', { exact: true });
    await redirecting.waitFor();
    expect(new URL(buyer.url()).pathname).toBe('/stripe-checkout');
    expect(await buyer.getByText('Purchase Successful!', { exact: true }).isVisible()).toBe(true);
    expect(await buyer.getByRole('status').filter({ hasText: 'Opening your receipt' }).isVisible()).toBe(true);
    await shoot(buyer, 'checkout-paid-redirecting-1280');
    await buyer.waitForURL('**/checkout-success?payment_intent=*');
    const intentId = new URL(buyer.url()).searchParams.get('payment_intent')!;
    expect(intentId).toMatch(/^pi_demo_/);
    expect(await buyer.getByTestId('transaction-id').textContent()).toBe(intentId);
    expect(await buyer.getByText('Completed', { exact: true }).isVisible()).toBe(true);
    // ...and is gone on the success page: it does not say it is on its way to where it already is
    await expect.poll(() => buyer.getByText(/Redirecting to success page/).count()).toBe(0);
    // no join code is configured here: the written address is the site's own setting
    expect(await buyer.getByTestId('server-address').textContent()).toBe('connect play.bayouroleplay.gg');
    await expect.poll(() => buyer.getByRole('banner').textContent(), { timeout: 10_000 }).toContain('100 tokens');
    // Discord delivery is not configured on the embedded defaults: the ticket instructions stay
    expect(await buyer.getByText('Open a ticket with your transaction ID and proof of purchase.').isVisible()).toBe(
      true,
    );
    expect(await buyer.getByText(/granted automatically/).count()).toBe(0);
    await shoot(buyer, 'checkout-success-1280', { fullPage: true });

    const admin = await pageAs('admin', 'Papa Legba');
    await admin.goto(`${server.url}/admin`);
    const row = admin.getByRole('row').filter({ hasText: 'Swamp Blood' });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Jean Baptiste'),
        'Swamp Blood',
        'whitelist',
        '$60.00 via demo',
        'Completed',
      ]),
    );
    expect(
      await row.locator('[data-colour]').evaluateAll((badges) => badges.map((b) => b.getAttribute('data-colour'))),
    ).toEqual(['whitelist', 'completed']);
    expect(await row.locator('[data-delivery]').textContent()).toBe('Not configured');
    expect(await admin.getByTestId('summary-total-revenue').textContent()).toBe('$60.00');
    await row.getByRole('button', { name: 'View' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Purchase details' });
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain(intentId);
    await shoot(admin, 'admin-purchases-1280', { fullPage: true });

    // the home page's Recent Purchases panel now shows the sale, anonymised, newest highlighted
    await buyer.goto(`${server.url}/`);
    const newest = buyer.getByRole('complementary', { name: 'Recent Purchases' }).locator('li[data-newest="true"]');
    await expect.poll(() => newest.textContent()).toMatch(/^Jean B\.\$60Swamp Blood(just now|1 minute ago)$/);
  }, 60_000);

  it('a declined card shows Payment Failed with the reason, Pay works again, and nothing is credited', async () => {
    const buyer = await pageAs('player', 'Remy Declined');
    await buyer.goto(`${server.url}/stripe-checkout?type=whitelist&id=swamp-blood`);
    await pay(buyer, '4000 0000 0000 0002');
    const payButton = buyer.getByRole('button', { name: 'Pay now $60' });
    // hold the card answer so the paying state can be seen
    const answer = await holdRequests(buyer, '**/api/payments/demo/confirm');
    await payButton.click();
    const busy = buyer.getByRole('button', { name: 'Processing...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    answer.release();
    const alert = buyer.getByRole('alert').filter({ hasText: 'Payment Failed' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Your card was declined.');
    expect(await alert.textContent()).toContain('You were not charged.');
    await shoot(buyer, 'store-declined-1280');
    await expect.poll(() => payButton.isEnabled()).toBe(true);
    expect(await tokens(buyer)).toBe(0);
    expect(buyer.url()).toContain('/stripe-checkout');
    await pay(buyer, '4242 4242 4242 4242');
    await payButton.click();
    await buyer.waitForURL('**/checkout-success?payment_intent=*');
    expect(await tokens(buyer)).toBe(100);
  }, 60_000);

  it('buys an add-on option picked on /addons (Custom Tattoos, Upper Body, $75), declined first', async () => {
    const buyer = await pageAs('player', 'Tattoo Fan');
    await buyer.goto(`${server.url}/addons`);
    const tattoos = buyer.getByRole('article', { name: 'Custom Tattoos' });
    await tattoos.waitFor();
    expect(await buyer.getByRole('button', { name: 'Order Services' }).count()).toBe(3);
    expect(await buyer.getByRole('button', { name: 'Purchase $115' }).count()).toBe(1);
    await tattoos.getByLabel(/Upper Body/).check();
    await tattoos.getByRole('button', { name: 'Order Custom Tattoos' }).click();
    await buyer.waitForURL('**/stripe-checkout?type=addon&id=custom-tattoos&option=upper-body');
    await expect.poll(() => buyer.getByTestId('product-name').textContent()).toBe('Custom Tattoos (Upper Body)');
    await pay(buyer, '4000 0000 0000 0002');
    await buyer.getByRole('button', { name: 'Pay now $75' }).click();
    await buyer.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(await tokens(buyer)).toBe(0);
    await pay(buyer, '4242424242424242');
    await buyer.getByRole('button', { name: 'Pay now $75' }).click();
    await buyer.waitForURL('**/checkout-success?payment_intent=*');
    expect(await tokens(buyer)).toBe(75);
  }, 60_000);

  it('buys a Discord Unban ($19.99) from /unban on a 360 px screen: Discord username and ban reason first, declined once, and staff see the reason', async () => {
    const buyer = await pageAs('player', 'Banned Boudreaux', 360);
    await buyer.goto(`${server.url}/unban`);
    await buyer.getByRole('button', { name: 'Purchase Unban: Discord Unban' }).click();
    // the link carries the choice (a reload or a sign-in comes back to it); the stored hand-off is used up
    await buyer.waitForURL('**/stripe-checkout?type=unban&id=discord-unban');
    await expect.poll(() => buyer.getByTestId('order-total').textContent()).toBe('$19.99');
    expect(await buyer.evaluate(() => localStorage.getItem('checkoutData'))).toBeNull();
    expect(await buyer.getByText('Discord username and ban reason required').isVisible()).toBe(true);
    expect(await buyer.getByText(/\bChat\b/).count()).toBe(0);

    const discordName = buyer.getByLabel('Discord username');
    expect(await discordName.inputValue()).toBe('Banned Boudreaux');
    const reason = buyer.getByLabel('Ban reason');
    expect(await reason.evaluate((element) => element.tagName)).toBe('TEXTAREA');
    expect(await buyer.getByLabel('Card number').count()).toBe(0);
    await buyer.getByRole('button', { name: 'Continue to payment' }).click();
    await expect.poll(() => buyer.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('banReason');
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await reason.getAttribute('aria-describedby')) ?? '';
    const described = await buyer.evaluate(
      (ids) => ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
      describedBy.split(' '),
    );
    expect(described).toContain('Tell us why you were banned in at least 10 characters.');
    await reason.fill('VDM');
    await buyer.getByRole('button', { name: 'Continue to payment' }).click();
    await buyer.getByText('Tell us why you were banned in at least 10 characters.').first().waitFor();
    await discordName.fill('boudreaux_old');
    await reason.fill('Banned from the Discord for spamming the trade channel in October.');
    await buyer.getByRole('button', { name: 'Continue to payment' }).click();
    expect(await buyer.getByTestId('unban-details').textContent()).toContain('boudreaux_old');
    // the form went away: focus is on the payment panel's heading, not on the page
    await expect.poll(() => buyer.evaluate(() => document.activeElement?.id)).toBe('payment-heading');
    expect(await fitsWidth(buyer)).toBe(true);
    await shoot(buyer, 'stripe-checkout-unban-360', { fullPage: true });
    await pay(buyer, '4000 0000 0000 0002');
    await buyer.getByRole('button', { name: 'Pay now $19.99' }).click();
    await buyer.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(await tokens(buyer)).toBe(0);
    await pay(buyer, '4242 4242 4242 4242');
    await buyer.getByRole('button', { name: 'Pay now $19.99' }).click();
    await buyer.getByText('You received 19 tokens! Redirecting to success page...', { exact: true }).waitFor();
    // paid: the details went with the payment and can no longer be edited
    expect(await buyer.getByRole('button', { name: 'Edit unban details' }).count()).toBe(0);
    await shoot(buyer, 'checkout-paid-redirecting-360');
    await buyer.waitForURL('**/checkout-success?payment_intent=*');
    expect(await tokens(buyer)).toBe(19);
    expect(await buyer.evaluate(() => localStorage.getItem('checkoutData'))).toBeNull();
    expect(await fitsWidth(buyer)).toBe(true);
    // an unban is reviewed: the page neither sends the buyer to staff for roles nor offers to connect
    await buyer.getByRole('heading', { name: 'What happens now' }).waitFor();
    await expect.poll(() => buyer.getByText(/Redirecting to success page/).count()).toBe(0);
    expect(await buyer.getByText(/Staff assign your roles/).count()).toBe(0);
    await shoot(buyer, 'checkout-success-360', { fullPage: true });

    const admin = await pageAs('admin', 'Unban Admin', 360);
    await admin.goto(`${server.url}/admin`);
    const row = admin.getByRole('row').filter({ hasText: 'boudreaux_old' });
    await row.getByRole('button', { name: 'View' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Purchase details' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('ban-reason').textContent()).toBe(
      'Banned from the Discord for spamming the trade channel in October.',
    );
    expect(await fitsWidth(admin)).toBe(true);
    await shoot(admin, 'admin-purchase-ban-reason-360', { fullPage: true });
  }, 90_000);

  it('an explicit link wins over a stale stored unban: the add-on is shown and charged, and the stored data is gone', async () => {
    const buyer = await pageAs('player', 'Link Follower');
    await buyer.goto(`${server.url}/unban`);
    await buyer.evaluate(() =>
      localStorage.setItem(
        'checkoutData',
        JSON.stringify({ productType: 'unban', productId: 'city-unban', productName: 'City Unban', price: 199 }),
      ),
    );
    await buyer.goto(`${server.url}/stripe-checkout?type=addon&id=swamp-vehicles`);
    await expect.poll(() => buyer.getByTestId('product-name').textContent()).toBe('Swamp Vehicles');
    await expect.poll(() => buyer.getByTestId('order-total').textContent()).toBe('$115');
    expect(await buyer.getByText('City Unban').count()).toBe(0);
    expect(await buyer.evaluate(() => localStorage.getItem('checkoutData'))).toBeNull();
    await pay(buyer, '4242 4242 4242 4242');
    await buyer.getByRole('button', { name: 'Pay now $115' }).click();
    await buyer.waitForURL('**/checkout-success?payment_intent=*');
    expect(await tokens(buyer)).toBe(115);

    // stored data alone still works, and is turned into a link so a reload shows the same item
    await buyer.evaluate(() =>
      localStorage.setItem(
        'checkoutData',
        JSON.stringify({ productType: 'gang', productId: 'starter-gang', productName: 'Starter Gang', price: 1 }),
      ),
    );
    await buyer.goto(`${server.url}/stripe-checkout`);
    await buyer.waitForURL('**/stripe-checkout?type=gang&id=starter-gang');
    await expect.poll(() => buyer.getByTestId('product-name').textContent()).toBe('Starter Gang');
    await expect.poll(() => buyer.getByTestId('order-total').textContent()).toBe('$50');
    expect(await buyer.evaluate(() => localStorage.getItem('checkoutData'))).toBeNull();
    await buyer.reload();
    await expect.poll(() => buyer.getByTestId('product-name').textContent()).toBe('Starter Gang');
  }, 60_000);

  it("/checkout with the checkout list's add-on price shows the catalogue price, says it changed, and can be paid", async () => {
    const buyer = await pageAs('player', 'Old Link');
    await buyer.goto(
      `${server.url}/checkout?productType=addon&productId=swamp-vehicles&productName=Swamp%20Vehicles&price=75`,
    );
    await expect.poll(() => buyer.getByTestId('order-total').textContent()).toBe('$115');
    expect(await buyer.getByTestId('price-changed').textContent()).toBe(
      'The price of Swamp Vehicles is now $115 (your link said $75). You pay $115.',
    );
    await shoot(buyer, 'checkout-price-changed-1280', { fullPage: true });
    await buyer.getByRole('button', { name: 'Continue to payment' }).click();
    await pay(buyer, '4242 4242 4242 4242');
    await buyer.getByRole('button', { name: 'Pay now $115' }).click();
    await buyer.getByText('Payment Processing', { exact: true }).waitFor();
    await buyer.getByText('You received 115 tokens!', { exact: true }).waitFor({ timeout: 5000 });
    expect(await tokens(buyer)).toBe(115);

    await buyer.goto(`${server.url}/checkout?productType=addon&productId=golden-airboat&price=75`);
    await buyer.getByRole('heading', { name: 'Product Not Found' }).waitFor();
    await buyer.getByRole('link', { name: 'Back to Add-ons' }).click();
    await buyer.waitForURL('**/addons');
  }, 60_000);

  it('/checkout takes the ban reason for an unban, and will not continue without it', async () => {
    const buyer = await pageAs('player', 'Order Unban', 360);
    await buyer.goto(
      `${server.url}/checkout?productType=unban&productId=city-unban&productName=City%20Unban&price=199`,
    );
    await buyer.getByLabel('Ban reason').waitFor();
    await buyer.getByRole('button', { name: 'Continue to payment' }).click();
    await expect.poll(() => buyer.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('banReason');
    await buyer.getByLabel('Ban reason').fill('Banned for combat logging during a bank robbery.');
    await buyer.getByRole('button', { name: 'Continue to payment' }).click();
    await agreeToTerms(buyer);
    await buyer.getByLabel('Card number').waitFor();
    expect(await fitsWidth(buyer)).toBe(true);
    await shoot(buyer, 'checkout-unban-360', { fullPage: true });
  }, 60_000);

  it('signed out: the payment page says Authentication Required, then goes to sign in after 1 s; an unknown product is not found', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/stripe-checkout?type=gang&id=hood-package`);
    // the page keeps its heading while it sends the buyer to sign in, coming back to this package: all three are
    // read in one moment of the page, as the second that follows ends with the move (a busy machine can spend it
    // between two separate reads)
    await page.waitForFunction(() => {
      // innerText: the text shown, as the buyer sees it (not hidden text)
      const shown = document.body.innerText;
      const heading = [...document.querySelectorAll('h1')].some((h1) => h1.textContent === 'Secure Checkout');
      return (
        heading && shown.includes('Authentication Required') && shown.includes('Please log in to make a purchase.')
      );
    });
    await page.waitForURL((url) => !url.pathname.startsWith('/stripe-checkout'), { timeout: 5000 });
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/stripe-checkout?type=gang&id=hood-package');
    await page.goto(`${server.url}/stripe-checkout?type=gang&id=golden-ticket`);
    await page.getByRole('heading', { name: 'Product Not Found' }).waitFor();
    expect(await page.getByText("The product you're looking for doesn't exist.").isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Return Home' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to Gang Packages' }).getAttribute('href')).toBe('/gangs');
    // nobody is sent to sign in for a product that does not exist
    await page.waitForTimeout(1_500); // the redirect to sign in comes after 1 s (SIGN_IN_REDIRECT_MS)
    expect(new URL(page.url()).pathname).toBe('/stripe-checkout');
    expect(await page.getByText('Authentication Required').count()).toBe(0);
  }, 60_000);

  it('never loads Stripe.js outside the payment page, and /admin is refused to players', async () => {
    const player = await pageAs('player', 'Curious Cat');
    const stripeRequests: string[] = [];
    player.on('request', (request) => {
      if (request.url().includes('js.stripe.com')) stripeRequests.push(request.url());
    });
    for (const path of ['/', '/whitelist', '/gangs', '/addons', '/unban', '/checkout-success?payment_intent=pi_x']) {
      await player.goto(`${server.url}${path}`);
      await player.waitForLoadState('networkidle');
    }
    expect(stripeRequests).toEqual([]);
    await player.goto(`${server.url}/admin`);
    await player.getByRole('heading', { name: 'Not authorized' }).waitFor();
  }, 60_000);

  it('/checkout: the order form takes the contact email, then the card, shows Payment Processing and the tokens, clears the hand-off and goes home', async () => {
    const buyer = await pageAs('player', 'Order Form');
    await buyer.goto(`${server.url}/`);
    await buyer.evaluate(() =>
      localStorage.setItem(
        'checkoutData',
        JSON.stringify({ productType: 'gang', productId: 'hood-package', productName: 'Hood Package', price: 80 }),
      ),
    );
    await buyer.goto(`${server.url}/checkout`);
    const email = buyer.getByLabel('Email');
    await email.waitFor();
    expect(await email.inputValue()).toBe('order.form@example.com');
    // the order's price, once the hand-off is read
    await buyer.getByText('$80', { exact: true }).waitFor();
    await email.fill('not-an-email');
    await buyer.getByRole('button', { name: 'Continue to payment' }).click();
    await buyer.getByText('Enter a valid email address.').waitFor();
    await email.fill('cajun@example.com');
    await buyer.getByRole('button', { name: 'Continue to payment' }).click();
    await pay(buyer, '4242 4242 4242 4242');
    await buyer.getByRole('button', { name: 'Pay now $80' }).click();
    await buyer.getByText('Payment Processing', { exact: true }).waitFor();
    await buyer.getByText('You received 80 tokens!', { exact: true }).waitFor({ timeout: 5000 });
    await buyer.waitForURL(`${server.url}/`, { timeout: 5000 });
    expect(await buyer.evaluate(() => localStorage.getItem('checkoutData'))).toBeNull();
    expect(await tokens(buyer)).toBe(80);
    const admin = await pageAs('admin', 'Order Admin');
    await admin.goto(`${server.url}/admin`);
    const list = await admin.evaluate(
      async () =>
        (await (await fetch('/api/purchases')).json()).purchases as Array<{ productName: string; buyerEmail: string }>,
    );
    expect(list.find((p) => p.productName === 'Hood Package')?.buyerEmail).toBe('cajun@example.com');
  }, 60_000);

  it('/checkout-test passes its four checks for a signed-in buyer, and /gangs sends a package to the payment page', async () => {
    const buyer = await pageAs('player', 'Self Tester');
    // a buyer who declared their age at an earlier checkout
    await buyer.goto(`${server.url}/`);
    const declared = await buyer.evaluate(
      async (body) =>
        (
          await fetch('/api/create-payment-intent', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      { ...AGREED, productType: 'gang', productId: 'starter-gang' },
    );
    expect(declared).toBe(200);
    await buyer.goto(`${server.url}/checkout-test`);
    const statuses = buyer.getByTestId('check-status');
    // the last check creates a payment intent, a round trip to the payment provider
    await expect.poll(() => statuses.allTextContents(), { timeout: 15_000 }).toEqual(['PASS', 'PASS', 'PASS', 'PASS']);
    await buyer.goto(`${server.url}/gangs`);
    await buyer.getByRole('button', { name: 'Claim Your Hood' }).click();
    await buyer.waitForURL('**/stripe-checkout?type=gang&id=hood-package');
    await expect.poll(() => buyer.getByTestId('order-total').textContent()).toBe('$80');
  }, 60_000);

  it('fits the store pages and the dashboard on a 360 px screen', async () => {
    const admin = await pageAs('admin', 'Narrow Admin', 360);
    for (const path of [
      '/gangs',
      '/addons',
      '/unban',
      '/checkout-success?payment_intent=pi_demo_0123456789abcdef01234567',
      '/admin',
    ]) {
      // the site loads once; each next page is reached as a link inside it reaches it
      await visitInApp(admin, server.url, path);
      await admin.getByRole('heading', { level: 1 }).first().waitFor();
      await admin.waitForLoadState('networkidle');
      expect({ path, fits: await fitsWidth(admin) }).toEqual({ path, fits: true });
    }
    await admin.getByRole('button', { name: 'View' }).first().click();
    await admin.getByRole('dialog', { name: 'Purchase details' }).waitFor();
    expect(await fitsWidth(admin)).toBe(true);
    await shoot(admin, 'admin-purchases-360', { fullPage: true });
  }, 60_000);

  it("completes a purchase when the buyer returns from the card's redirect to /checkout-success", async () => {
    const buyer = await pageAs('player', 'Redirected Buyer');
    await buyer.goto(`${server.url}/`);
    const intentId = await buyer.evaluate(async (agreed) => {
      const post = (path: string, body: unknown) =>
        fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((r) => r.json());
      const started = await post('/api/create-payment-intent', {
        ...agreed,
        productType: 'whitelist',
        productId: 'bayou-basic',
      });
      await post('/api/payments/demo/confirm', { clientSecret: started.clientSecret, cardNumber: '4242424242424242' });
      return started.paymentIntentId as string;
    }, AGREED);
    expect(await tokens(buyer)).toBe(0);
    await buyer.goto(`${server.url}/checkout-success?payment_intent=${intentId}&redirect_status=succeeded`);
    await expect.poll(() => tokens(buyer)).toBe(25);
  }, 60_000);
});
