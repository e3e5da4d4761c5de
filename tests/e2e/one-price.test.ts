import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueResponse, ProductDto, ProductTypeDto } from '../../adapters/http/contract/catalogue.ts';
import type { CreatePaymentIntentResponse } from '../../adapters/http/contract/payments.ts';
import { paths, stripeCheckoutPath } from '../../ui/src/config/paths.ts';
import { formatPrice } from '../../ui/src/lib/format.ts';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, shoot, type TestBrowser, agreeToTerms } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const DAY = 86_400_000;
const TYPES: ReadonlyArray<[ProductTypeDto, string]> = [
  ['whitelist', paths.priorityPass],
  ['gang', paths.gangs],
  ['addon', paths.addons],
  ['unban', paths.unban],
];

/** '$1,234.50' → 1234.5 */
const dollars = (text: string | null) => Number(String(text).replace(/[^0-9.]/g, ''));

interface Item {
  product: ProductDto;
  optionId: string | null;
  list: number;
}

const keyOf = (item: Item) => `${item.product.type}:${item.product.id}:${item.optionId ?? ''}`;

describe.runIf(browserAvailable)('one price on every card, button, checkout and charge during a sale', () => {
  let server: TestServer;
  let browser: TestBrowser;
  const items: Item[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ ui: true }), openBrowser()]);
    const { database, core } = server.system;
    await database.withContext(async () => {
      // every product, with the add-ons on a deeper sale: each item takes the sale that takes the most off it
      await core.promotions.createSale.execute({
        name: 'Bayou days',
        percentOff: 15,
        startsAt: new Date(Date.now() - DAY),
        endsAt: new Date(Date.now() + 2 * DAY),
        createdBy: null,
      });
      await core.promotions.createSale.execute({
        name: 'Swamp spring',
        percentOff: 20,
        productTypes: ['addon'],
        startsAt: new Date(Date.now() - DAY),
        endsAt: new Date(Date.now() + 3 * DAY),
        createdBy: null,
      });
    });
    for (const [type] of TYPES) {
      const { products } = (await (
        await fetch(`${server.url}/api/catalogue?type=${type}`)
      ).json()) as CatalogueResponse;
      for (const product of products) {
        if (product.options.length === 0) items.push({ product, optionId: null, list: product.price ?? 0 });
        else for (const option of product.options) items.push({ product, optionId: option.id, list: option.price });
      }
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** what each card shows of each item, by width; and the prices its buttons name */
  async function readCards(page: Page, width: number): Promise<{ shown: Map<string, number>; buttons: number }> {
    const shown = new Map<string, number>();
    let buttons = 0;
    for (const [type, path] of TYPES) {
      await page.goto(`${server.url}${path}`);
      for (const item of items.filter((candidate) => candidate.product.type === type)) {
        const card = page.getByRole('article', { name: item.product.name, exact: true });
        if (item.optionId === null) {
          await card.getByTestId('sale-now').waitFor();
          expect(dollars(await card.getByTestId('sale-was').textContent()), item.product.name).toBe(item.list);
          const now = dollars(await card.getByTestId('sale-now').textContent());
          shown.set(keyOf(item), now);
          // a button that names a price names the card's
          const label = (await card.getByRole('button').last().textContent()) ?? '';
          if (label.includes('$')) {
            expect(label, item.product.name).toBe(`Purchase ${formatPrice(now)}`);
            buttons += 1;
          }
        } else {
          const label = item.product.options.find((option) => option.id === item.optionId)?.label ?? '';
          const choice = card.getByTestId('option-choice').filter({ hasText: label }).first();
          await choice.getByTestId('option-list-price').waitFor();
          expect(await card.getByTestId('sale-note').textContent()).toMatch(/^20% offevery optionSale ends /);
          expect(dollars(await choice.getByTestId('option-list-price').textContent()), label).toBe(item.list);
          shown.set(keyOf(item), dollars(await choice.getByTestId('option-price').textContent()));
        }
      }
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `store-prices/cards-${type}-${width}`, { fullPage: true });
    }
    return { shown, buttons };
  }

  it('every catalogue item and each option: the card, its button, the checkout summary and the charge say one price', async () => {
    const { page } = await browser.pageAs(server, { username: 'Card Reader' }, { width: 1280, bypassCSP: true });
    const { shown, buttons } = await readCards(page, 1280);
    // Swamp Vehicles, VIP Housing and the Business Package name their price on the button
    expect(buttons).toBe(3);
    expect(shown.size).toBe(items.length);
    for (const item of items) expect(shown.get(keyOf(item)), keyOf(item)).toBeLessThan(item.list);
    await page.context().close();

    const { page: narrow } = await browser.pageAs(
      server,
      { username: 'Narrow Reader' },
      { width: 360, bypassCSP: true },
    );
    expect((await readCards(narrow, 360)).shown).toEqual(shown);
    await narrow.context().close();

    // a buyer holds at most five open checkouts: a new buyer every four items
    let buyer: Page | null = null;
    for (const [index, item] of items.entries()) {
      if (index % 4 === 0) {
        await buyer?.context().close();
        buyer = (await browser.pageAs(server, { username: `Price Checker ${index}` }, { bypassCSP: true })).page;
      }
      const checkout = buyer as Page;
      const { product, optionId } = item;
      const opened = checkout.waitForResponse((response) => response.url().endsWith('/api/create-payment-intent'));
      await checkout.goto(`${server.url}${stripeCheckoutPath(product.type, product.id, optionId ?? undefined)}`);
      const total = checkout.getByTestId('order-total');
      await expect
        .poll(() => total.textContent(), { message: keyOf(item) })
        .toBe(formatPrice(shown.get(keyOf(item)) ?? 0));
      expect(dollars(await checkout.getByTestId('list-price').textContent())).toBe(item.list);
      if (product.type === 'unban') {
        await checkout.getByLabel('Ban reason').fill('Banned for driving a swamp boat down Main Street.');
        await checkout.getByRole('button', { name: 'Continue to payment' }).click();
      }
      await agreeToTerms(checkout);
      const intent = (await (await opened).json()) as CreatePaymentIntentResponse;
      expect(intent.amount, keyOf(item)).toBe(shown.get(keyOf(item)));
      expect(intent.listPrice).toBe(item.list);
      await checkout.getByRole('button', { name: `Pay now ${formatPrice(intent.amount)}` }).waitFor();
      if (product.id === 'swamp-vehicles') {
        expect(await axeViolations(checkout)).toEqual([]);
        await shoot(checkout, 'store-prices/checkout-addon-1280', { fullPage: true });
      }
    }
    await buyer?.context().close();
  }, 240_000);

  it("a gifted pass: each month's price in the select is the summary's total and the charge, the sale off all its months", async () => {
    for (const width of [1280, 360]) {
      const { page } = await browser.pageAs(server, { username: `Gift Pricer ${width}` }, { width, bypassCSP: true });
      await page.goto(`${server.url}${stripeCheckoutPath('whitelist', 'swamp-blood')}`);
      await expect.poll(() => page.getByTestId('order-total').textContent()).toBe('$51');
      await page.getByLabel('Buy as a gift').check();
      const months = page.getByLabel('Months');
      const options = months.locator('option');
      await expect.poll(() => options.last().textContent()).toMatch(/\(\$/);
      const texts = await options.allTextContents();
      expect(texts).toEqual(['1 month ($51)', '3 months ($153)', '6 months ($306)']);
      expect(await page.getByText('Bayou days: 15% off all the months of a gift.').isVisible()).toBe(true);
      for (const [index, count] of [1, 3, 6].entries()) {
        await months.selectOption(String(count));
        const price = /\((\$[\d,.]+)\)/.exec(texts[index] ?? '')?.[1];
        await expect.poll(() => page.getByTestId('order-total').textContent()).toBe(price);
      }
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `store-prices/gift-months-${width}`, { fullPage: true });

      const opened = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/create-payment-intent') &&
          (response.request().postData() ?? '').includes('giftTo'),
      );
      await page.getByLabel("Recipient's Discord ID or player name").fill(`1234567890123456${width}`);
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await agreeToTerms(page);
      const intent = (await (await opened).json()) as CreatePaymentIntentResponse;
      expect(intent.amount).toBe(306);
      await page.getByRole('button', { name: 'Pay now $306' }).waitFor();
      await page.context().close();
    }

    // the Sales help says the same
    const { page: admin } = await browser.pageAs(server, { username: 'Sales Reader', role: 'admin' });
    await admin.goto(`${server.url}${paths.adminCoupons}`);
    expect(await admin.getByTestId('sales-help').textContent()).toContain(
      'lowers the first month of a pass bought for oneself, and all the months of a gifted pass, which is paid at once.',
    );
    await admin.context().close();
  }, 120_000);
});
