import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, holdRequests, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { signInBrowser } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

interface Focus {
  /** a short description of the focused element, for the failure message */
  element: string;
  onBody: boolean;
  inViewport: boolean;
  /** false when the element is in the page's content and its top is hidden under the sticky header */
  clearOfHeader: boolean;
  /** a computed outline or box-shadow shows the focus */
  ring: boolean;
}

/** Where focus is and whether a sighted keyboard user can see it. */
function focusNow(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    const header = document.querySelector('#root header');
    if (!active || active === document.body || active === document.documentElement) {
      return { element: 'body', onBody: true, inViewport: false, clearOfHeader: false, ring: false };
    }
    const box = active.getBoundingClientRect();
    const style = getComputedStyle(active);
    const headerBottom = header?.getBoundingClientRect().bottom ?? 0;
    const label = (active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 40);
    return {
      element: `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''} "${label}"`,
      onBody: false,
      inViewport: box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth,
      // in the header, below it, or drawn over it (the skip link)
      clearOfHeader:
        header?.contains(active) === true ||
        box.top >= headerBottom - 0.5 ||
        active.contains(document.elementFromPoint(box.left + box.width / 2, Math.max(box.top + 1, 0))),
      ring: style.outlineStyle !== 'none' || style.boxShadow !== 'none',
    };
  });
}

/** Every step ends with focus on something visible, in view, not under the header and not the page body. */
async function expectVisibleFocus(page: Page, step: string) {
  const focus = await focusNow(page);
  expect({ step, ...focus }).toEqual({
    step,
    element: focus.element,
    onBody: false,
    inViewport: true,
    clearOfHeader: true,
    ring: true,
  });
}

/** Once the page has settled after a navigation, the same holds (the page may take a moment to place focus). */
async function expectVisibleFocusSoon(page: Page, step: string) {
  await expect.poll(async () => (await focusNow(page)).onBody, { message: step, timeout: 5000 }).toBe(false);
  await expectVisibleFocus(page, step);
}

async function press(page: Page, key: string, step: string) {
  await page.keyboard.press(key);
  await expectVisibleFocus(page, `${step} (${key})`);
}

/** Presses Tab (or Shift+Tab) until the focused element matches, checking focus at every press. */
async function tabTo(page: Page, matches: (element: string) => boolean, step: string, key = 'Tab', limit = 60) {
  for (let presses = 0; presses < limit; presses++) {
    await press(page, key, `${step}, press ${presses + 1}`);
    if (matches((await focusNow(page)).element)) return;
  }
  throw new Error(`${step}: not reached in ${limit} presses of ${key}`);
}

const LONG_ANSWER =
  'Four years of serious roleplay on Louisiana servers, mostly as an EMS medic and a shrimp boat captain who never lies.';

describe.runIf(browserAvailable)('keyboard only, in Chromium', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('buys Swamp Blood and sends a whitelist application with visible focus at every step', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    try {
      await signInBrowser(page, server, { username: 'Clotile', email: 'clotile@example.com' });
      await page.goto(`${server.url}/whitelist`);
      await page.getByRole('button', { name: 'Purchase Swamp Blood' }).waitFor();

      // the first Tab reaches the skip link, the next ones walk the header and the tier cards
      await tabTo(page, (element) => element.includes('Purchase Swamp Blood'), 'to the Swamp Blood button');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/stripe-checkout?type=whitelist&id=swamp-blood');
      await page.getByTestId('checkout-terms').waitFor();
      await expectVisibleFocusSoon(page, 'the payment page has opened');

      // the order summary's coupon code comes first, then "Buy as a gift", the creator code, then the card
      await tabTo(page, (element) => element.startsWith('input'), 'to the coupon code');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('couponCode');
      await tabTo(page, (element) => element.startsWith('input'), 'to the gift box');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('checkbox');
      await tabTo(page, (element) => element.startsWith('input'), 'to the creator code');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('creatorCode');
      // then the age question of a first purchase and the withdrawal consent, answered with the space bar
      await tabTo(page, (element) => element.startsWith('input'), 'to the age question');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('ageDeclaration');
      await press(page, 'Space', 'answer the age question');
      await tabTo(page, (element) => element.startsWith('input'), 'to the withdrawal consent');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('withdrawalConsent');
      await press(page, 'Space', 'tick the withdrawal consent');
      await page.getByLabel('Card number').waitFor();
      await tabTo(page, (element) => element.startsWith('input'), 'to the card number');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('cardnumber');
      await page.keyboard.type('4242 4242 4242 4242');
      await expectVisibleFocus(page, 'card number typed');
      await press(page, 'Tab', 'to the expiry');
      await page.keyboard.type('12 / 34');
      await press(page, 'Tab', 'to the CVC');
      await page.keyboard.type('123');
      await tabTo(page, (element) => element.includes('Pay now $60'), 'to the Pay button');
      await shoot(page, 'keyboard-pay-focused-1280');

      // hold the card answer so the busy button can be seen keeping focus
      const answer = await holdRequests(page, '**/api/payments/demo/confirm');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Processing...' }).waitFor();
      await expectVisibleFocus(page, 'paying');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-disabled'))).toBe('true');
      answer.release();
      // the card form gives way to its paid note, which takes the focus the Pay button had
      await expect.poll(async () => (await focusNow(page)).element).toMatch(/^p "Payment complete/);
      await expectVisibleFocus(page, 'paid');
      await page.waitForURL('**/checkout-success?payment_intent=*', { timeout: 15_000 });
      // the payment page stays drawn until the success page's code has arrived: look once that page is there
      await page.locator('#main h1:not(#order-summary)').waitFor();
      await expectVisibleFocusSoon(page, 'the success page has opened');
      await shoot(page, 'keyboard-checkout-success-1280');
      await expect
        .poll(() => page.evaluate(async () => (await (await fetch('/api/user/tokens')).json()).tokens as number))
        .toBe(100);

      // back up to the header's Apply link and on to the whitelist application
      await tabTo(page, (element) => element === 'a "Apply"', 'back to the Apply link', 'Shift+Tab');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/apply');
      await page.getByRole('form', { name: 'Whitelist application' }).waitFor();
      await expectVisibleFocusSoon(page, 'the application page has opened');

      // every field in turn: type into the empty ones, pick the first choice of a select, tick the boxes
      for (let presses = 0; presses < 60; presses++) {
        await press(page, 'Tab', `application form, press ${presses + 1}`);
        const field = await page.evaluate(() => {
          const active = document.activeElement as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
          return {
            tag: active.tagName,
            type: active.getAttribute('type'),
            value: 'value' in active ? active.value : '',
            checked: active instanceof HTMLInputElement && active.checked,
            text: active.textContent?.trim() ?? '',
          };
        });
        if (field.tag === 'BUTTON' && field.text === 'Submit Application') break;
        if (field.tag === 'SELECT' && !field.value) await press(page, 'ArrowDown', 'choosing an option');
        else if (field.type === 'checkbox' && !field.checked) await press(page, 'Space', 'ticking a box');
        else if ((field.tag === 'TEXTAREA' || field.tag === 'INPUT') && field.type !== 'checkbox' && !field.value) {
          await page.keyboard.type(field.tag === 'TEXTAREA' ? LONG_ANSWER : 'Clotile');
          await expectVisibleFocus(page, 'typing an answer');
        }
      }
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Submit Application');
      await shoot(page, 'keyboard-apply-filled-1280', { fullPage: true });
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Application Submitted Successfully!' }).waitFor();
      await expectVisibleFocusSoon(page, 'the application has been sent');
      await shoot(page, 'keyboard-apply-sent-1280');
    } finally {
      await context.close();
    }
  }, 120_000);

  for (const [width, height] of [
    [1280, 800],
    [360, 740],
  ] as const) {
    it(`on the home page at ${width} px, the Recent Purchases panel covers no focused store card`, async () => {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      try {
        await signInBrowser(page, server, { username: `Card${width}` });
        await page.goto(`${server.url}/`);
        await page.getByRole('list', { name: 'Store sections' }).waitFor();
        let cards = 0;
        for (let presses = 0; presses < 40 && cards < 7; presses++) {
          await press(page, 'Tab', `home, press ${presses + 1}`);
          const covered = await page.evaluate(() => {
            const active = document.activeElement as HTMLElement;
            if (!active.closest('ul[aria-label="Store sections"], ul[aria-label="Featured"]')) return null;
            const card = active.getBoundingClientRect();
            const panel = document.querySelector('aside[aria-label="Recent Purchases"]')?.getBoundingClientRect();
            if (!panel) return 1;
            const overlapX = Math.max(0, Math.min(card.right, panel.right) - Math.max(card.left, panel.left));
            const overlapY = Math.max(0, Math.min(card.bottom, panel.bottom) - Math.max(card.top, panel.top));
            return (overlapX * overlapY) / (card.width * card.height);
          });
          if (covered === null) continue;
          cards += 1;
          expect(covered, `card ${cards}`).toBe(0);
        }
        expect(cards).toBe(7);
      } finally {
        await context.close();
      }
    }, 60_000);
  }

  it('opens the mobile menu with focus inside it, closes it with Escape and returns focus to the button', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/faq`);
      await page.getByRole('button', { name: 'Open menu' }).waitFor();
      await tabTo(page, (element) => element.includes('Open menu'), 'to the menu button');
      await page.keyboard.press('Enter');
      // the menu takes focus once it has opened
      await expect.poll(async () => (await focusNow(page)).element).toBe('a "Home"');
      await expectVisibleFocus(page, 'menu opened');
      await press(page, 'Tab', 'in the menu');
      await page.keyboard.press('Escape');
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      await expect.poll(async () => (await focusNow(page)).element).toContain('Open menu');
      await expectVisibleFocus(page, 'menu closed with Escape');

      // a link in the menu closes it; the new page's title is announced and its h1 takes focus
      await page.keyboard.press('Enter');
      await tabTo(page, (element) => element === 'a "Jobs"', 'to Jobs in the menu');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/jobs');
      await expectVisibleFocusSoon(page, 'the jobs page has opened');
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      await expectVisibleFocus(page, 'the jobs page h1');
      expect(await page.getByTestId('route-announcer').textContent()).toContain('Job Applications');

      // Shift+Tab back from the page content never leaves focus under the sticky header
      await tabTo(page, (element) => element.includes('Join Discord Server'), 'down to the Discord link');
      await tabTo(page, (element) => element.includes('Open menu'), 'back up to the menu button', 'Shift+Tab');
    } finally {
      await context.close();
    }
  }, 60_000);
});
