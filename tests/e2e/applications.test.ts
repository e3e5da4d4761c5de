import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, screenshotPath } from '../support/browser.ts';
import { whitelistAnswers } from '../support/application-builders.ts';
import { client } from '../support/http.ts';
import { signIn, signInBrowser } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

describe.runIf(browserAvailable)('applications in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ ui: true }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function pageAs(role: 'player' | 'staff' | 'admin', username: string, width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signInBrowser(page, server, { role, username, email: `${username.toLowerCase()}@example.com` });
    return page;
  }

  async function fillStaffForm(player: Page) {
    await player.getByRole('button', { name: /^Moderator/ }).click();
    await player.getByLabel('Real Name').fill('Marie Thibodeaux');
    await player.getByLabel(/^Age/).fill('29');
    await player.getByLabel('Timezone').selectOption('CST');
    await player.getByLabel(/^Availability/).fill('Weeknights after 6 pm Central');
    await player.getByLabel('Staff or moderation experience').fill('Two years moderating a large Discord.');
    await player.getByLabel('Why do you want to join the staff team?').fill('To keep the community welcoming.');
    await player.getByLabel('Two players are arguing').fill('Move them to a private channel and hear both sides.');
    await player.getByLabel('I agree to follow the server rules and staff guidelines').check();
    await player.getByLabel('I commit to at least 15 hours a week').check();
    await player.getByLabel('I accept a possible background check of my server history').check();
  }

  async function fillWhitelistForm(player: Page) {
    await player.getByLabel(/^Age/).fill('27');
    await player.getByLabel('Timezone').selectOption('CST');
    await player.getByLabel('I confirm that I am 18 years of age or older').check();
    await player
      .getByLabel('Describe your roleplay experience')
      .fill('Four years of serious roleplay, mostly EMS and a fisherman who never lies.');
    await player.getByLabel('Hours per week you can play').selectOption({ label: '20-30 hours' });
    await player
      .getByLabel("Your character's background")
      .fill('Remy grew up on a houseboat near Houma and came to the city to sell his catch.');
    await player.getByLabel("Your character's goals").fill('Own a seafood restaurant and stay out of trouble.');
    await player
      .getByLabel('You are robbed at gunpoint')
      .fill('Comply, remember the details, and report it in character.');
    await player.getByLabel('Why do you want to join our server?').fill('The Louisiana setting.');
    await player.getByLabel('I have read and understand the server rules').check();
    await player.getByLabel('I will not metagame').check();
    await player.getByLabel('I will treat every player and staff member with respect').check();
  }

  const count = (page: Page, label: string) => page.getByTestId(`count-${label}`).textContent();
  const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('whitelist: a player applies, staff approve it on /admin-applications, and /apply then says the player is already whitelisted', async () => {
    const player = await pageAs('player', 'Remy');
    await player.goto(`${server.url}/apply`);
    const form = player.getByRole('form', { name: 'Whitelist application' });
    await form.waitFor();
    for (const section of [
      'Personal Information',
      'Roleplay Experience',
      'Character Concept',
      'Server Interest',
      'Rules & Guidelines Agreement',
    ]) {
      expect(await player.getByRole('group', { name: section }).isVisible()).toBe(true);
    }
    const discordName = player.getByLabel('Discord Username');
    expect(await discordName.inputValue()).toBe('Remy');
    expect(await discordName.isDisabled()).toBe(true);
    expect(await player.getByLabel('Email').inputValue()).toBe('remy@example.com');
    expect(await player.getByLabel(/^Age/).inputValue()).toBe('18');

    await fillWhitelistForm(player);
    await player.screenshot({ path: screenshotPath('apply-form-1280'), fullPage: true });
    await player.getByRole('button', { name: 'Submit Application' }).click();

    await player.getByRole('heading', { name: 'Application Submitted Successfully!' }).waitFor();
    expect(await player.evaluate(() => window.scrollY)).toBe(0);
    expect(
      await player.getByText('You get a Discord notification with the decision within 24-48 hours.').isVisible(),
    ).toBe(true);
    await player.getByRole('button', { name: 'Return to Home' }).click();
    await player.waitForURL(`${server.url}/`);

    const reviewer = await pageAs('staff', 'TanteMarie');
    await reviewer.goto(`${server.url}/admin-applications`);
    const row = reviewer.getByRole('row').filter({ hasText: 'Remy' });
    await row.waitFor();
    expect(await row.getByTestId('status').textContent()).toBe('pending');
    expect(await count(reviewer, 'pending')).toBe('1');
    expect(await count(reviewer, 'approved')).toBe('0');
    expect(await count(reviewer, 'total')).toBe('1');

    await row.getByRole('button', { name: 'Review' }).click();
    const dialog = reviewer.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByText('Remy grew up on a houseboat near Houma').isVisible()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'Approve' }).isChecked()).toBe(true);
    const submit = dialog.getByRole('button', { name: 'Submit Review' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel('Review notes').fill('Thoughtful backstory, welcome to the bayou.');
    await submit.click();
    await reviewer.getByText('Application has been approved', { exact: true }).waitFor();
    await expect.poll(() => count(reviewer, 'approved')).toBe('1');
    expect(await count(reviewer, 'pending')).toBe('0');
    expect(await row.getByTestId('status').textContent()).toBe('approved');

    await player.goto(`${server.url}/apply`);
    await player.getByRole('heading', { name: 'You are already whitelisted.' }).waitFor();
    expect(await player.getByRole('form', { name: 'Whitelist application' }).count()).toBe(0);
    await player.screenshot({ path: screenshotPath('apply-approved-1280'), fullPage: true });
    await player.getByRole('link', { name: 'Read the Server Rules' }).click();
    await player.waitForURL(`${server.url}/server-rules`);
  });

  it('a form left open while the application was approved elsewhere: the 409 is shown, then the whitelisted state, on a 360 px screen', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const player = await context.newPage();
    const { cookie } = await signInBrowser(player, server, { username: 'Fontenot', email: 'fontenot@example.com' });
    await player.goto(`${server.url}/apply`);
    await player.getByRole('form', { name: 'Whitelist application' }).waitFor();
    await fillWhitelistForm(player);

    // meanwhile, from another tab: an application sent and approved
    const created = await client(server.url, cookie).post('/api/applications', whitelistAnswers());
    const reviewer = await signIn(server, { role: 'staff' });
    expect(
      (
        await client(server.url, reviewer.cookie).patch(`/api/applications/${created.body.id}/review`, {
          status: 'approved',
          reviewNotes: 'Welcome to the bayou, cher.',
        })
      ).status,
    ).toBe(200);

    await player.getByRole('button', { name: 'Submit Application' }).click();
    await player.getByText('You are already whitelisted.', { exact: true }).first().waitFor();
    expect(await player.getByText('Application Failed', { exact: true }).isVisible()).toBe(true);
    await player.getByRole('heading', { name: 'You are already whitelisted.' }).waitFor();
    expect(await player.getByRole('form', { name: 'Whitelist application' }).count()).toBe(0);
    // shown from its top, not at the scroll position the long form had
    expect(await player.evaluate(() => window.scrollY)).toBe(0);
    expect(await noSideScroll(player)).toBe(true);
    expect(
      ((await client(server.url, cookie).get('/api/applications/mine')).body.applications as unknown[]).length,
    ).toBe(1);
  });

  it('staff: a player applies on /staff-apply, an admin marks it under review then approves it on /staff-review', async () => {
    const player = await pageAs('player', 'Marie');
    await player.goto(`${server.url}/staff-apply`);
    await player.getByRole('form', { name: 'Staff application' }).waitFor();
    for (const position of ['Admin', 'Moderator', 'Support', 'Developer'])
      expect(await player.getByRole('button', { name: new RegExp(`^${position}`) }).isVisible()).toBe(true);
    await fillStaffForm(player);
    await player.getByRole('button', { name: 'Submit Application' }).click();
    await player.getByRole('heading', { name: 'Application Submitted!' }).waitFor();
    expect(await player.getByText('Staff Application Submitted!', { exact: true }).isVisible()).toBe(true);
    expect(await player.getByRole('button', { name: 'Return Home' }).isVisible()).toBe(true);

    const admin = await pageAs('admin', 'PapaLegba');
    await admin.goto(`${server.url}/staff-review`);
    const row = admin.getByRole('row').filter({ hasText: 'Marie Thibodeaux' });
    await row.waitFor();
    expect(await row.getByTestId('status').textContent()).toBe('pending');
    expect(await row.getByText('moderator').isVisible()).toBe(true);
    expect(await row.getByText('New Applicant').isVisible()).toBe(true);
    expect(await count(admin, 'pending')).toBe('1');

    await row.getByRole('button', { name: 'Review' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Mark Under Review' }).click();
    await admin.getByText('Staff application status updated successfully', { exact: true }).waitFor();
    await expect.poll(() => row.getByTestId('status').textContent()).toBe('under review');
    expect(await count(admin, 'pending')).toBe('0');

    await row.getByRole('button', { name: 'Review' }).click();
    const dialog = admin.getByRole('dialog');
    expect(await dialog.getByRole('button', { name: 'Mark Under Review' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => row.getByTestId('status').textContent()).toBe('approved');
    await expect.poll(() => count(admin, 'approved')).toBe('1');
    await admin.screenshot({ path: screenshotPath('staff-review-1280'), fullPage: true });
  });

  it('keeps the forms and review screens within a 360 px screen, and tells a player the review screens are not for them', async () => {
    const player = await pageAs('player', 'Narrow', 360);
    for (const path of ['/apply', '/staff-apply']) {
      await player.goto(`${server.url}${path}`);
      await player.getByRole('button', { name: 'Submit Application' }).waitFor();
      expect(await noSideScroll(player)).toBe(true);
    }
    await player.screenshot({ path: screenshotPath('staff-apply-360'), fullPage: true });
    await player.goto(`${server.url}/admin-applications`);
    await player.getByRole('heading', { name: 'Not authorized' }).waitFor();

    const admin = await pageAs('admin', 'NarrowAdmin', 360);
    for (const path of ['/admin-applications', '/staff-applications', '/staff-review']) {
      await admin.goto(`${server.url}${path}`);
      await admin.getByTestId('count-total').waitFor();
      await expect.poll(() => count(admin, 'total')).not.toBe('–');
      expect(await noSideScroll(admin)).toBe(true);
    }
    // the earlier journey left a decided application: its View button is on screen, not scrolled away to the right
    const review = admin.getByRole('button', { name: 'View' }).first();
    await review.waitFor();
    const box = await review.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    await admin.screenshot({ path: screenshotPath('staff-review-360'), fullPage: true });
  });

  it('keeps the staff form filled and shows the server message when submitting fails', async () => {
    const player = await pageAs('player', 'Twice');
    await player.goto(`${server.url}/staff-apply`);
    await player.getByRole('form', { name: 'Staff application' }).waitFor();
    await fillStaffForm(player);
    await player.getByRole('button', { name: 'Submit Application' }).click();
    await player.getByRole('heading', { name: 'Application Submitted!' }).waitFor();

    await player.goto(`${server.url}/staff-apply`);
    await player.getByRole('form', { name: 'Staff application' }).waitFor();
    await fillStaffForm(player);
    await player.getByRole('button', { name: 'Submit Application' }).click();
    await player.getByText('You already have a staff application waiting for review.', { exact: true }).waitFor();
    expect(await player.getByText('Submission Failed', { exact: true }).isVisible()).toBe(true);
    expect(await player.getByLabel('Real Name').inputValue()).toBe('Marie Thibodeaux');
    expect(await player.getByRole('button', { name: /^Moderator/ }).getAttribute('aria-pressed')).toBe('true');

    await player.getByRole('button', { name: 'Clear Form' }).click();
    expect(await player.getByLabel('Real Name').inputValue()).toBe('');
  });

  it("shows 'Application Failed' for an incomplete whitelist form, and only the status while an application is pending", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const player = await context.newPage();
    const { cookie } = await signInBrowser(player, server, { username: 'Hasty' });
    await player.goto(`${server.url}/apply`);
    await player.getByRole('button', { name: 'Submit Application' }).click();
    await player.getByText('Application Failed', { exact: true }).waitFor();
    expect(await player.getByText('Required', { exact: true }).count()).toBeGreaterThan(3);

    const created = await client(server.url, cookie).post('/api/applications', whitelistAnswers());
    expect(created.status).toBe(201);
    await player.reload();
    await expect.poll(() => player.getByTestId('application-status').textContent()).toBe('pending');
    expect(await player.getByRole('form', { name: 'Whitelist application' }).count()).toBe(0);
  });

  it('/staff-applications: a list with 100-character previews beside a detail panel; deny with optional notes', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const applicant = await context.newPage();
    const { cookie } = await signInBrowser(applicant, server, { username: 'Cormier' });
    const background = 'B'.repeat(140);
    expect(
      (
        await client(server.url, cookie).post(
          '/api/applications',
          whitelistAnswers({ characterBackground: background }),
        )
      ).status,
    ).toBe(201);

    const reviewer = await pageAs('staff', 'Nonc');
    await reviewer.goto(`${server.url}/staff-applications`);
    const entry = reviewer.getByRole('list').getByRole('button', { name: /^Cormier/ });
    await entry.waitFor();
    expect(await entry.textContent()).toContain(`${'B'.repeat(100)}...`);
    expect(await entry.textContent()).not.toContain('B'.repeat(101));
    const deniedBefore = Number(await count(reviewer, 'denied'));

    await entry.click();
    const panel = reviewer.getByRole('region', { name: 'Application details' });
    await panel.getByRole('button', { name: 'Deny' }).click();
    await reviewer.getByText('Application review has been submitted successfully.', { exact: true }).waitFor();
    await expect.poll(() => count(reviewer, 'denied')).toBe(String(deniedBefore + 1));
    expect(await panel.getByRole('button', { name: 'Deny' }).count()).toBe(0);
    expect(await panel.getByTestId('status').textContent()).toBe('denied');
  });

  it('sends a signed-out visitor of /apply to sign in, to come back to /apply', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/apply`);
    await page.waitForURL((url) => url.pathname !== '/apply');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/dev-login');
    expect(url.searchParams.get('returnTo')).toBe('/apply');
  });
});
