import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { paths } from '../../ui/src/config/paths.ts';
import { fitsWidth } from '../support/axe.ts';
import {
  browserAvailable,
  cutByNavigation,
  holdRequests,
  landed,
  openBrowser,
  visitInApp,
  type TestBrowser,
  shoot,
  agreeToTerms,
} from '../support/browser.ts';
import { signInBrowser } from '../support/session.ts';
import { STAFF_PAGES } from '../support/staff-pages.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

// the staff pages are read as staff see them by their own tests (the Coupons screen: tests/e2e/promotions.test.ts);
// `/api` routes are not pages
const PAGES = [
  ...Object.values(paths).filter((path) => !STAFF_PAGES.includes(path) && !path.startsWith('/api')),
  `${paths.stripeCheckout}?type=whitelist&id=swamp-blood`,
  `${paths.checkout}?productType=addon&productId=custom-tattoos&option=upper-body`,
  '/no-such-page',
];

const WIDTHS = [1280, 360] as const;

/**
 * Pages whose content is the same for everyone (none reads who is signed in): the signed-out sweeps read them; the
 * signed-in sweeps read the signed-in header on every other page, so reading these again would read the same page.
 */
const SAME_FOR_EVERYONE: string[] = [
  paths.jobs,
  paths.about,
  paths.refund,
  paths.privacyPolicy,
  paths.termsOfService,
  paths.contact,
  paths.faq,
  paths.serverRules,
  paths.appealProcess,
  paths.discordDebug,
  paths.domainHelper,
];

/** the pages this work changed, kept as screenshots to look at */
const PHOTOGRAPHED: string[] = [
  paths.home,
  paths.priorityPass,
  paths.addons,
  paths.jobs,
  paths.faq,
  paths.about,
  `${paths.stripeCheckout}?type=whitelist&id=swamp-blood`,
];

interface Violation {
  rule: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

/** axe-core's findings on the page as it is now, one line per element. */
async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { runOnly: tags, resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`),
    }));
  }, AXE_TAGS);
}

/**
 * The page has drawn its content: the requests settled, a heading or a form is there, the spinners are gone. A page
 * that sends the visitor on meanwhile (a checkout sends a signed-out one to sign in) is waited for where it lands.
 */
async function settle(page: Page) {
  const until = Date.now() + 10_000;
  for (;;) {
    await page.waitForLoadState('networkidle');
    try {
      await page.waitForFunction(
        () =>
          document.querySelector('main h1, main h2, main form') !== null &&
          document.querySelector('main [role=status] .animate-spin') === null,
        undefined,
        { timeout: Math.max(1, until - Date.now()) },
      );
      return;
    } catch (error) {
      // a page still without a heading after the wait is read as it is: axe says what it lacks
      if (!cutByNavigation(error) || Date.now() >= until) return;
    }
  }
}

/** which document the page shows: a navigation replaces it, a route change inside the app does not */
const documentOf = (page: Page) => page.evaluate(() => performance.timeOrigin);

describe.runIf(browserAvailable)('axe-core finds no violation on the public and player pages in Chromium', () => {
  let server: TestServer;
  let browser: TestBrowser;
  const contexts: BrowserContext[] = [];

  async function newPage(width: number, signedIn: boolean): Promise<Page> {
    // reduced motion: axe reads colours once the fades have finished, not halfway through them; the site's
    // Content-Security-Policy would refuse the injected axe script, so this context sets it aside
    const context = await browser.newContext({
      viewport: { width, height: 800 },
      reducedMotion: 'reduce',
      bypassCSP: true,
    });
    contexts.push(context);
    const page = await context.newPage();
    // a player of its own for each page: the tests run side by side
    const username = `Axe${width}x${contexts.length}`;
    if (signedIn) await signInBrowser(page, server, { username, email: `${username.toLowerCase()}@example.com` });
    return page;
  }

  /** adds the page's violations to `found` (`state -> violations`): a test compares it with nothing at its end, so one run lists them all */
  async function check(found: Record<string, Violation[]>, page: Page, state: string) {
    const violations = await axeViolations(page);
    if (violations.length > 0) found[state] = violations;
  }

  /** `check` on a page that may send the visitor on after a moment: read again, where it landed, until one document was read whole */
  async function checkSettled(found: Record<string, Violation[]>, page: Page, path: string) {
    for (let attempt = 1; ; attempt++) {
      await settle(page);
      try {
        const before = await documentOf(page);
        const violations = await axeViolations(page);
        if ((await documentOf(page)) === before) {
          if (violations.length > 0) found[`${path} (at ${new URL(page.url()).pathname})`] = violations;
          return;
        }
      } catch (error) {
        if (!cutByNavigation(error)) throw error;
      }
      if (attempt === 3) throw new Error(`${path} kept navigating while it was read`);
    }
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ ui: true }), openBrowser()]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  for (const width of WIDTHS) {
    for (const signedIn of [false, true]) {
      const who = signedIn ? 'signed in' : 'signed out';
      // the widths and sign-in states side by side: most of a page's time is spent waiting for the network to idle
      // each with the expect of its own test: side by side, the shared one does not know which test it is in
      it.concurrent(`every page, ${who}, at ${width} px`, async ({ expect }) => {
        const found: Record<string, Violation[]> = {};
        const page = await newPage(width, signedIn);
        const wide: string[] = [];
        for (const path of signedIn ? PAGES.filter((page) => !SAME_FOR_EVERYONE.includes(page)) : PAGES) {
          // the page before may send a signed-out visitor on just as this one is asked for: ask again
          await landed(page, () => visitInApp(page, server.url, path), settle);
          await checkSettled(found, page, path);
          if (width === 360 && !(await landed(page, () => fitsWidth(page), settle))) wide.push(path);
          const name = path === '/' ? 'home' : path.slice(1).replace(/[^\w-]+/g, '-');
          if (PHOTOGRAPHED.includes(path))
            await shoot(page, `a11y-${name}-${signedIn ? 'in' : 'out'}-${width}`, { fullPage: true });
        }
        expect(found).toEqual({});
        expect(wide).toEqual([]);
      }, 240_000);
    }

    it.concurrent(`the admin Creators screen at ${width} px`, async ({ expect }) => {
      const found: Record<string, Violation[]> = {};
      const admin = await newPage(width, false);
      await signInBrowser(admin, server, { username: `AxeAdmin${width}`, role: 'admin' });
      await admin.goto(`${server.url}${paths.adminCreators}`);
      await admin.getByRole('heading', { name: /^Report for / }).waitFor();
      await settle(admin);
      await check(found, admin, paths.adminCreators);
      await admin.getByRole('button', { name: 'Add creator' }).click();
      await admin.locator('[aria-invalid="true"]').first().waitFor();
      await check(found, admin, `${paths.adminCreators} after an empty add`);
      expect(await fitsWidth(admin)).toBe(true);
      await shoot(admin, `a11y-admin-creators-${width}`, { fullPage: true });
      expect(found).toEqual({});
    }, 60_000);

    it.concurrent(`a banned player's appeal, refused and sent, and the Appeals screen with its dialog at ${width} px`, async ({
      expect,
    }) => {
      const found: Record<string, Violation[]> = {};
      const player = await newPage(width, false);
      const banned = await signInBrowser(player, server, { username: `AxeBanned${width}` });
      const { core, database } = server.system;
      await database.withContext(() => core.users.ban.execute({ userId: banned.user.id, reason: 'Cheating' }));
      await player.goto(`${server.url}${paths.home}`);
      await player.waitForURL(`${server.url}${paths.appeal}`);
      const send = player.getByRole('button', { name: 'Send Appeal' });
      await send.waitFor();
      await settle(player);
      await check(found, player, `${paths.appeal} banned`);
      await send.click();
      await player.locator('[aria-invalid="true"]').first().waitFor();
      await check(found, player, `${paths.appeal} after an empty submit`);
      const form = player.getByRole('form', { name: 'Ban appeal' });
      await form.getByLabel('Which ban are you appealing?').selectOption('account');
      await form.getByLabel('My ban was for').selectOption('none');
      await form.getByLabel('Character name(s)').fill('Remy Boudreaux');
      await form.getByLabel('Approximate date and time of the ban').fill('Last Friday, 9 PM');
      await form.getByLabel('What happened? Explain in detail.').fill('A misunderstanding during a heist.');
      await form.getByLabel('Why do you believe the ban was unfair?').fill('The clip shows the whole scene.');
      await form.getByLabel('Everything in this appeal is true').check();
      await send.click();
      await player.getByRole('button', { name: 'See Your Appeal' }).click();
      await player.getByTestId('application-status').waitFor();
      await check(found, player, `${paths.appeal} with a pending appeal`);
      expect(await fitsWidth(player)).toBe(true);

      const staff = await newPage(width, false);
      await signInBrowser(staff, server, { username: `AxeStaff${width}`, role: 'staff' });
      await staff.goto(`${server.url}${paths.adminAppeals}`);
      const row = staff.getByRole('row').filter({ hasText: `AxeBanned${width}` });
      await row.getByRole('button', { name: 'Review' }).click();
      await staff.getByRole('dialog').waitFor();
      await check(found, staff, `${paths.adminAppeals} with an appeal open`);
      await shoot(staff, `a11y-admin-appeals-dialog-${width}`);
      await staff.keyboard.press('Escape');
      await settle(staff);
      await check(found, staff, paths.adminAppeals);
      expect(await fitsWidth(staff)).toBe(true);
      await shoot(staff, `a11y-admin-appeals-${width}`, { fullPage: true });
      expect(found).toEqual({});
    }, 90_000);

    it.concurrent(`the checkout's gift fields at ${width} px`, async ({ expect }) => {
      const found: Record<string, Violation[]> = {};
      const player = await newPage(width, true);
      await player.goto(`${server.url}${paths.checkout}?productType=whitelist&productId=swamp-blood`);
      await player.getByLabel('Buy as a gift').check();
      await player.getByLabel('Months').selectOption('3');
      await player.getByRole('button', { name: 'Continue to payment' }).click();
      await player.getByText("Enter the recipient's Discord ID or player name.").waitFor();
      await check(found, player, '/checkout with the gift fields and no recipient');
      await player.getByLabel("Recipient's Discord ID or player name").fill('Marigold');
      await player.getByTestId('gift-summary').waitFor();
      await expect.poll(() => player.getByTestId('order-total').textContent()).toBe('$180');
      await check(found, player, '/checkout buying a 3-month pass as a gift');
      expect(await fitsWidth(player)).toBe(true);
      await shoot(player, `a11y-checkout-gift-${width}`);
      expect(found).toEqual({});
    }, 60_000);

    // the longest journey here: about 20 s on a quiet two-core machine, past 120 s on a CI runner other work kept busy
    it.concurrent(`form errors, the open menu, the open Recent Purchases panel and a toast at ${width} px`, async ({
      expect,
    }) => {
      const found: Record<string, Violation[]> = {};
      const visitor = await newPage(width, false);
      await visitor.goto(`${server.url}${paths.devLogin}`);
      await visitor.getByRole('button', { name: 'Sign in' }).click();
      await visitor.locator('[aria-invalid="true"]').first().waitFor();
      await check(found, visitor, '/dev-login after an empty submit');

      // the player moves through the site as its links do: one load, then route changes
      const player = await newPage(width, true);
      for (const path of [paths.apply, paths.staffApply]) {
        await visitInApp(player, server.url, path);
        const submit = player.getByRole('button', { name: 'Submit Application' });
        await submit.waitFor();
        await submit.click();
        await player.locator('[aria-invalid="true"]').first().waitFor();
        await check(found, player, `${path} after an empty submit`);
        await shoot(player, `a11y${path.replace('/', '-')}-errors-${width}`);
      }

      // while a page's code loads, the header and footer stay and the content area shows the spinner (a page the
      // build did not draw: the drawn ones arrive whole)
      const slow = await newPage(width, false);
      const pageCode = await holdRequests(slow, /\/assets\/jobs-page-[\w-]+\.js$/);
      await slow.goto(`${server.url}${paths.jobs}`, { waitUntil: 'domcontentloaded' });
      await slow.getByRole('status').filter({ hasText: 'Loading page' }).waitFor();
      expect(await slow.getByRole('banner').isVisible()).toBe(true);
      expect(await slow.getByRole('contentinfo').isVisible()).toBe(true);
      await shoot(slow, `a11y-loading-first-page-${width}`);
      pageCode.release();
      await slow.getByRole('heading', { level: 1, name: 'Job Applications' }).waitFor();

      // the tier cards' buttons share one line and none wraps past two lines
      await visitInApp(player, server.url, paths.priorityPass);
      const tierButtons = player.getByRole('list', { name: 'Whitelist tiers' }).getByRole('button');
      await expect.poll(() => tierButtons.count()).toBe(5);
      const boxes = await tierButtons.evaluateAll((buttons) =>
        buttons.map((button) => {
          const box = button.getBoundingClientRect();
          const lineHeight = Number.parseFloat(getComputedStyle(button).lineHeight);
          const lines = Math.round(
            (box.height - 2 * Number.parseFloat(getComputedStyle(button).paddingTop)) / lineHeight,
          );
          return { top: Math.round(box.top), height: Math.round(box.height), lines };
        }),
      );
      if (width === 1280) expect(new Set(boxes.map((box) => `${box.top}/${box.height}`)).size).toBe(1);
      expect(Math.max(...boxes.map((box) => box.lines))).toBeLessThanOrEqual(2);

      // the add-on options are real radio inputs, grouped under a legend
      await visitInApp(player, server.url, paths.addons);
      const tattoos = player.getByRole('group', { name: 'Choose an option' }).first();
      await tattoos.getByRole('radio', { name: /Lower Body/ }).check();
      expect(await tattoos.getByRole('radio', { name: /Lower Body/ }).isChecked()).toBe(true);
      expect(await tattoos.getByRole('radio').count()).toBe(4);

      // page 2 of the jobs carousel: two cards, centred
      await visitInApp(player, server.url, paths.jobs);
      await player.getByRole('button', { name: 'Next jobs' }).click();
      await check(found, player, '/jobs on page 2');
      expect(await fitsWidth(player)).toBe(true);
      await shoot(player, `a11y-jobs-page-2-${width}`, { fullPage: true });

      await visitInApp(player, server.url, '/');
      await settle(player);
      // the first screen as a player sees it, the Recent Purchases panel folded
      await shoot(player, `a11y-home-first-screen-${width}`);
      if (width === 360) {
        await player.getByRole('button', { name: 'Open menu' }).click();
        await player.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).waitFor();
        await check(found, player, '/ with the menu open');
        await player.keyboard.press('Escape');
      }
      await player.getByRole('button', { name: 'Recent Purchases' }).click();
      await player.getByRole('complementary', { name: 'Recent Purchases' }).getByRole('listitem').first().waitFor();
      await check(found, player, '/ with Recent Purchases open');
      await shoot(player, `a11y-home-recent-purchases-open-${width}`);

      // a creator code the server refuses, at its field
      await visitInApp(player, server.url, `${paths.stripeCheckout}?type=gang&id=starter-gang`);
      await player.getByLabel('Creator code').fill('NO-SUCH-CREATOR');
      await player.getByRole('button', { name: 'Apply creator' }).click();
      await player.locator('[aria-invalid="true"]').first().waitFor();
      await check(found, player, '/stripe-checkout with a creator code refused');
      await shoot(player, `a11y-creator-code-refused-${width}`);

      // a declined card: the Payment Failed toast beside the page's own alert
      // loaded whole: arrived at by a route change, axe has read the Pay button still at its inactive 60 % while the
      // toast showed
      await player.goto(`${server.url}${paths.stripeCheckout}?type=whitelist&id=swamp-blood`);
      await agreeToTerms(player);
      await player.getByLabel('Card number').fill('4000 0000 0000 0002');
      await player.getByLabel('Expiry').fill('12 / 34');
      await player.getByLabel('CVC').fill('123');
      await player.getByRole('button', { name: 'Pay now $60' }).click();
      // this payment's toast, not another the page may show
      const toast = player
        .getByRole('region', { name: /Notifications/ })
        .getByRole('listitem')
        .filter({ hasText: 'Payment Failed' });
      await toast.waitFor();
      await check(found, player, '/stripe-checkout with a toast showing');
      await shoot(player, `a11y-toast-${width}`);

      // F8 takes focus to the notifications, and the focused list shows it
      await player.keyboard.press('F8');
      const ring = await player.evaluate(() => {
        const active = document.activeElement as HTMLElement;
        const style = getComputedStyle(active);
        return { tag: active.tagName, outline: style.outlineStyle, wide: Number.parseFloat(style.outlineWidth) >= 2 };
      });
      expect(ring).toEqual({ tag: 'OL', outline: 'solid', wide: true });
      await shoot(player, `a11y-toast-focused-${width}`);

      expect(found).toEqual({});
    }, 240_000);
  }
});
