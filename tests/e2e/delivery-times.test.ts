import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDto } from '../../adapters/http/contract/catalogue.ts';
import { fulfilmentSentence, ROLE_DELIVERY } from '../../adapters/http/contract/fulfilment.ts';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { client } from '../support/http.ts';
import type { SignedIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

/**
 * Every product's pages state its delivery or processing time as the catalogue answer does, and no page names another:
 * the store pages' cards, both payment pages, the page after payment, and the help pages that say when roles arrive.
 */

const STORE_PAGE: Record<string, string> = {
  whitelist: '/whitelist',
  gang: '/gangs',
  addon: '/addons',
  unban: '/unban',
};

/** every "1-24 hours" or "48-hour" a text states in a sentence about getting what was bought */
const hoursIn = (text: string) =>
  text
    .split(/(?<=[.:])\s+|\n+/)
    .filter((sentence) => /role|deliver|review|process|assign/i.test(sentence))
    .flatMap((sentence) => [...sentence.matchAll(/\d+(?:-\d+)? ?-?hours?/g)].map((match) => match[0]));
const mainText = (page: Page) => page.locator('main').innerText();

describe.runIf(browserAvailable)('delivery and processing times come from each product, the same on every page', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let products: ProductDto[];
  let page: Page;
  let buyer: SignedIn;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ ui: true }), openBrowser()]);
    products = (await client(server.url).get('/api/catalogue')).body.products;
    ({ page, signedIn: buyer } = await browser.pageAs(server, { username: 'Odile Guidry' }, { bypassCSP: true }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the catalogue gives every product one time: roles in 1-24 hours, each unban review its own', () => {
    for (const product of products)
      expect(product.fulfilment, product.id).toEqual(
        product.type === 'unban' ? { kind: 'review', time: expect.stringMatching(/^\d+-\d+ hours$/) } : ROLE_DELIVERY,
      );
    expect(new Set(products.filter((p) => p.type === 'unban').map((p) => p.fulfilment.time)).size).toBe(3);
  });

  it('each store page states only its products’ times, and each unban card its own', async () => {
    for (const [type, path] of Object.entries(STORE_PAGE)) {
      await page.goto(`${server.url}${path}`);
      await page.locator('main h2, main h3').first().waitFor();
      const times = new Set(products.filter((p) => p.type === type).map((p) => p.fulfilment.time));
      for (const stated of hoursIn(await mainText(page))) expect(times, `${path}: ${stated}`).toContain(stated);
    }
    for (const unban of products.filter((p) => p.type === 'unban')) {
      const card = page
        .getByRole('list', { name: 'Unban services' })
        .getByRole('listitem')
        .filter({ hasText: unban.name });
      const text = await card.innerText();
      expect(text).toContain(`Processing ${unban.fulfilment.time}`);
      expect(text).toContain(`Processed in ${unban.fulfilment.time}`);
      expect(
        hoursIn(text).every((stated) => stated === unban.fulfilment.time),
        text,
      ).toBe(true);
    }
  }, 60_000);

  it('both payment pages state the product’s own time, and an unban’s says nothing of roles', async () => {
    for (const product of products) {
      const option = product.options[0]?.id;
      const query = `type=${product.type}&id=${product.id}${option ? `&option=${option}` : ''}`;
      for (const path of ['/stripe-checkout', '/checkout']) {
        await page.goto(`${server.url}${path}?${query}`);
        const stated = page.getByTestId('fulfilment');
        await stated.waitFor();
        expect(await stated.innerText(), `${path} ${product.id}`).toContain(fulfilmentSentence(product.fulfilment));
        const text = await mainText(page);
        for (const time of hoursIn(text)) expect(time, `${path} ${product.id}`).toBe(product.fulfilment.time);
        if (product.type === 'unban') expect(text, `${path} ${product.id}`).not.toMatch(/\broles?\b/i);
      }
    }
  }, 120_000);

  it('the page after payment states the product’s own time', async () => {
    const bought = products.filter(
      (p) => ['swamp-blood', 'hood-package', 'custom-tattoos'].includes(p.id) || p.type === 'unban',
    );
    for (const product of bought) {
      const { intentId } = await buyWithDemoCard(server.url, buyer, {
        productType: product.type,
        productId: product.id,
        option: product.options[0]?.id,
        ...(product.type === 'unban'
          ? { buyerDiscord: 'odile_rp', banReason: 'Banned for a crash I did not cause.' }
          : {}),
      });
      await page.goto(`${server.url}/checkout-success?payment_intent=${intentId}`);
      const stated = page.getByTestId('fulfilment');
      await stated.waitFor();
      expect((await stated.innerText()).trim(), product.id).toBe(fulfilmentSentence(product.fulfilment));
      const text = await mainText(page);
      for (const time of hoursIn(text)) expect(time, product.id).toBe(product.fulfilment.time);
      if (product.type === 'unban') expect(text, product.id).not.toMatch(/\broles?\b/i);
      if (product.id === 'anticheat-unban')
        for (const width of [1280, 360]) {
          await page.setViewportSize({ width, height: 900 });
          expect(await fitsWidth(page)).toBe(true);
          await shoot(page, `figures-and-times/success-anticheat-unban-${width}`, { fullPage: true });
        }
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  }, 120_000);

  it('the pages that say when roles arrive say the catalogue’s time, and the unban pages promise no other', async () => {
    const roleTime = ROLE_DELIVERY.time;
    const unbanTimes = new Set(products.filter((p) => p.type === 'unban').map((p) => p.fulfilment.time));
    for (const path of ['/', '/whitelist', '/faq', '/refund', '/terms-of-service']) {
      await page.goto(`${server.url}${path}`);
      await page.locator('main h1').waitFor();
      // the FAQ's answer is unfolded first
      if (path === '/faq') await page.getByRole('button', { name: 'How do I receive my purchase?' }).click();
      const text = await mainText(page);
      expect(text, path).toContain(fulfilmentSentence(ROLE_DELIVERY));
      for (const time of hoursIn(text)) expect(time, path).toBe(roleTime);
      expect(text, path).not.toMatch(/instant(ly)? deliver|as soon as your payment clears[^.]*role/i);
    }
    for (const path of ['/unban', '/appeal-process']) {
      await page.goto(`${server.url}${path}`);
      await page.locator('main h1').waitFor();
      await shoot(page, `figures-and-times${path}-1280`, { fullPage: true });
      const text = await mainText(page);
      expect(text, path).not.toMatch(/guarantee\)|48-hour guarantee/);
      for (const time of hoursIn(text)) expect(unbanTimes, `${path}: ${time}`).toContain(time);
    }
    for (const width of [1280, 360]) {
      const signedOut = await browser.newPage({ width, bypassCSP: true });
      await signedOut.goto(`${server.url}/`);
      const card = signedOut.getByRole('listitem').filter({ hasText: 'Discord Delivery' });
      expect(await card.innerText()).toContain(fulfilmentSentence(ROLE_DELIVERY));
      expect(await axeViolations(signedOut)).toEqual([]);
      await shoot(card, `figures-and-times/landing-delivery-${width}`);
    }
  }, 90_000);
});
