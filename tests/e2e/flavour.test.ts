import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PHRASE, FLAVOUR_PHRASES, type FlavourKey } from '../../ui/src/features/flavour/phrases.ts';
import { browserAvailable, holdRequests, openBrowser, type TestBrowser, agreeToTerms } from '../support/browser.ts';
import { signInBrowser } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

const TIERS = {
  'bayou-basic': 'Bayou Basic',
  'parish-life': 'Parish Life',
  'swamp-blood': 'Swamp Blood',
  'gator-crown': 'Gator Crown',
  'voodoo-experience': 'Voodoo Experience',
} as const;
const GANGS = { 'starter-gang': 'Starter Gang', 'hood-package': 'Hood Package', 'swamp-syndicate': 'Swamp Syndicate' };
const UNBANS = { 'city-unban': 'City Unban', 'discord-unban': 'Discord Unban', 'anticheat-unban': 'Anti-Cheat Unban' };

/** Which of the key's four phrases the text shows, or null. */
function phraseOf(key: FlavourKey, text: string | null): string | null {
  return FLAVOUR_PHRASES[key].find((phrase) => text?.includes(phrase)) ?? null;
}

describe.runIf(browserAvailable)('flavour phrases: every key shows one of its four phrases where it belongs', () => {
  let server: TestServer;
  let browser: TestBrowser;
  /** key -> where it was seen, filled by the tests below and checked by the last one */
  const seen = new Map<string, string>();

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function newPage(signedIn: boolean): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    if (signedIn) await signInBrowser(page, server, { username: 'Phrase Finder', email: 'phrases@example.com' });
    return page;
  }

  async function expectPhrase(key: FlavourKey, where: string, text: string | null) {
    expect({ key, where, phrase: phraseOf(key, text) }).toEqual({ key, where, phrase: expect.any(String) });
    seen.set(key, where);
  }

  /** Hovers the trigger and reads the tooltip that opens for it (the trigger names it in aria-describedby). */
  async function tooltipText(page: Page, trigger: ReturnType<Page['getByRole']>): Promise<string | null> {
    await trigger.hover();
    await expect.poll(() => trigger.getAttribute('aria-describedby')).toMatch(/radix/);
    const id = (await trigger.getAttribute('aria-describedby')) ?? '';
    const tooltip = page.locator(`[role=tooltip][id="${id}"]`);
    await tooltip.waitFor({ state: 'attached' });
    const text = await tooltip.textContent();
    await page.keyboard.press('Escape');
    return text;
  }

  it('signed out: the landing page (shop, sign-in, Discord) and the header Login', async () => {
    const page = await newPage(false);
    await page.goto(`${server.url}/`);
    const store = page.getByRole('region', { name: 'The Bayou Store' });
    await expectPhrase('shop', 'landing store section', await store.textContent());
    const cta = page.getByRole('region', { name: 'Ready to hit the bayou?' });
    await expectPhrase('login', 'landing sign-in section', await cta.textContent());
    const join = page.getByRole('link', { name: 'Join Discord' });
    await join.waitFor();
    await expectPhrase('discord', 'Join Discord tooltip', await tooltipText(page, join));
    const login = page.getByRole('banner').getByRole('link', { name: 'Login' });
    // the header's hints are the links' own titles (and descriptions): no tooltip code on every page's first load
    await expectPhrase('login', 'header Login title', await login.getAttribute('title'));
    expect(await login.getAttribute('aria-description')).toBe(await login.getAttribute('title'));
    await page.goto(`${server.url}/dev-login`);
    await expectPhrase('login', '/dev-login', await page.getByTestId('login-phrase').textContent());
  }, 60_000);

  it('tier, gang and unban cards show their own phrases; add-on cards the default phrase; store pages the shop phrase', async () => {
    const page = await newPage(true);
    const cards = async (path: string, names: Record<string, string>) => {
      await page.goto(`${server.url}${path}`);
      await expectPhrase('shop', `${path} intro`, await page.getByTestId('shop-phrase').textContent());
      for (const [key, name] of Object.entries(names)) {
        const card = page.getByRole('article', { name });
        await card.waitFor();
        await expectPhrase(
          key as FlavourKey,
          `${path} ${name} card`,
          await card.getByTestId('flavour-phrase').textContent(),
        );
      }
    };
    await cards('/whitelist', TIERS);
    await cards('/gangs', GANGS);
    await cards('/unban', UNBANS);
    await cards('/addons', {});
    const addonPhrases = await page.getByRole('article').getByTestId('flavour-phrase').allTextContents();
    expect(addonPhrases.length).toBeGreaterThan(0);
    expect(new Set(addonPhrases)).toEqual(new Set([DEFAULT_PHRASE]));
    seen.set('default', '/addons cards');
  }, 60_000);

  it('signed in: the greeting (profile), Logout, the home features, and the purchase steps on the payment pages', async () => {
    const page = await newPage(true);
    await page.goto(`${server.url}/`);
    const greeting = page.getByRole('banner').getByTestId('greeting');
    await expectPhrase('profile', 'greeting title', await greeting.getAttribute('title'));
    const logout = page.getByRole('banner').getByRole('link', { name: 'Logout' });
    await expectPhrase('logout', 'Logout title', await logout.getAttribute('title'));
    // the home content draws after the header: wait for it
    await expect.poll(async () => phraseOf('features', await page.locator('main').textContent())).not.toBeNull();
    await expectPhrase('features', 'home', await page.locator('main').textContent());

    await page.goto(`${server.url}/stripe-checkout?type=whitelist&id=parish-life`);
    await page.getByTestId('product-name').waitFor();
    await expectPhrase('cart', '/stripe-checkout order summary', await page.getByTestId('cart-phrase').textContent());
    await expectPhrase(
      'addToCart',
      '/stripe-checkout chosen product',
      await page.getByTestId('chosen-phrase').textContent(),
    );
    await expectPhrase('checkout', '/stripe-checkout payment', await page.getByTestId('checkout-phrase').textContent());
    await expectPhrase(
      'discord',
      '/stripe-checkout Discord ticket note',
      await page.getByTestId('discord-phrase').textContent(),
    );
    // hold the card answer so the paying state can be read
    const answer = await holdRequests(page, '**/api/payments/demo/confirm');
    await agreeToTerms(page);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay now $40' }).click();
    await page.getByRole('button', { name: 'Processing...' }).waitFor();
    await expectPhrase('processing', 'while paying', await page.getByTestId('processing-phrase').textContent());
    answer.release();
    await page.waitForURL('**/checkout-success?payment_intent=*');

    await page.goto(`${server.url}/checkout?productType=gang&productId=starter-gang`);
    await page.getByTestId('product-name').waitFor();
    await expectPhrase('cart', '/checkout order summary', await page.getByTestId('cart-phrase').textContent());
    await expectPhrase(
      'checkout',
      '/checkout payment details',
      await page.getByTestId('checkout-phrase').textContent(),
    );
  }, 60_000);

  it('found every key the product document lists, and the default phrase', () => {
    expect([...seen.keys()].sort()).toEqual([...Object.keys(FLAVOUR_PHRASES), 'default'].sort());
  });

  it('keeps a card phrase stable while the page re-renders', async () => {
    const page = await newPage(true);
    await page.goto(`${server.url}/whitelist`);
    const phrase = page.getByRole('article', { name: 'Swamp Blood' }).getByTestId('flavour-phrase');
    await phrase.waitFor();
    const first = await phrase.textContent();
    // the token balance refetches on focus; hovering and focusing re-render the page around the card
    await page.getByRole('button', { name: 'Purchase Gator Crown' }).hover();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    // two frames: whatever the hover and the focus changed has been drawn
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
    expect(await phrase.textContent()).toBe(first);
  }, 60_000);
});
