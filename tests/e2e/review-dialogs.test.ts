import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_NOTES_TOO_SHORT } from '../../adapters/http/contract/applications.ts';
import { staffAnswers, whitelistAnswers } from '../support/application-builders.ts';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { client } from '../support/http.ts';
import { randomDiscordId, signIn, signInBrowser } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

/** 64 characters without a break: the longest Discord name a review screen must hold without scrolling sideways. */
const LONG_NAME = `bayou${'x'.repeat(55)}cher`;
/** More than one page of whitelist applications (a page is 50). */
const SEEDED = 51;

describe.runIf(browserAvailable)('review screens and their dialogs', () => {
  let server: TestServer;
  let browser: TestBrowser;
  const ids: Record<string, string> = {};
  const walker = { discordId: randomDiscordId(), username: 'Boudreaux' };

  async function apply(username: string, discordId = randomDiscordId()) {
    const player = await signIn(server, { username, discordId, email: `${username.toLowerCase()}@example.com` });
    const created = await client(server.url, player.cookie).post('/api/applications', whitelistAnswers());
    expect(created.status).toBe(201);
    ids[username] = created.body.id;
    return player;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedTestServer(), openBrowser()]);
    expect(LONG_NAME).toHaveLength(64);
    // oldest first: the seeded ones end on the second page, the ones the tests open stay on the first. Seed00 goes
    // alone, so it is the oldest whatever order the batches of ten that follow it are stored in
    await apply('Seed00');
    for (let start = 1; start < SEEDED; start += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, SEEDED - start) }, (_, i) =>
          apply(`Seed${String(start + i).padStart(2, '0')}`),
        ),
      );
    }
    await apply('Keyboard');
    await apply(walker.username, walker.discordId);
    const long = await apply(LONG_NAME);
    expect((await client(server.url, long.cookie).post('/api/staff-applications', staffAnswers())).status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  async function pageAs(role: 'staff' | 'admin', width: number): Promise<Page> {
    return (
      await browser.pageAs(server, { role, username: `${role}${width}` }, { width, height: 800, bypassCSP: true })
    ).page;
  }

  const opener = (page: Page, id: string | undefined) => page.locator(`[data-review-opener="${id}"]`);
  const activeIs = (page: Page, selector: string) =>
    page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
  /** Scrolls the dialog (or panel) to its end: its title and Close button must stay in view. */
  const scrollToEnd = (box: Locator) => box.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  const patches = (page: Page) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') sent.push(request.url());
    });
    return sent;
  };
  /** The element drawn at a control's centre is the control itself: nothing (a toast) covers it. */
  const uncovered = (control: Locator) =>
    control.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return top !== null && element.contains(top);
    });

  for (const width of [1280, 360]) {
    it(`at ${width} px: axe finds nothing on the screens and their dialogs, open and scrolled; nothing scrolls sideways`, async () => {
      const page = await pageAs('admin', width);
      const check = async (what: string) => {
        expect(await axeViolations(page), what).toEqual([]);
        expect(await fitsWidth(page), what).toBe(true);
      };

      await page.goto(`${server.url}/admin-applications`);
      await opener(page, ids[LONG_NAME]).waitFor();
      expect(await page.getByRole('link', { name: LONG_NAME }).first().getAttribute('href')).toMatch(
        /^\/admin\/players\/[0-9a-f-]{36}$/,
      );
      await check('/admin-applications');
      await shoot(page, `review-admin-applications-${width}`, { fullPage: true });
      await opener(page, ids[LONG_NAME]).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await check('/admin-applications dialog');
      await shoot(page, `review-admin-applications-dialog-${width}`);
      await scrollToEnd(dialog);
      await dialog.getByLabel('Review notes').fill('short');
      await dialog.getByRole('button', { name: 'Submit Review' }).click();
      await dialog.getByText(REVIEW_NOTES_TOO_SHORT).waitFor();
      expect(await dialog.getByRole('button', { name: 'Close' }).isVisible()).toBe(true);
      expect(await uncovered(dialog.getByRole('button', { name: 'Close' }))).toBe(true);
      await check('/admin-applications dialog scrolled, with a refused note');
      await shoot(page, `review-admin-applications-dialog-scrolled-${width}`);
      // Approve and Reject are final: Submit Review asks once more, as the other two screens do; Cancel sends nothing
      const sent = patches(page);
      await dialog.getByLabel('Review notes').fill('Well written, knows the rules.');
      await dialog.getByRole('button', { name: 'Submit Review' }).click();
      const question = dialog.getByRole('group', { name: 'Confirm the decision' });
      expect(await question.textContent()).toContain(`Approve the application from ${LONG_NAME}? This is final`);
      for (const name of ['Yes, approve', 'Cancel'])
        expect(await uncovered(question.getByRole('button', { name }))).toBe(true);
      // the question wraps a 64-character name instead of running out of the dialog
      expect(await question.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
      await check('/admin-applications dialog asking to confirm Approve');
      await shoot(page, `review-admin-applications-confirm-${width}`);
      await question.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => activeIs(page, 'button')).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Submit Review');
      expect(sent).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.goto(`${server.url}/staff-applications`);
      const entry = page.getByRole('button', { name: new RegExp(`^${LONG_NAME}`) });
      await entry.click();
      // the panel's heading takes focus: a screen reader says whose application it now shows
      const heading = page.getByRole('heading', { name: LONG_NAME, level: 2 });
      await heading.waitFor();
      await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
      await check('/staff-applications with an application selected');
      await shoot(page, `review-staff-applications-${width}`, { fullPage: true });

      await page.goto(`${server.url}/staff-review`);
      const staffOpener = page.getByRole('button', { name: 'Review', exact: true }).first();
      await staffOpener.click();
      await dialog.waitFor();
      await check('/staff-review dialog');
      await shoot(page, `review-staff-review-dialog-${width}`);
      await scrollToEnd(dialog);
      expect(await dialog.getByRole('button', { name: 'Close' }).isVisible()).toBe(true);
      for (const name of ['Approve', 'Mark Under Review', 'Deny'])
        expect(await uncovered(dialog.getByRole('button', { name }))).toBe(true);
      await check('/staff-review dialog scrolled');
      await shoot(page, `review-staff-review-dialog-scrolled-${width}`);
      // Deny asks once more; its answers are on screen, and Cancel leaves the application as it was
      await dialog.getByRole('button', { name: 'Deny' }).click();
      const confirm = dialog.getByRole('group', { name: 'Confirm the decision' });
      for (const name of ['Yes, deny', 'Cancel'])
        expect(await uncovered(confirm.getByRole('button', { name }))).toBe(true);
      await check('/staff-review dialog asking to confirm Deny');
      await shoot(page, `review-staff-review-confirm-${width}`);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect
        .poll(() =>
          dialog.getByRole('button', { name: 'Deny' }).evaluate((button) => button === document.activeElement),
        )
        .toBe(true);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => staffOpener.evaluate((element) => element === document.activeElement)).toBe(true);
      await check('/staff-review');
      await shoot(page, `review-staff-review-${width}`, { fullPage: true });
      await page.close();
    }, 120_000);
  }

  it('a reviewer using only the keyboard approves an application; focus comes back to its Review button', async () => {
    const page = await pageAs('staff', 1280);
    await page.goto(`${server.url}/admin-applications`);
    const button = `[data-review-opener="${ids.Keyboard}"]`;
    await page.locator(button).waitFor();
    /** Tab until the focused element matches the selector (and reads `text`, when given). */
    const tabTo = async (selector: string, text?: string) => {
      const there = () =>
        page.evaluate(
          ([s, t]) =>
            (document.activeElement?.matches(s) ?? false) && (t === '' || document.activeElement?.textContent === t),
          [selector, text ?? ''] as const,
        );
      for (let i = 0; i < 200 && !(await there()); i++) await page.keyboard.press('Tab');
      expect(await there(), selector).toBe(true);
    };
    await tabTo(button);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // the dialog gives focus back as it closes, which may come a frame after it has left the page
    await expect.poll(() => activeIs(page, button)).toBe(true);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo('textarea');
    await page.keyboard.type('Clear answers, knows the rules well.');
    await tabTo('button', 'Submit Review');
    await page.keyboard.press('Space');
    // the decision is final: it is asked once more, with focus on the answer that sends it
    await expect.poll(() => activeIs(page, 'button')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Yes, approve');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Application has been approved', { exact: true }).waitFor();
    await expect.poll(() => activeIs(page, button)).toBe(true);
    expect(await page.locator(button).textContent()).toBe('View');
    await page.close();
  }, 60_000);

  it('staff reject with a short note (blocked in the dialog, nothing sent), then with a proper one; the player reads the message on /apply', async () => {
    const page = await pageAs('staff', 360);
    const sent = patches(page);
    await page.goto(`${server.url}/admin-applications`);
    await opener(page, ids[walker.username]).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reject').check();
    const notes = dialog.getByLabel('Review notes');
    await notes.fill('Too short');
    const submit = dialog.getByRole('button', { name: 'Submit Review' });
    await submit.click();
    await dialog.getByText(REVIEW_NOTES_TOO_SHORT, { exact: true }).waitFor();
    expect(await notes.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => notes.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await dialog.textContent()).not.toContain('reviewNotes');
    expect(sent).toEqual([]);
    await submit.scrollIntoViewIfNeeded();
    expect(await uncovered(submit)).toBe(true);
    await shoot(page, 'review-walk-short-note-360');

    const message = 'Thanks for applying. Give your character a clearer goal and apply again in a week.';
    await notes.fill('Goals too vague; scenario answer ignores the rules.');
    await dialog.getByLabel('Message to the applicant').fill(message);
    await submit.click();
    // asked once more, naming the decision and the applicant; nothing is sent before Yes
    const confirm = dialog.getByRole('group', { name: 'Confirm the decision' });
    expect(await confirm.textContent()).toContain(`Reject the application from ${walker.username}? This is final`);
    for (const name of ['Yes, reject', 'Cancel'])
      expect(await uncovered(confirm.getByRole('button', { name }))).toBe(true);
    expect(sent).toEqual([]);
    await shoot(page, 'review-walk-confirm-reject-360');
    await confirm.getByRole('button', { name: 'Yes, reject' }).click();
    await page.getByText('Application has been rejected', { exact: true }).waitFor();
    expect(sent).toHaveLength(1);
    // the toast sits over the page, the dialog is gone: the list says Rejected
    await expect
      .poll(() => page.locator(`[data-application-id="${ids[walker.username]}"] [data-testid="status"]`).textContent())
      .toBe('Rejected');
    await shoot(page, 'review-walk-rejected-360');

    const player = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
    await signInBrowser(player, server, walker);
    await player.goto(`${server.url}/apply`);
    await player.getByText(message).waitFor();
    expect(await player.getByTestId('application-status').textContent()).toBe('rejected');
    expect(await player.textContent('body')).not.toContain('Goals too vague');
    await shoot(player, 'review-walk-apply-360', { fullPage: true });
    await page.close();
    await player.close();
  }, 60_000);

  it('"Load more" brings the next applications by the cursor; the counters count them all', async () => {
    const page = await pageAs('admin', 1280);
    await page.goto(`${server.url}/admin-applications`);
    const rows = page.locator('[data-application-id]');
    await rows.first().waitFor();
    const total = Number(await page.getByTestId('count-total').textContent());
    expect(total).toBeGreaterThanOrEqual(SEEDED + 3);
    expect(await rows.count()).toBe(50);
    await page.getByText(`Showing 50 of ${total}`).waitFor();
    expect(await opener(page, ids.Seed00).count()).toBe(0);
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByText(`Showing ${total} of ${total}`).waitFor();
    expect(await rows.count()).toBe(total);
    const shown = await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-application-id')));
    expect(new Set(shown).size).toBe(total);
    expect(await opener(page, ids.Seed00).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(Number(await page.getByTestId('count-total').textContent())).toBe(total);
    await page.close();
  }, 60_000);
});
