import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, type ExpectStatic, expect, it } from 'vitest';
import { paths } from '../../ui/src/config/paths.ts';
import { fitsWidth } from '../support/axe.ts';
import { appReady, browserAvailable, landed, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { signInBrowser } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import { STAFF_PAGES } from '../support/staff-pages.ts';
import type { TestServer } from '../support/test-system.ts';

/**
 * Every route of docs/product.md#pages. The public pages are checked word for word here. The staff pages, which a signed-out
 * visitor reaches too, only render and fit here; every other page is read at both widths by the accessibility sweep
 * (tests/e2e/accessibility.test.ts), whose axe rules ask for a level-one heading and which checks the fit at 360 px.
 */

const WIDTHS = [1280, 360] as const;

/** a page's checks, with the expect of the test they run in (the pages of a width are read side by side) */
type Check = (page: Page, expect: ExpectStatic) => Promise<void>;

const texts = (page: Page, selector: string) => page.locator(selector).allTextContents();
const visible = async (page: Page, text: string) =>
  expect(await page.getByText(text, { exact: true }).first().isVisible()).toBe(true);
const heading1 = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent({ timeout: 10_000 });

const PUBLIC_PAGES: Record<string, Check> = {
  [paths.home]: async (page, expect) => {
    await expect.poll(() => heading1(page)).toBe('Welcome to Bayou Roleplay');
    // no game server and no FIGURE_* set: no figure to show, and none made up
    expect(await page.getByRole('region', { name: 'Server figures' }).count()).toBe(0);
    // each signs in and then opens the page it names
    for (const [action, href] of [
      ['View Tiers', '/api/login?returnTo=%2Fwhitelist'],
      ['View Packages', '/api/login?returnTo=%2Fgangs'],
      ['View Add-ons', '/api/login?returnTo=%2Faddons'],
      ['Login with Discord', '/api/login'],
    ]) {
      expect(await page.getByRole('link', { name: action }).getAttribute('href')).toBe(href);
    }
    await visible(page, 'Why choose Bayou Roleplay?');
    for (const asset of ['Custom Properties', 'Unique Vehicles', 'Custom Scripts']) await visible(page, asset);
    // the buttons appear once the subtitle has been typed, which starts when the app has taken the page over
    await appReady(page);
    await page.getByRole('link', { name: 'Login & Shop' }).waitFor({ timeout: 8000 });
    expect(await page.getByRole('link', { name: 'Login & Shop' }).getAttribute('href')).toBe(
      '/api/login?returnTo=%2Fwhitelist',
    );
    expect(await page.getByRole('link', { name: 'Join Discord' }).getAttribute('target')).toBe('_blank');
  },
  [paths.jobs]: async (page, expect) => {
    await expect.poll(() => heading1(page)).toBe('Job Applications');
    const titles = async () =>
      page.getByRole('list', { name: 'Open jobs' }).getByRole('heading', { level: 2 }).allTextContents();
    const first = await titles();
    expect(first).toHaveLength(3);
    await page.getByRole('button', { name: 'Next jobs' }).click();
    const second = await titles();
    expect(second).toHaveLength(2);
    expect(new Set([...first, ...second]).size).toBe(5);
    await page.getByRole('button', { name: 'Next jobs' }).click();
    expect(await titles()).toEqual(first);
    await page.getByRole('button', { name: 'Previous jobs' }).click();
    expect(await titles()).toEqual(second);
    expect(await page.getByRole('link', { name: 'Join Discord Server' }).getAttribute('target')).toBe('_blank');
  },
  [paths.about]: async (page, expect) => {
    await expect.poll(() => heading1(page)).toBe('About Us');
    await expect.poll(() => page.getByText('premier FiveM roleplay server since 2025').count()).toBeGreaterThan(0);
  },
  [paths.refund]: async (page, expect) => {
    await expect.poll(() => heading1(page)).toBe('Refund Policy');
    await visible(page, 'Last updated: January 1, 2025');
    await expect
      .poll(() => page.getByText('All payments are final and non-refundable', { exact: false }).count())
      .toBe(1);
  },
  [paths.privacyPolicy]: async (page, expect) => {
    await expect.poll(() => heading1(page)).toBe('Privacy Policy');
    await visible(page, 'Last updated: January 1, 2025');
  },
  [paths.termsOfService]: async (page, expect) => {
    await expect.poll(() => heading1(page)).toBe('Terms of Service');
    await visible(page, 'Last updated: January 1, 2025');
  },
  [paths.contact]: async (page, expect) => {
    await expect.poll(() => heading1(page)).toBe('Contact Us');
    for (const card of [
      'Discord Support',
      'Ticket System',
      'Purchases & Payments',
      'Technical Support',
      'Bans & Appeals',
    ])
      await visible(page, card);
    expect(await texts(page, 'dl dd')).toEqual(['1-4 hours', '2-8 hours', 'Within 1 hour']);
  },
  [paths.faq]: async (page, expect) => {
    await expect.poll(() => heading1(page)).toBe('Frequently Asked Questions');
    const questions = page.locator('main button[aria-expanded]');
    expect(await questions.count()).toBe(12);
    await questions.nth(0).click();
    await questions.nth(5).click();
    // a tap made while the page's code is still loading is answered once the app has adopted the page
    await expect
      .poll(() =>
        questions.evaluateAll(
          (all) => all.map((button) => button.getAttribute('aria-expanded')).filter((value) => value === 'true').length,
        ),
      )
      .toBe(2);
    expect(await page.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
  },
  [paths.serverRules]: async (page, expect) => {
    await expect.poll(() => heading1(page)).toBe('Server Rules');
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(
      expect.arrayContaining([
        'Core Roleplay',
        'Communication',
        'Criminal Activity',
        'Technical & Exploit',
        'Punishment System',
      ]),
    );
    const rules = page.getByTestId('rule');
    expect(await rules.count()).toBe(18);
    // the badge shows the number; a screen reader hears "Rule N"
    expect(await rules.getByTestId('rule-number').allTextContents()).toEqual(
      Array.from({ length: 18 }, (_, index) => `Rule ${index + 1}`),
    );
    expect(await page.getByTestId('severity').count()).toBe(18);
    const sanctions = await page.getByTestId('sanction').allTextContents();
    expect(sanctions).toHaveLength(18);
    expect(sanctions[0]).toBe('Immediate ban');
    expect(sanctions[1]).toBe('Minimum 3-day ban on a first offense');
    expect(sanctions[2]).toBe('Immediate 7-day ban');
    expect(sanctions[4]).toBe('Minimum 1-day ban');
    expect(sanctions[5]).toBe('Permanent ban for repeat offenses');
    expect(sanctions[8]).toBe('Minimum 7-day ban');
    expect(sanctions[9]).toBe('Warning to kick');
    expect(sanctions[12]).toBe('3-day ban');
    expect(sanctions[14]).toBe('Permanent ban');
    expect(sanctions[15]).toBe('30-day ban');
    expect(sanctions[16]).toContain('all accounts are banned');
    expect(sanctions[17]).toBe('7-day ban');
    await expect.poll(() => page.getByText('A maximum of 4 people per heist', { exact: false }).count()).toBe(1);
    await expect.poll(() => page.getByText('One character per Discord account', { exact: false }).count()).toBe(1);
    await visible(page, 'Temporary ban (1-30 days)');
  },
  [paths.appealProcess]: async (page, expect) => {
    await expect.poll(() => heading1(page)).toBe('Ban Appeal Process');
    expect(await page.getByRole('link', { name: 'Start Free Appeal' }).getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('link', { name: 'View Unban Services' }).getAttribute('href')).toBe('/unban');
    for (const offense of [
      'Harassment or doxxing',
      'Racist or hate speech',
      'Chargeback fraud',
      'Multiple serious violations',
      'Staff impersonation',
    ]) {
      await visible(page, offense);
    }
    await expect.poll(() => page.getByText('7-14 days', { exact: false }).count()).toBeGreaterThan(0);
  },
};

function screenshotName(route: string, width: number): string {
  return `public-${route === '/' ? 'home' : route.slice(1)}-${width}`;
}

describe.runIf(browserAvailable)('public site in Chromium', () => {
  let server: TestServer;
  let browser: TestBrowser;
  /** a page at each width for the checks that follow one another (the menu, the footer) */
  const pages: Partial<Record<(typeof WIDTHS)[number], Page>> = {};
  const stripeRequests: string[] = [];

  /** A request for Stripe is noted with the page that made it (outside hosts are unreachable here: tests/support/browser.ts). */
  const noteStripeRequests = (context: BrowserContext) =>
    context.on('request', (request) => {
      if (request.url().includes('stripe'))
        stripeRequests.push(`${new URL(request.frame().page().url()).pathname} ${request.url()}`);
    });

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, reducedMotion: 'no-preference' });
      noteStripeRequests(context);
      pages[width] = await context.newPage();
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  /**
   * A browser of its own (cookies and storage apart), closed after `use`: the pages of a width are read side by side,
   * and what one page keeps for the next (a checkout's hand-off) must not reach another.
   */
  async function onPage(width: (typeof WIDTHS)[number], use: (page: Page) => Promise<void>) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, reducedMotion: 'no-preference' });
    try {
      noteStripeRequests(context);
      await use(await context.newPage());
    } finally {
      await context.close();
    }
  }

  for (const width of WIDTHS) {
    // most of a page's time is spent waiting on its requests and the network to idle
    describe.concurrent(`at ${width} px`, () => {
      for (const [route, check] of Object.entries(PUBLIC_PAGES)) {
        it(`${route} shows its texts${width === 360 ? ' and fits the screen' : ''}`, ({ expect }) =>
          onPage(width, async (page) => {
            await page.goto(`${server.url}${route}`);
            await check(page, expect);
            if (width === 360) expect(await fitsWidth(page)).toBe(true);
            await shoot(page, screenshotName(route, width), { fullPage: true });
          }));
      }

      for (const route of STAFF_PAGES) {
        it(`${route} renders a heading${width === 360 ? ' and fits the screen' : ''}`, ({ expect }) =>
          onPage(width, async (page) => {
            await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
            // a signed-out visitor may be sent on to sign in, which is not a page of the UI
            if (!new URL(page.url()).pathname.startsWith('/api/')) {
              await expect.poll(() => page.locator('h1, h2').count(), { message: route }).toBeGreaterThan(0);
            }
            // a page that sends a signed-out visitor on after a moment is measured where it lands
            if (width === 360) expect(await landed(page, () => fitsWidth(page)), route).toBe(true);
            await shoot(page, screenshotName(route, width), { fullPage: true });
          }));
      }
    });
  }

  it('collapses the navigation behind a menu button at 360 px', async () => {
    const page = pages[360]!;
    await page.goto(`${server.url}/faq`);
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await menu.click();
    const jobs = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' });
    // the menu opens in the frame after the click
    await jobs.waitFor();
    expect(await jobs.isVisible()).toBe(true);
  });

  it('shows the footer with its links, social links in new tabs and the legal lines', async () => {
    const page = pages[1280]!;
    await page.goto(`${server.url}/about`);
    const footer = page.getByRole('contentinfo');
    await footer.waitFor();
    const links = await footer
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link')
      .evaluateAll((all) => all.map((a) => a.getAttribute('href')));
    expect(links).toEqual([
      '/about',
      '/contact',
      '/faq',
      '/server-rules',
      '/appeal-process',
      '/refund',
      '/privacy-policy',
      '/terms-of-service',
    ]);
    // the news line is plain text whose one link is the Discord invite, not a pretend sign-up
    expect(await footer.getByText('Sign up for emails + texts').count()).toBe(0);
    expect(await footer.getByRole('link', { name: 'our Discord' }).getAttribute('target')).toBe('_blank');
    const social = footer.locator('a[target=_blank]');
    expect(await social.count()).toBeGreaterThanOrEqual(4);
    const text = await footer.innerText();
    for (const line of [
      'announced first on our Discord',
      'premier FiveM roleplay server since 2025',
      'secured by SSL',
      `© ${new Date().getFullYear()}`,
      'fictional',
      '18+',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('shows the signed-in home instead of the landing', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    noteStripeRequests(context);
    const page = await context.newPage();
    await signInBrowser(page, server, { username: 'Boudreaux' });
    try {
      await page.goto(`${server.url}/`);
      await page.getByText('Welcome to the Official Bayou Roleplay Website').waitFor({ timeout: 10_000 });
      await visible(page, 'We offer 5 levels of priority pass, delivered via Discord');
      expect(await page.getByRole('link', { name: 'Login & Shop' }).count()).toBe(0);
      for (const name of ['Join Community', 'Watch Trailer'])
        expect(await page.getByRole('link', { name }).getAttribute('target')).toBe('_blank');
      // the members counted from the accounts; no game server and no FIGURE_* set: nothing else
      await expect.poll(() => page.locator('[data-testid=home-stat] dt').allTextContents()).toEqual(['Members']);
      const store = page.getByRole('list', { name: 'Store sections' }).getByRole('link');
      expect(await store.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual([
        '/whitelist',
        '/gangs',
        '/addons',
        '/unban',
      ]);
      for (const feature of ['Instant Access', 'Secure Platform', 'Premium Quality', '24/7 Support'])
        await visible(page, feature);
      const panel = page.getByRole('complementary', { name: 'Recent Purchases' });
      // folded at first, so it covers none of the hero cards; it opens to six entries
      expect(await panel.getByRole('listitem').count()).toBe(0);
      const folded = await panel.boundingBox();
      for (const card of await page.getByRole('list', { name: 'Featured' }).getByRole('link').all()) {
        const hero = (await card.boundingBox())!;
        const apart =
          folded!.x >= hero.x + hero.width ||
          hero.x >= folded!.x + folded!.width ||
          folded!.y >= hero.y + hero.height ||
          hero.y >= folded!.y + folded!.height;
        expect(apart).toBe(true);
      }
      await panel.getByRole('button', { name: 'Recent Purchases' }).click();
      expect(await panel.getByRole('listitem').count()).toBe(6);
      const box = await panel.boundingBox();
      expect(box && box.x < 40 && box.y + box.height > 800 - 40).toBe(true);
      const featured = page.getByRole('list', { name: 'Featured' }).getByRole('link');
      expect(await featured.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual([
        '/whitelist',
        '/gangs',
        '/addons',
      ]);
      await featured.first().hover();
      await page.getByRole('tooltip').waitFor({ timeout: 3000 });
      expect(await page.getByRole('tooltip').textContent()).toBe('Five Level Whitelist Access');
      await shoot(page, 'public-home-signed-in-1280', { fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('never loads Stripe.js outside the payment page', () => {
    expect(stripeRequests.filter((entry) => !entry.startsWith(paths.stripeCheckout))).toEqual([]);
  });
});
