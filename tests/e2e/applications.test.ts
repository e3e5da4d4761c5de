import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, openBrowser, type TestBrowser, shoot, visitInApp } from '../support/browser.ts';
import { whitelistAnswers } from '../support/application-builders.ts';
import { client } from '../support/http.ts';
import { signIn, signInBrowser } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { fitsWidth } from '../support/axe.ts';

describe.runIf(browserAvailable)('applications in Chromium', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function pageAs(role: 'player' | 'staff' | 'admin', username: string, width = 1280): Promise<Page> {
    return (await browser.pageAs(server, { role, username, email: `${username.toLowerCase()}@example.com` }, { width }))
      .page;
  }

  async function fillStaffForm(player: Page) {
    await player.getByRole('button', { name: /^Moderator/ }).click();
    await player.getByLabel('Real Name').fill('Marie Thibodeaux');
    await player.getByLabel(/^Age/).fill('29');
    await player.getByLabel('Time zone').selectOption('CST');
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
    await player.getByLabel('Time zone').selectOption('CST');
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
    await shoot(player, 'apply-form-1280', { fullPage: true });
    await player.getByRole('button', { name: 'Submit Application' }).click();

    await player.getByRole('heading', { name: 'Application Submitted Successfully!' }).waitFor();
    expect(await player.evaluate(() => window.scrollY)).toBe(0);
    // no Discord bot here, so no Discord notification is promised: the decision shows on the site
    await player.getByText('Within 24-48 hours, the decision shows on this page and on your account page.').waitFor();
    expect(await player.locator('main').innerText()).toContain(
      'Their decision will show on this page and on your account page within 24-48 hours.',
    );
    expect(await player.getByRole('link', { name: 'account page' }).getAttribute('href')).toBe('/account');
    await player.getByText('The decision will show on the Apply page and on your account page.').first().waitFor();
    expect(await player.getByText(/Discord notification/).count()).toBe(0);
    await shoot(player, 'apply-confirmation-1280', { fullPage: true });
    await player.getByRole('button', { name: 'Return to Home' }).click();
    await player.waitForURL(`${server.url}/`);
    // the application's own page says the same while it waits
    await player.goto(`${server.url}/apply`);
    await expect.poll(() => player.getByTestId('application-status').textContent()).toBe('pending');
    expect(await player.locator('main').innerText()).toContain(
      'The decision will show on this page and on your account page.',
    );
    expect(await player.getByText(/Discord notification/).count()).toBe(0);

    const reviewer = await pageAs('staff', 'TanteMarie');
    await reviewer.goto(`${server.url}/admin-applications`);
    const row = reviewer.getByRole('row').filter({ hasText: 'Remy' });
    await row.waitFor();
    expect(await row.getByTestId('status').textContent()).toBe('Pending');
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
    await dialog
      .getByRole('group', { name: 'Confirm the decision' })
      .getByRole('button', { name: 'Yes, approve' })
      .click();
    await reviewer.getByText('Application has been approved', { exact: true }).waitFor();
    await expect.poll(() => count(reviewer, 'approved')).toBe('1');
    expect(await count(reviewer, 'pending')).toBe('0');
    expect(await row.getByTestId('status').textContent()).toBe('Approved');

    await player.goto(`${server.url}/apply`);
    await player.getByRole('heading', { name: 'You are already whitelisted.' }).waitFor();
    expect(await player.getByRole('form', { name: 'Whitelist application' }).count()).toBe(0);
    await shoot(player, 'apply-approved-1280', { fullPage: true });
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
    await player.getByText('Application Failed', { exact: true }).waitFor();
    await player.getByRole('heading', { name: 'You are already whitelisted.' }).waitFor();
    expect(await player.getByRole('form', { name: 'Whitelist application' }).count()).toBe(0);
    // shown from its top, not at the scroll position the long form had
    expect(await player.evaluate(() => window.scrollY)).toBe(0);
    expect(await fitsWidth(player)).toBe(true);
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
    await player.getByText('Staff Application Submitted!', { exact: true }).waitFor();
    expect(await player.getByRole('button', { name: 'Return Home' }).isVisible()).toBe(true);
    // the screen and its toast agree on the review time
    expect(
      await player
        .locator('main')
        .getByText(/within 3-5 business days/)
        .isVisible(),
    ).toBe(true);
    expect(await player.getByText(/within 3-5 business days/).count()).toBeGreaterThanOrEqual(2);
    expect(await player.getByText(/weekly/).count()).toBe(0);
    // no Discord bot here: the decision is promised on the site, not on Discord
    expect(await player.locator('main').innerText()).toContain(
      'its status and our decision show on this page and on your account page.',
    );
    expect(await player.getByText(/on Discord/).count()).toBe(0);
    await shoot(player, 'staff-apply-confirmation-1280', { fullPage: true });

    // back on /staff-apply: the application waiting for review, and no blank form to send a duplicate
    await player.goto(`${server.url}/staff-apply`);
    await expect.poll(() => player.getByTestId('application-status').textContent()).toBe('pending');
    expect(await player.getByText(/Staff applications are reviewed within 3-5 business days/).isVisible()).toBe(true);
    expect(await player.locator('main').innerText()).toContain(
      'The decision will show on this page and on your account page.',
    );
    expect(await player.getByRole('form', { name: 'Staff application' }).count()).toBe(0);
    await shoot(player, 'staff-apply-pending-1280', { fullPage: true });

    const admin = await pageAs('admin', 'PapaLegba');
    await admin.goto(`${server.url}/staff-review`);
    const row = admin.getByRole('row').filter({ hasText: 'Marie Thibodeaux' });
    await row.waitFor();
    expect(await row.getByTestId('status').textContent()).toBe('Pending');
    expect(await row.getByText('moderator').isVisible()).toBe(true);
    expect(await row.getByText('New Applicant').isVisible()).toBe(true);
    expect(await count(admin, 'pending')).toBe('1');

    await row.getByRole('button', { name: 'Review' }).click();
    await admin.getByRole('dialog').getByLabel('Message to the applicant').fill('We will interview you this week.');
    await shoot(admin, 'staff-review-dialog-1280');
    await admin.getByRole('dialog').getByRole('button', { name: 'Mark Under Review' }).click();
    await admin.getByText('Staff application status updated successfully', { exact: true }).waitFor();
    await expect.poll(() => row.getByTestId('status').textContent()).toBe('Under review');
    expect(await count(admin, 'pending')).toBe('0');

    await row.getByRole('button', { name: 'Review' }).click();
    const dialog = admin.getByRole('dialog');
    expect(await dialog.getByRole('button', { name: 'Mark Under Review' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    // a final decision is asked once more, naming the applicant
    const confirm = dialog.getByRole('group', { name: 'Confirm the decision' });
    expect(await confirm.textContent()).toContain('This is final: it cannot be changed afterwards');
    await shoot(admin, 'staff-review-confirm-1280');
    await confirm.getByRole('button', { name: 'Yes, approve' }).click();
    await expect.poll(() => row.getByTestId('status').textContent()).toBe('Approved');
    await expect.poll(() => count(admin, 'approved')).toBe('1');
    await shoot(admin, 'staff-review-1280', { fullPage: true });

    // the approved applicant reads what happens next, and gets no form
    await player.goto(`${server.url}/staff-apply`);
    await expect.poll(() => player.getByTestId('application-status').textContent()).toBe('approved');
    expect(await player.getByText(/will contact you on Discord about the next steps/).isVisible()).toBe(true);
    expect(await player.getByRole('form', { name: 'Staff application' }).count()).toBe(0);
  });

  it('keeps the forms and review screens within a 360 px screen, and tells a player the review screens are not for them', async () => {
    const player = await pageAs('player', 'Narrow', 360);
    // the site loads once; each next page is reached as a link inside it reaches it
    for (const path of ['/apply', '/staff-apply']) {
      await visitInApp(player, server.url, path);
      await player.getByRole('button', { name: 'Submit Application' }).waitFor();
      expect(await fitsWidth(player)).toBe(true);
    }
    await shoot(player, 'staff-apply-360', { fullPage: true });
    await visitInApp(player, server.url, '/admin-applications');
    await player.getByRole('heading', { name: 'Not authorized' }).waitFor();

    const admin = await pageAs('admin', 'NarrowAdmin', 360);
    for (const path of ['/admin-applications', '/staff-applications', '/staff-review']) {
      await visitInApp(admin, server.url, path);
      await admin.getByTestId('count-total').waitFor();
      await expect.poll(() => count(admin, 'total')).not.toBe('–');
      expect(await fitsWidth(admin)).toBe(true);
    }
    // the earlier journey left a decided application: its View button is on screen, not scrolled away to the right
    const review = admin.getByRole('button', { name: 'View' }).first();
    await review.waitFor();
    const box = await review.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    await shoot(admin, 'staff-review-360', { fullPage: true });
  });

  it('keeps the staff form filled and shows the message when submitting fails', async () => {
    const player = await pageAs('player', 'Twice');
    await player.goto(`${server.url}/staff-apply`);
    await player.getByRole('form', { name: 'Staff application' }).waitFor();
    await fillStaffForm(player);
    // the server fails once
    await player.route(
      '**/api/staff-applications',
      (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback()),
      { times: 1 },
    );
    await player.getByRole('button', { name: 'Submit Application' }).click();
    await player
      .getByText('There was an error submitting your application. Please try again.', { exact: true })
      .waitFor();
    expect(await player.getByText('Submission Failed', { exact: true }).isVisible()).toBe(true);
    expect(await player.getByLabel('Real Name').inputValue()).toBe('Marie Thibodeaux');
    expect(await player.getByRole('button', { name: /^Moderator/ }).getAttribute('aria-pressed')).toBe('true');

    // Clear Form asks first: dismissed, every answer stays; accepted, they go and the player is told
    const asked: string[] = [];
    player.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await player.getByRole('button', { name: 'Clear Form' }).click();
    await expect.poll(() => asked).toEqual(['Clear every answer on this form? This cannot be undone.']);
    expect(await player.getByLabel('Real Name').inputValue()).toBe('Marie Thibodeaux');
    player.once('dialog', (dialog) => void dialog.accept());
    await player.getByRole('button', { name: 'Clear Form' }).click();
    await expect.poll(() => player.getByLabel('Real Name').inputValue()).toBe('');
    await player.getByText('Every answer was removed. Start again from the top.', { exact: true }).waitFor();
  });

  it("an empty whitelist submit: 'Application Failed', focus on the first invalid field, messages written for a player, announced", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const player = await context.newPage();
    const { cookie } = await signInBrowser(player, server, { username: 'Hasty', email: 'hasty@example.com' });
    await player.goto(`${server.url}/apply`);
    const age = player.getByLabel(/^Age/);
    await age.fill('');
    const ageHeight = (await age.boundingBox())?.height;
    await player.getByRole('button', { name: 'Submit Application' }).click();
    await player.getByText('Application Failed', { exact: true }).waitFor();

    // the first invalid answer in reading order holds focus, below the sticky header
    await expect.poll(() => player.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('number');
    expect(await age.getAttribute('aria-invalid')).toBe('true');
    const box = await age.boundingBox();
    expect(box?.y).toBeGreaterThan(64);
    expect(box && box.y + box.height).toBeLessThan(900);
    // its message is tied to it for screen readers
    const described = (await age.getAttribute('aria-describedby')) ?? '';
    const messages = await player.evaluate(
      (ids) => ids.split(' ').map((id) => document.getElementById(id)?.textContent),
      described,
    );
    expect(messages).toContain('Enter your age (18 or older)');
    // the summary is announced
    const alert = player.getByRole('alert').filter({ hasText: 'another look' });
    expect(await alert.textContent()).toContain('Choose your time zone');
    for (const message of [
      'Enter your age (18 or older)',
      'Choose your time zone',
      'Confirm that you are 18 or older',
      'Tell us about your roleplay experience',
      "Tell us your character's background",
      'Agree not to metagame',
    ])
      expect(await player.locator('form').getByText(message, { exact: true }).count()).toBeGreaterThan(0);
    expect(await player.getByText(/must be one of|Required|Expected/).count()).toBe(0);
    // the age box keeps its size beside the time zone's message
    expect((await age.boundingBox())?.height).toBe(ageHeight);
    await shoot(player, 'apply-errors-1280');

    // fixing an answer clears its message at once
    const zone = player.getByLabel('Time zone');
    expect(await zone.getAttribute('aria-invalid')).toBe('true');
    await zone.selectOption('CST');
    await expect.poll(() => zone.getAttribute('aria-invalid')).toBe('false');
    expect(await alert.textContent()).not.toContain('Choose your time zone');

    const created = await client(server.url, cookie).post('/api/applications', whitelistAnswers());
    expect(created.status).toBe(201);
    await player.reload();
    await expect.poll(() => player.getByTestId('application-status').textContent()).toBe('pending');
    expect(
      await player
        .getByText(/within 24-48 hours/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await player.getByRole('form', { name: 'Whitelist application' }).count()).toBe(0);
  });

  it('an empty staff submit at 360 px: focus on the position cards, which lose their message once one is chosen', async () => {
    const player = await pageAs('player', 'Pressed', 360);
    await player.goto(`${server.url}/staff-apply`);
    await player.getByRole('form', { name: 'Staff application' }).waitFor();
    await player.getByRole('button', { name: 'Submit Application' }).click();
    await player.getByText('Submission Failed', { exact: true }).waitFor();
    await expect.poll(() => player.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^Admin/);
    const box = await player.getByRole('button', { name: /^Admin/ }).boundingBox();
    expect(box?.y).toBeGreaterThan(64);
    const group = player.getByRole('group', { name: 'Position' });
    expect(await group.getByText('Choose a position', { exact: true }).isVisible()).toBe(true);
    expect(await player.locator('form').getByText('Enter your real name', { exact: true }).count()).toBeGreaterThan(0);
    expect(await fitsWidth(player)).toBe(true);
    await shoot(player, 'staff-apply-errors-360');

    await player.getByRole('button', { name: /^Support/ }).click();
    await expect.poll(() => group.getByText('Choose a position', { exact: true }).count()).toBe(0);
  });

  it('whitelist at 360 px: the confirmation opens at its heading, focused, in view', async () => {
    const player = await pageAs('player', 'Narrowsend', 360);
    await player.goto(`${server.url}/apply`);
    await player.getByRole('form', { name: 'Whitelist application' }).waitFor();
    await fillWhitelistForm(player);
    await player.getByRole('button', { name: 'Submit Application' }).click();
    const heading = player.getByRole('heading', { name: 'Application Submitted Successfully!' });
    await heading.waitFor();
    await expect.poll(() => player.evaluate(() => document.activeElement?.id)).toBe('application-sent');
    const box = await heading.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(64);
    expect(box && box.y + box.height).toBeLessThanOrEqual(800);
    expect(await fitsWidth(player)).toBe(true);
    expect(await player.getByText(/Discord notification/).count()).toBe(0);
    await shoot(player, 'apply-confirmation-360', { fullPage: true });
  });

  it('staff at 360 px: the confirmation opens at its heading, focused, in view', async () => {
    const player = await pageAs('player', 'Narrowstaff', 360);
    await player.goto(`${server.url}/staff-apply`);
    await player.getByRole('form', { name: 'Staff application' }).waitFor();
    await fillStaffForm(player);
    await player.getByRole('button', { name: 'Submit Application' }).click();
    const heading = player.getByRole('heading', { name: 'Application Submitted!' });
    await heading.waitFor();
    await expect.poll(() => player.evaluate(() => document.activeElement?.id)).toBe('staff-sent');
    const box = await heading.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(64);
    expect(box && box.y + box.height).toBeLessThanOrEqual(800);
    expect(await player.getByText(/on Discord/).count()).toBe(0);
    await shoot(player, 'staff-apply-confirmation-360', { fullPage: true });
  });

  it('a rejected player reads the message and the day they may apply again, and gets no form until then', async () => {
    for (const width of [1280, 360]) {
      const player = await browser.newPage({ viewport: { width, height: 900 } });
      const { cookie } = await signInBrowser(player, server, { username: `Boudreaux${width}` });
      const created = await client(server.url, cookie).post('/api/applications', whitelistAnswers());
      const reviewer = await signIn(server, { role: 'staff' });
      const reviewed = await client(server.url, reviewer.cookie).patch(`/api/applications/${created.body.id}/review`, {
        status: 'rejected',
        reviewNotes: 'Internal: copied backstory.',
        applicantMessage: 'Please write your character in your own words.',
      });
      expect(reviewed.status).toBe(200);
      const decided = new Date(reviewed.body.reviewedAt);
      const from = new Date(Date.UTC(decided.getUTCFullYear(), decided.getUTCMonth(), decided.getUTCDate() + 7));
      const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(from);

      await player.goto(`${server.url}/apply`);
      await expect.poll(() => player.getByTestId('application-status').textContent()).toBe('rejected');
      expect(await player.getByTestId('applicant-message').textContent()).toBe(
        'Please write your character in your own words.',
      );
      expect(await player.getByTestId('apply-again-date').textContent()).toBe(day);
      expect(await player.getByText('copied backstory').count()).toBe(0);
      expect(await player.getByRole('form', { name: 'Whitelist application' }).count()).toBe(0);
      expect(await fitsWidth(player)).toBe(true);
      await shoot(player, `apply-rejected-${width}`, { fullPage: true });
      await player.close();
    }
  });

  it('an approved player reads how to connect and the message, and gets no form', async () => {
    for (const width of [1280, 360]) {
      const player = await browser.newPage({ viewport: { width, height: 900 } });
      const { cookie } = await signInBrowser(player, server, { username: `Guidry${width}` });
      const created = await client(server.url, cookie).post('/api/applications', whitelistAnswers());
      const reviewer = await signIn(server, { role: 'staff' });
      await client(server.url, reviewer.cookie).patch(`/api/applications/${created.body.id}`, {
        status: 'approved',
        applicantMessage: 'See you in Houma, cher.',
      });
      await player.goto(`${server.url}/apply`);
      await player.getByRole('heading', { name: 'You are already whitelisted.' }).waitFor();
      expect(await player.getByText('connect play.bayouroleplay.gg', { exact: true }).isVisible()).toBe(true);
      expect(await player.getByTestId('applicant-message').textContent()).toBe('See you in Houma, cher.');
      expect(await player.getByRole('form', { name: 'Whitelist application' }).count()).toBe(0);
      expect(await fitsWidth(player)).toBe(true);
      await shoot(player, `apply-approved-${width}`, { fullPage: true });
      await player.close();
    }
  });

  it('review dialogs: the message to the applicant is a field of its own, apart from the staff-only notes', async () => {
    const applicant = await signIn(server, { username: 'Hebert' });
    const created = await client(server.url, applicant.cookie).post('/api/applications', whitelistAnswers());
    for (const width of [1280, 360]) {
      const reviewer = await pageAs('staff', `Reviewer${width}`, width);
      await reviewer.goto(`${server.url}/admin-applications`);
      const row = reviewer.locator(`[data-application-id="${created.body.id}"]`);
      await row.getByRole('button', { name: /Review|View/ }).click();
      const dialog = reviewer.getByRole('dialog');
      await dialog.getByLabel('Message to the applicant').scrollIntoViewIfNeeded();
      expect(await dialog.getByText('The applicant never sees them.').isVisible()).toBe(true);
      expect(await dialog.getByText(/The applicant reads this/).isVisible()).toBe(true);
      await shoot(reviewer, `review-dialog-message-${width}`);
      if (width === 360) {
        await dialog.getByLabel('Review notes').fill('Internal: solid, approve.');
        await dialog.getByLabel('Message to the applicant').fill('Welcome to the bayou!');
        await dialog.getByRole('button', { name: 'Submit Review' }).click();
        await dialog.getByRole('button', { name: 'Yes, approve' }).click();
        await reviewer.getByText('Application has been approved', { exact: true }).waitFor();
      }
      await reviewer.close();
    }
    const mine = await client(server.url, applicant.cookie).get('/api/applications/mine');
    expect(mine.body.applications[0]).toMatchObject({ status: 'approved', applicantMessage: 'Welcome to the bayou!' });
  });

  it('/staff-applications: a list with 100-character previews beside a detail panel; reject with optional notes', async () => {
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
    const rejectedBefore = Number(await count(reviewer, 'rejected'));

    await entry.click();
    const panel = reviewer.getByRole('region', { name: 'Application details' });
    await panel.getByLabel('Message to the applicant').waitFor();
    // the reviewer reads every answer the /admin-applications dialog shows, not a part of them
    const shown = await panel.textContent();
    for (const text of [
      'Roleplay scenario',
      'If robbed at gunpoint I would comply',
      'Previous communities',
      'Gulf Coast RP',
      'Hours per week10-20 hours',
      '18+ confirmedYes',
      '✓ Understands the server rules',
    ])
      expect(shown).toContain(text);
    await shoot(reviewer, 'staff-applications-panel-1280', { fullPage: true });
    // Reject asks once more; Cancel sends nothing and goes back to the Reject button
    await panel.getByRole('button', { name: 'Reject' }).click();
    const confirm = panel.getByRole('group', { name: 'Confirm the decision' });
    expect(await confirm.textContent()).toContain(
      'Reject the application from Cormier? This is final: it cannot be changed afterwards, and the applicant is told.',
    );
    await expect.poll(() => reviewer.evaluate(() => document.activeElement?.textContent)).toBe('Yes, reject');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => reviewer.evaluate(() => document.activeElement?.textContent)).toBe('Reject');
    expect(await panel.getByTestId('status').textContent()).toBe('Pending');
    await panel.getByRole('button', { name: 'Reject' }).click();
    await confirm.getByRole('button', { name: 'Yes, reject' }).click();
    await reviewer.getByText('Application review has been submitted successfully.', { exact: true }).waitFor();
    await expect.poll(() => count(reviewer, 'rejected')).toBe(String(rejectedBefore + 1));
    expect(await panel.getByRole('button', { name: 'Reject' }).count()).toBe(0);
    expect(await panel.getByTestId('status').textContent()).toBe('Rejected');
    // the buttons have gone with the decision: focus is back on the panel's heading, not at the top of the page
    await expect
      .poll(() => reviewer.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`))
      .toBe('H2 Cormier');
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
