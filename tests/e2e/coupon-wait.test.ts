import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../adapters/http/middleware/rate-limiter.ts';
import { stripeCheckoutPath } from '../../ui/src/config/paths.ts';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, shoot, type TestBrowser, agreeToTerms } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const DAY = 86_400_000;
/** the coupon limit's window, shortened from a minute so the test sees it end */
const WINDOW_MS = 10_000;
const LIMIT = 3;

/** the figure of "Try again in 7 seconds" */
const secondsIn = (text: string | null) => Number(/in (\d+) seconds?/.exec(text ?? '')?.[1]);

describe.runIf(browserAvailable)('a checkout past the coupon limit', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ ui: true, rateLimits: { coupons: new RateLimiter(LIMIT, Date.now, WINDOW_MS) } }),
      openBrowser(),
    ]);
    const { database, core } = server.system;
    await database.withContext(async () => {
      await core.promotions.createCoupon.execute({
        code: 'GANG10',
        percentOff: 10,
        productTypes: ['gang'],
        createdBy: null,
      });
      await core.promotions.createSale.execute({
        name: 'Gang week',
        percentOff: 25,
        productIds: ['starter-gang'],
        startsAt: new Date(Date.now() - DAY),
        endsAt: new Date(Date.now() + DAY),
        createdBy: null,
      });
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** waits for the start of the limit's next window, so a test's tries all fall in one */
  const nextWindow = () => new Promise((resolve) => setTimeout(resolve, WINDOW_MS - (Date.now() % WINDOW_MS) + 100));

  async function tryCode(page: Page, code: string) {
    await page.getByLabel('Coupon code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Apply coupon' }).click();
  }

  it('keeps the sale price and the card form, counts the wait down each second, and takes a code again when it ends', async () => {
    const { page } = await browser.pageAs(
      server,
      { username: 'Typo Prone' },
      { width: 1280, bypassCSP: true, reducedMotion: 'reduce' },
    );
    await page.goto(`${server.url}${stripeCheckoutPath('gang', 'starter-gang')}`);
    await agreeToTerms(page);
    await page.getByRole('button', { name: 'Pay now $37.50' }).waitFor();

    await nextWindow();
    for (const typo of ['GANG01', 'GANG1O', 'GNAG10']) {
      await tryCode(page, typo);
      await expect.poll(() => page.getByTestId('coupon-refused').textContent()).toContain(typo);
    }
    await tryCode(page, 'GANGIO');
    const wait = page.getByTestId('coupon-wait');
    await wait.waitFor();
    const first = secondsIn(await wait.textContent());
    expect(first).toBeGreaterThan(1);
    expect(first).toBeLessThanOrEqual(WINDOW_MS / 1000);

    // the order stays at the sale price, payable without a code
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe('$37.50');
    expect(await page.getByTestId('list-price').textContent()).toBe('$50');
    expect(await page.getByTestId('sale-discount').textContent()).toBe('-$12.50');
    // the card form comes back at that price once the refused code's answer is in
    await page.getByRole('button', { name: 'Pay now $37.50' }).waitFor();
    expect(await page.getByRole('button', { name: 'Apply coupon' }).isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'store-prices/coupon-wait-1280', { fullPage: true });
    await page.setViewportSize({ width: 360, height: 900 });
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, 'store-prices/coupon-wait-360', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // the count moves each second: read again just before a second and a bit, it is lower by about the time passed
    const before = secondsIn(await wait.textContent());
    const readAt = Date.now();
    expect(before).toBeLessThanOrEqual(first);
    await page.waitForTimeout(1100);
    const second = secondsIn(await wait.textContent());
    const passed = Math.ceil((Date.now() - readAt) / 1000);
    expect(second).toBeLessThan(before);
    expect(second).toBeGreaterThanOrEqual(before - passed - 1);

    // the wait ends without a reload: the code is taken, off the sale price
    await wait.waitFor({ state: 'detached', timeout: WINDOW_MS + 2000 });
    expect(await page.getByRole('button', { name: 'Apply coupon' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    await expect.poll(() => page.getByTestId('coupon-refused').textContent()).toContain('GANGIO');
    await tryCode(page, 'GANG10');
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe('$33.75');
    await page.getByRole('button', { name: 'Pay now $33.75' }).waitFor();
    await page.context().close();
  }, 60_000);

  it('a payment refused for too many codes counts the wait down and opens by itself when it ends', async () => {
    const { page } = await browser.pageAs(
      server,
      { username: 'Quick Fingers' },
      { width: 1280, bypassCSP: true, reducedMotion: 'reduce' },
    );
    await page.goto(`${server.url}${stripeCheckoutPath('gang', 'starter-gang')}`);
    await agreeToTerms(page);
    await page.getByRole('button', { name: 'Pay now $37.50' }).waitFor();

    await nextWindow();
    await tryCode(page, 'GANG01');
    await expect.poll(() => page.getByTestId('coupon-refused').textContent()).toContain('GANG01');
    await tryCode(page, 'GANG02');
    await expect.poll(() => page.getByTestId('coupon-refused').textContent()).toContain('GANG02');
    // the third code is taken; opening its payment names it a fourth time, past the limit
    await tryCode(page, 'GANG10');
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe('$33.75');
    const refused = page.getByTestId('payment-setup-error');
    await refused.waitFor();
    const first = secondsIn(await refused.textContent());
    expect(await refused.textContent()).toMatch(/^Too many coupon codes tried\. Try again in \d+ seconds?\.$/);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'store-prices/payment-wait-1280', { fullPage: true });
    await page.setViewportSize({ width: 360, height: 900 });
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, 'store-prices/payment-wait-360', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForTimeout(1100);
    expect(secondsIn(await refused.textContent())).toBeLessThan(first);

    await page.getByRole('button', { name: 'Pay now $33.75' }).waitFor({ timeout: WINDOW_MS + 3000 });
    expect(await page.getByTestId('order-total').textContent()).toBe('$33.75');
    await page.context().close();
  }, 60_000);
});
