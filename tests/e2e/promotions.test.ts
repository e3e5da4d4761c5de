import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../ui/src/config/paths.ts';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot, agreeToTerms } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const DAY = 86_400_000;
/** a datetime-local input's value for `date`, in the browser's (and this process's) time zone */
const localInput = (date: Date) =>
  new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

describe.runIf(browserAvailable)('coupons and sales in the browser', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ ui: true }), openBrowser()]);
    const { database, core } = server.system;
    await database.withContext(async () => {
      await core.promotions.createCoupon.execute({
        code: 'GANG10',
        percentOff: 10,
        productTypes: ['gang'],
        createdBy: null,
      });
      await core.promotions.createCoupon.execute({
        code: 'UNBANONLY',
        amountOffCents: 500,
        productTypes: ['unban'],
        createdBy: null,
      });
      await core.promotions.createSale.execute({
        name: 'Gang week',
        percentOff: 25,
        productIds: ['hood-package'],
        startsAt: new Date(Date.now() - DAY),
        endsAt: new Date(Date.now() + 2 * DAY),
        createdBy: null,
      });
      await core.promotions.createSale.execute({
        name: 'Swamp spring',
        percentOff: 20,
        productIds: ['swamp-blood'],
        startsAt: new Date(Date.now() - DAY),
        endsAt: new Date(Date.now() + 3 * DAY),
        createdBy: null,
      });
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const pay = async (page: Page) => {
    await agreeToTerms(page);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
  };

  it('the card shows the sale; the checkout takes a coupon on the sale price, refuses another with why, and charges the total', async () => {
    for (const width of [1280, 360]) {
      const { page } = await browser.pageAs(
        server,
        { username: `Coupon Buyer ${width}` },
        // reduced motion: axe reads the toast's colours once its fade has finished
        { width, bypassCSP: true, reducedMotion: 'reduce' },
      );
      await page.goto(`${server.url}${paths.gangs}`);
      const card = page.getByRole('article', { name: 'Hood Package' });
      await card.getByTestId('sale-price').waitFor();
      expect(await card.getByTestId('sale-price').textContent()).toMatch(/^Was \$80Now \$6025% offSale ends /);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `promotions-gangs-sale-${width}`, { fullPage: true });

      await page.goto(`${server.url}${paths.stripeCheckout}?type=gang&id=hood-package`);
      await expect.poll(() => page.getByTestId('order-total').textContent()).toBe('$60');
      expect(await page.getByTestId('list-price').textContent()).toBe('$80');
      expect(await page.getByTestId('coupon-stacking').textContent()).toBe('Coupons are taken off the sale price.');

      const field = page.getByLabel('Coupon code', { exact: true });
      await field.fill('unbanonly');
      await page.getByRole('button', { name: 'Apply coupon' }).click();
      await expect
        .poll(() => page.getByTestId('coupon-refused').textContent())
        .toBe('The coupon code UNBANONLY does not apply to Hood Package.');
      await expect.poll(() => page.getByTestId('order-total').textContent()).toBe('$60');
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `promotions-checkout-refused-${width}`, { fullPage: true });

      await field.fill('gang10');
      await page.getByRole('button', { name: 'Apply coupon' }).click();
      await expect.poll(() => page.getByTestId('order-total').textContent()).toBe('$54');
      expect(await page.getByTestId('coupon-discount').textContent()).toBe('-$6.00');
      expect(await page.getByTestId('coupon-applied').textContent()).toContain('GANG10 applied: -$6.00.');
      await agreeToTerms(page);
      await page.getByRole('button', { name: 'Pay now $54' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `promotions-checkout-coupon-and-sale-${width}`, { fullPage: true });

      await pay(page);
      await page.getByRole('button', { name: 'Pay now $54' }).click();
      await page.waitForURL(/\/checkout-success/);
      await expect.poll(() => page.getByTestId('amount').textContent()).toContain('$54.00');
      expect(await page.getByTestId('discount').textContent()).toBe(
        '$26.00 off the list price of $80.00: Gang week sale, coupon GANG10',
      );
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `promotions-success-${width}`, { fullPage: true });
      await page.context().close();
    }
  }, 120_000);

  it('a gift bought on sale with a coupon and a creator code: the success page, /account, the receipt, the admin dialog and the CSV each say so', async () => {
    for (const width of [1280, 360]) {
      const { core, database } = server.system;
      const { page: recipient } = await browser.pageAs(
        server,
        { username: `Gumbo${width}` },
        { width, bypassCSP: true, reducedMotion: 'reduce' },
      );
      const { page: creatorPage, signedIn: creator } = await browser.pageAs(server, { username: `Zydeco${width}` });
      await creatorPage.context().close();
      const code = `ZYDECO${width}`;
      await database.withContext(() =>
        core.creators.register.execute({ discordId: creator.user.discordId, code, sharePercent: 10 }),
      );
      const { page, signedIn: buyer } = await browser.pageAs(
        server,
        { username: `Gift Shopper ${width}` },
        { width, bypassCSP: true, reducedMotion: 'reduce' },
      );
      await page.goto(`${server.url}${paths.stripeCheckout}?type=gang&id=hood-package`);
      await page.getByLabel('Coupon code', { exact: true }).fill('gang10');
      await page.getByRole('button', { name: 'Apply coupon' }).click();
      await expect.poll(() => page.getByTestId('order-total').textContent()).toBe('$54');
      await page.getByLabel('Buy as a gift').check();
      await page.getByLabel("Recipient's Discord ID or player name").fill(`Gumbo${width}`);
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.getByLabel('Creator code', { exact: true }).fill(code.toLowerCase());
      await page.getByRole('button', { name: 'Apply creator' }).click();
      await page.getByTestId('creator-code-applied').filter({ hasText: code }).waitFor();
      await pay(page);
      await page.getByRole('button', { name: 'Pay now $54' }).click();
      await page.waitForURL(/\/checkout-success/);

      const discount = '$26.00 off the list price of $80.00: Gang week sale, coupon GANG10';
      await expect.poll(() => page.getByTestId('discount').textContent()).toBe(discount);
      expect(await page.getByTestId('creator-code').textContent()).toBe(code);
      expect(await page.getByTestId('gift').textContent()).toBe(`Gift for Gumbo${width}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `promotions-gift-success-${width}`, { fullPage: true });

      // the buyer's /account row and receipt
      await page.goto(`${server.url}${paths.account}`);
      const row = page.getByTestId('purchase-row').filter({ hasText: 'Hood Package' }).first();
      await row.waitFor();
      const rowText = await row.innerText();
      expect(rowText).toContain(`Gift to Gumbo${width}`);
      expect(rowText).toContain(`Creator code: ${code}`);
      expect(rowText).toContain(discount);
      await row.getByRole('link', { name: /^Receipt for Hood Package/ }).click();
      const receipt = page.getByRole('article', { name: 'Receipt' });
      await receipt.waitFor();
      const receiptText = (await receipt.innerText()).replace(/\s+/g, ' ');
      expect(receiptText).toContain(`Gift Gift to Gumbo${width}`);
      expect(receiptText).toContain(`Creator code ${code}`);
      expect(await receipt.getByTestId('discount').textContent()).toBe(discount);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `promotions-gift-receipt-${width}`, { fullPage: true });

      // the recipient reads who gave it, and no price
      await recipient.goto(`${server.url}${paths.account}`);
      const received = recipient.getByTestId('purchase-row').filter({ hasText: 'Hood Package' });
      await expect.poll(() => received.innerText()).toContain(`Gift from Gift Shopper ${width}`);
      expect(await received.innerText()).not.toContain('$');
      await received.getByRole('link', { name: /^Receipt for Hood Package/ }).click();
      const theirs = recipient.getByRole('article', { name: 'Receipt' });
      await theirs.waitFor();
      const theirText = (await theirs.innerText()).replace(/\s+/g, ' ');
      expect(theirText).toContain(`Gift from Gift Shopper ${width}`);
      // the buyer's payment is not the recipient's to see
      expect(theirText).toContain('Transaction ID none (a gift)');
      expect(await theirs.getByTestId('discount').count()).toBe(0);
      expect(await axeViolations(recipient)).toEqual([]);
      await shoot(recipient, `promotions-gift-received-receipt-${width}`, { fullPage: true });
      await recipient.context().close();
      await page.context().close();

      // the admin's purchase dialog and the CSV
      const { page: admin } = await browser.pageAs(
        server,
        { username: `Ledger Admin ${width}`, role: 'admin' },
        { width, bypassCSP: true, reducedMotion: 'reduce' },
      );
      await admin.goto(`${server.url}${paths.admin}?buyer=${buyer.user.discordId}`);
      // the buyer's paid purchase: under load the list has also held a failed $60 attempt of this checkout
      await admin
        .getByRole('row')
        .filter({ hasText: `Gift Shopper ${width}` })
        .filter({ hasText: 'Completed' })
        .getByRole('button', { name: 'View', exact: true })
        .click();
      const dialog = admin.getByRole('dialog', { name: 'Purchase details' });
      await expect.poll(() => dialog.getByTestId('discount').textContent()).toBe(discount);
      expect(await dialog.getByTestId('purchase-creator-code').textContent()).toBe(code);
      expect(await dialog.innerText()).toContain(`Gumbo${width}`);
      expect(await dialog.getByTestId('purchase-gift').textContent()).toMatch(/^Discord id \d+, received /);
      expect(await axeViolations(admin)).toEqual([]);
      await shoot(admin, `promotions-gift-admin-dialog-${width}`);
      const csv = await admin.evaluate(
        async (query) => (await fetch(`/api/purchases/export.csv?${query}`)).text(),
        `buyer=${buyer.user.discordId}`,
      );
      const [header, line] = csv.trim().split('\r\n');
      expect(
        header.endsWith(
          ',listPrice,discount,couponCode,saleName,creatorCode,giftTo,giftMonths,consentGivenAt,consentVersion,consentAddress',
        ),
      ).toBe(true);
      // the consent's three cells last
      expect(line.split(',').slice(0, -3).join(',')).toMatch(
        new RegExp(`,80,26,GANG10,Gang week,${code},Gumbo${width} \\(\\d+\\),$`),
      );
      await admin.context().close();
    }
  }, 180_000);

  it("the Priority Pass tier on sale shows its old price struck through, the first month's sale price and the end", async () => {
    for (const width of [1280, 360]) {
      const { page } = await browser.pageAs(server, { username: `Pass Shopper ${width}` }, { width, bypassCSP: true });
      await page.goto(`${server.url}${paths.priorityPass}`);
      const card = page.getByRole('article', { name: 'Swamp Blood' });
      await card.getByTestId('sale-price').waitFor();
      expect(await card.getByTestId('sale-price').textContent()).toMatch(
        /^Was \$60\/monthNow \$48 first month20% offThen \$60\/monthSale ends /,
      );
      // the tiers not on sale keep their one price
      expect(await page.getByRole('article', { name: 'Parish Life' }).getByTestId('price').textContent()).toBe(
        '$40/month',
      );
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `promotions-priority-pass-sale-${width}`, { fullPage: true });
      await page.context().close();
    }
  }, 60_000);

  it('an admin creates, lists and disables a coupon on the Coupons screen, at 1280 and 360 px', async () => {
    for (const width of [1280, 360]) {
      const { page } = await browser.pageAs(
        server,
        { username: `Coupon Admin ${width}`, role: 'admin' },
        { width, bypassCSP: true },
      );
      await page.goto(`${server.url}${paths.admin}`);
      await page.getByRole('link', { name: 'Coupons' }).click();
      await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
      await page.getByTestId('coupon-row').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);

      // an empty submit: the server's reasons at the fields
      await page.getByRole('button', { name: 'Create coupon' }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      // the button is usable again once the answer is in (a disabled one is drawn faded)
      await expect.poll(() => page.getByRole('button', { name: 'Create coupon' }).isEnabled()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `promotions-coupons-errors-${width}`, { fullPage: true });

      const code = `SPRING${width}`;
      const form = page.getByRole('group', { name: 'New coupon' });
      await form.getByLabel('Code').fill(code.toLowerCase());
      await form.getByLabel('Percent off').fill('15');
      await form.getByLabel('Gang packages').check();
      await form.getByLabel('Uses in all').fill('50');
      await page.getByRole('button', { name: 'Create coupon' }).click();
      const row = page.getByTestId('coupon-row').filter({ hasText: code });
      await row.waitFor();
      expect(await row.textContent()).toContain('15% off');
      expect(await row.textContent()).toContain('0 of 50');
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `promotions-coupons-${width}`, { fullPage: true });

      await row.getByRole('button', { name: `Disable ${code}` }).click();
      await expect.poll(() => row.textContent()).toContain('Disabled');
      await page.context().close();
    }
  }, 120_000);

  it('an admin creates a sale on the Coupons screen, sees it on the cards, and ends it, at 1280 and 360 px', async () => {
    for (const width of [1280, 360]) {
      const { page } = await browser.pageAs(
        server,
        { username: `Sale Admin ${width}`, role: 'admin' },
        { width, bypassCSP: true, reducedMotion: 'reduce' },
      );
      await page.goto(`${server.url}${paths.adminCoupons}`);
      const sales = page.getByRole('region', { name: 'Sales' });
      await sales.getByTestId('sale-row').first().waitFor();

      // an empty form: each missing field says what it needs, and nothing is sent
      await sales.getByRole('button', { name: 'Create sale' }).click();
      await expect.poll(() => sales.locator('[aria-invalid="true"]').count()).toBe(3);
      expect(await sales.getByText('Choose when the sale ends.').isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `promotions-sales-errors-${width}`, { fullPage: true });

      // the server's reasons: a percent out of range, an end before the start
      const name = `Unban week ${width}`;
      await sales.getByLabel('Sale name').fill(name);
      await sales.getByLabel('Percent off').fill('95');
      await sales.getByLabel('Unbans').check();
      await sales.getByLabel('Starts').fill(localInput(new Date(Date.now() + 2 * DAY)));
      await sales.getByLabel('Ends').fill(localInput(new Date(Date.now() + DAY)));
      await sales.getByRole('button', { name: 'Create sale' }).click();
      await expect.poll(() => sales.getByRole('alert').textContent()).toContain('A sale takes 1 to 90 percent off.');
      expect(await sales.getByLabel('Percent off').getAttribute('aria-invalid')).toBe('true');

      await sales.getByLabel('Percent off').fill('20');
      await sales.getByLabel('Unbans').uncheck();
      await sales.getByLabel('Products on sale').selectOption(['starter-gang']);
      await sales.getByLabel('Starts').fill('');
      await sales.getByLabel('Ends').fill(localInput(new Date(Date.now() + 3 * DAY)));
      await sales.getByRole('button', { name: 'Create sale' }).click();
      const row = sales.getByTestId('sale-row').filter({ hasText: name });
      await row.waitFor();
      expect(await row.textContent()).toContain('20% off');
      expect(await row.textContent()).toContain('Starter Gang');
      expect(await row.textContent()).toContain('On now');
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `promotions-sales-${width}`, { fullPage: true });
      await shoot(sales, `promotions-sales-section-${width}`);

      // the card shows it at once
      const card = page.getByRole('article', { name: 'Starter Gang' });
      await page.goto(`${server.url}${paths.gangs}`);
      await expect.poll(() => card.getByTestId('sale-price').textContent()).toMatch(/^Was \$50Now \$4020% off/);

      await page.goto(`${server.url}${paths.adminCoupons}`);
      await row.getByRole('button', { name: /^End now/ }).click();
      await expect.poll(() => row.textContent()).toContain('Ended');
      await page.goto(`${server.url}${paths.gangs}`);
      await expect.poll(() => card.getByTestId('price').textContent()).toBe('$50');
      await page.context().close();
    }
  }, 120_000);
});
