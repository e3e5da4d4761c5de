import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, openBrowser, type TestBrowser, shoot, agreeToTerms } from '../support/browser.ts';
import { signInBrowser } from '../support/session.ts';
import { startStripeTestServer } from '../support/stripe-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { fitsWidth } from '../support/axe.ts';

describe.runIf(browserAvailable)('payment page with Stripe keys set and no internet, in Chromium', () => {
  let server: TestServer;
  let stop: () => Promise<void>;
  let browser: TestBrowser;

  beforeAll(async () => {
    let started: Awaited<ReturnType<typeof startStripeTestServer>>;
    [started, browser] = await Promise.all([startStripeTestServer({ ui: true }), openBrowser()]);
    ({ server, stop } = started);
  });
  afterAll(async () => {
    await browser?.close();
    await stop?.();
  });

  it("shows 'Payment Setup Failed' / 'Unable to initialize payment. Please try again.' within 5 s instead of hanging", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    // no internet: every request to Stripe's servers fails, as it does offline
    const stripeRequests: string[] = [];
    await context.route(/stripe\.com/, (route) => {
      stripeRequests.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    await signInBrowser(page, server, { username: 'Offline Buyer' });
    await page.goto(`${server.url}/stripe-checkout?type=whitelist&id=bayou-basic`);
    // the payment opens once the buyer has agreed, and the wait counts from there
    await agreeToTerms(page);
    const started = Date.now();
    const alert = page.getByRole('alert').filter({ hasText: 'Payment Setup Failed' });
    await alert.waitFor({ timeout: 5000 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await alert.textContent()).toContain('Unable to initialize payment. Please try again.');
    expect(await page.getByText('Payment Setup Failed', { exact: true }).count()).toBeGreaterThanOrEqual(1);
    expect(stripeRequests.some((url) => url.startsWith('https://js.stripe.com/'))).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, 'stripe-offline-360', { fullPage: true });
  });
});
