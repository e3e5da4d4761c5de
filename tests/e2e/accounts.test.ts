import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { signInBrowser } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { fitsWidth } from '../support/axe.ts';

describe.runIf(browserAvailable)('accounts in Chromium', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const header = () => page.getByRole('banner');
  const freshPage = async (width = 1280) => {
    await context?.close();
    context = await browser.newContext({ viewport: { width, height: 900 } });
    page = await context.newPage();
  };

  it('signs in through /dev-login, greets the player with 0 tokens, logs out, and the old cookie is refused', async () => {
    await freshPage();
    await page.goto(`${server.url}/`);
    await expect.poll(() => header().getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    expect(await header().getByTestId('token-balance').count()).toBe(0);
    expect(await header().getByTestId('greeting').count()).toBe(0);

    await page.goto(`${server.url}/api/auth/discord`);
    await page.waitForURL('**/dev-login');
    await expect.poll(() => page.getByText('Development sign-in', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel('Discord ID').inputValue()).toMatch(/^\d{18}$/);
    // the page says how to try the staff and admin screens
    expect(await page.getByTestId('dev-roles-hint').textContent()).toContain(
      'npm run cli -- users role <Discord ID> staff',
    );
    await shoot(page, 'dev-login-1280', { fullPage: true });
    await page.getByLabel('Username').fill('Remy Boudreaux');
    await page.getByLabel('Email').fill('remy@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/`);

    await expect.poll(() => header().getByTestId('greeting').textContent()).toBe('Welcome, Remy Boudreaux');
    expect(await header().getByTestId('token-balance').textContent()).toBe('0 tokens');
    expect(await header().getByRole('link', { name: 'Login' }).count()).toBe(0);
    await shoot(page, 'header-signed-in-1280');
    const cookiesWhileSignedIn = await context.cookies();
    expect(cookiesWhileSignedIn.find((cookie) => cookie.name === 'bayou.sid')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });

    await header().getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => header().getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    expect(await header().getByTestId('greeting').count()).toBe(0);
    expect(await header().getByTestId('token-balance').count()).toBe(0);

    const replayed = cookiesWhileSignedIn.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    const response = await fetch(`${server.url}/api/auth/user`, { headers: { Cookie: replayed } });
    expect(response.status).toBe(401);
  });

  it('shows the form errors of a bad sign-in identity on /dev-login and signs nobody in', async () => {
    await freshPage();
    await page.goto(`${server.url}/dev-login`);
    await expect.poll(() => page.getByLabel('Username').isVisible()).toBe(true);
    await page.getByLabel('Username').fill('Cher');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('Email must be a valid address.').isVisible()).toBe(true);
    expect(page.url()).toContain('/dev-login');
    expect((await context.cookies()).some((cookie) => cookie.name === 'bayou.sid')).toBe(false);
  });

  it('refreshes the balance every 60 seconds and formats it for the locale', async () => {
    await freshPage();
    await page.clock.install();
    const { user } = await signInBrowser(page, server, { username: 'Marie' });
    await page.goto(`${server.url}/whitelist`);
    await expect.poll(() => header().getByTestId('token-balance').textContent()).toBe('0 tokens');
    // the page has asked for all it asks for on arrival: the next balance read is the minute's refresh
    await page.waitForLoadState('networkidle');
    await server.system.database.withContext(() =>
      server.system.core.tokens.credit.execute({ userId: user.id, amount: 1250, reason: 'Test grant' }),
    );
    const balanceRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user/tokens')) balanceRequests.push(request.url());
    });
    await page.clock.fastForward(61_000);
    await expect.poll(() => header().getByTestId('token-balance').textContent()).toBe('1,250 tokens');
    // one refresh per minute, not a stream of them (the request's event can reach the test after its answer is shown)
    await expect.poll(() => balanceRequests.length).toBeGreaterThanOrEqual(1);
    expect(balanceRequests.length).toBeLessThanOrEqual(2);
  });

  it('fits the signed-in header and /dev-login in 360 px without horizontal scroll', async () => {
    await freshPage(360);
    await signInBrowser(page, server, { username: 'A rather long player name for a phone' });
    await page.goto(`${server.url}/whitelist`);
    await expect.poll(() => header().getByTestId('token-balance').isVisible()).toBe(true);
    expect(await header().getByTestId('greeting').isVisible()).toBe(true);
    expect(await header().getByRole('link', { name: 'Logout' }).isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, 'header-signed-in-360');
    await freshPage(360);
    await page.goto(`${server.url}/dev-login`);
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
  });

  it("shows a player the 'Not authorized' screen on a staff page", async () => {
    await freshPage();
    await signInBrowser(page, server, { role: 'player' });
    await page.goto(`${server.url}/admin-applications`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Not authorized' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByText('your account has the player role').isVisible()).toBe(true);
  });

  it('shows the domain and the redirect URI this server uses on /discord-debug and /domain-helper', async () => {
    await freshPage();
    const redirectUri = `${server.url}/api/auth/discord/callback`;
    await page.goto(`${server.url}/discord-debug`);
    await expect.poll(() => page.getByText(redirectUri, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(server.url, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Setup steps' }).isVisible()).toBe(true);

    await page.goto(`${server.url}/domain-helper`);
    await expect.poll(() => page.getByText(redirectUri, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Copy Redirect URI' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Copy Current domain' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Test Login' }).getAttribute('href')).toBe('/api/login');
  });
});
