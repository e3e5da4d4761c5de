import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { INTERVIEW_TIME_OPTIONS } from '../../ui/src/features/interviews/components/interview-time.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAnswers } from '../support/application-builders.ts';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, shoot, type TestBrowser } from '../support/browser.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const ZONE = 'America/Chicago';

/** an instant as the page writes it, formatted by the browser itself (its ICU's spaces included), in its zone */
function shownIn(page: Page): (iso: string) => Promise<string> {
  return (iso) =>
    page.evaluate(({ instant, options }) => new Intl.DateTimeFormat(undefined, options).format(new Date(instant)), {
      instant: iso,
      options: INTERVIEW_TIME_OPTIONS,
    });
}

/** 18:00 UTC three days from now, and the half hours after it: whole times, as staff offer them */
function offeredTimes(count: number): string[] {
  const day = new Date(Date.now() + 3 * 86_400_000);
  day.setUTCHours(18, 0, 0, 0);
  return Array.from({ length: count }, (_, index) => new Date(day.getTime() + index * 90 * 60_000).toISOString());
}

describe.runIf(browserAvailable)('/account: an applicant books, moves and cancels an interview, in Chromium', () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    // the product's default: a staff application waits for its interview (the test configuration waits for none)
    [server, browser] = await Promise.all([
      startTestServer({ ui: true, env: { INTERVIEW_REQUIRED_FOR: 'staff' } }),
      openBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const width of [1280, 360]) {
    it(`shows the offered times in the player's own time zone, books one, moves it and cancels it (${width} px)`, async () => {
      const { page, signedIn } = await browser.pageAs(
        server,
        { username: `Remy ${width}` },
        { width, bypassCSP: true, timezoneId: ZONE, locale: 'en-US' },
      );
      const sent = await client(server.url, signedIn.cookie).post('/api/staff-applications', staffAnswers());
      expect(sent.status).toBe(201);
      const interviewer = await signIn(server, { username: `Marcel ${width}`, role: 'admin' });
      const times = offeredTimes(2);
      const offered = await client(server.url, interviewer.cookie).post(
        `/api/staff-applications/${sent.body.id}/interviews/slots`,
        { slots: times.map((startsAt) => ({ startsAt, minutes: 30 })) },
      );
      expect(offered.status, JSON.stringify(offered.body)).toBe(201);

      await page.goto(`${server.url}/account`);
      const [first, second] = await Promise.all(times.map(shownIn(page)));
      const section = page.getByRole('region', { name: 'Interviews' });
      await section.getByRole('button', { name: `Book ${first}` }).waitFor();
      expect(await section.getByTestId('interview-time-zone').textContent()).toBe(ZONE);
      // 18:00 UTC is noon in Chicago in winter: the page says so, with the zone's name
      expect(first).toMatch(/12:00\sPM CST$/);
      expect(await section.getByText(first!, { exact: true }).count()).toBe(1);
      expect(await section.getByText(`Marcel ${width}`).count()).toBe(2);
      await page.getByRole('heading', { name: 'Your data' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await section.scrollIntoViewIfNeeded();
      await shoot(section, `interviews-offered-${width}`);

      // booked: the time, the interviewer, the calendar file
      await section.getByRole('button', { name: `Book ${first!}` }).click();
      const booked = section.getByTestId('booked-interview');
      await booked.waitFor();
      expect(await booked.textContent()).toContain(`Booked: ${first!}, 30 minutes, with Marcel ${width}.`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        booked.getByRole('link', { name: 'Add to calendar (.ics)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^interview-\d{4}-\d\d-\d\d\.ics$/);
      const calendar = readFileSync((await download.path())!, 'utf8');
      expect(calendar.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(calendar).toContain(`DTSTART:${times[0]!.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}\r\n`);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(section, `interviews-booked-${width}`);

      // moved to the other time offered, with a reason
      await booked.getByRole('button', { name: 'Reschedule' }).click();
      const move = page.getByRole('dialog', { name: 'Reschedule your interview' });
      await move.getByLabel(`${second!}, 30 minutes, with Marcel ${width}`).check();
      await move.getByLabel('Reason (the other side reads it)').fill('My shift at the docks moved');
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `interviews-reschedule-dialog-${width}`);
      await move.getByRole('button', { name: 'Move my interview' }).click();
      await move.waitFor({ state: 'detached' });
      await expect.poll(() => booked.textContent()).toContain(`Booked: ${second!}`);

      // cancelled: a reason is asked for, then the times are offered again and the cancellation is listed
      await booked.getByRole('button', { name: 'Cancel interview' }).click();
      const cancel = page.getByRole('dialog', { name: 'Cancel your interview?' });
      await cancel.getByRole('button', { name: 'Cancel interview' }).click();
      await expect.poll(() => cancel.getByText('Give a reason the other side can read').count()).toBe(1);
      await cancel.getByLabel('Reason (the other side reads it)').fill('I took a job offshore');
      await cancel.getByRole('button', { name: 'Cancel interview' }).click();
      await cancel.waitFor({ state: 'detached' });
      await section.getByRole('button', { name: `Book ${second!}` }).waitFor();
      expect(await section.getByTestId('past-interview').textContent()).toContain('I took a job offshore');
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(section, `interviews-cancelled-${width}`);
    });
  }

  for (const width of [1280, 360]) {
    it(`shows staff the booking in the review dialog, with its actions, and offers another time (${width} px)`, async () => {
      const applicant = await signIn(server, { username: `Lou ${width}` });
      const sent = await client(server.url, applicant.cookie).post('/api/staff-applications', staffAnswers());
      const { page, signedIn: admin } = await browser.pageAs(
        server,
        { username: `Marcel ${width}`, role: 'admin' },
        { width, bypassCSP: true, timezoneId: ZONE, locale: 'en-US' },
      );
      const [first] = offeredTimes(1);
      const offered = await client(server.url, admin.cookie).post(
        `/api/staff-applications/${sent.body.id}/interviews/slots`,
        { slots: [{ startsAt: first, minutes: 30 }] },
      );
      const slotId = offered.body.slots[0].id as string;
      expect((await client(server.url, applicant.cookie).post(`/api/interviews/slots/${slotId}/book`, {})).status).toBe(
        201,
      );

      await page.goto(`${server.url}/staff-review`);
      const shown = shownIn(page);
      await page.locator(`[data-review-opener="${sent.body.id}"]`).click();
      const dialog = page.getByRole('dialog');
      const panel = dialog.getByRole('region', { name: 'Interview' });
      const booked = panel.getByTestId('staff-booked-interview');
      await booked.waitFor();
      expect(await booked.textContent()).toContain(
        `Booked: ${await shown(first!)}, 30 minutes, held by Marcel ${width}.`,
      );
      expect(await panel.getByTestId('interview-required').textContent()).toBe(
        'An approval waits until an interview is recorded as held.',
      );
      for (const name of ['Reschedule', 'Cancel interview'])
        expect(await booked.getByRole('button', { name }).isVisible()).toBe(true);
      // another time, held by the reviewer reading
      const later = new Date(Date.parse(first!) + 24 * 3_600_000);
      const local = new Intl.DateTimeFormat('sv-SE', {
        timeZone: ZONE,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .format(later)
        .replace(' ', 'T');
      await panel.getByLabel('Starts at').fill(local);
      await panel.getByRole('button', { name: 'Add time' }).click();
      await panel.getByRole('button', { name: 'Offer 1 time' }).click();
      const times = panel.getByTestId('staff-offered-time');
      await times.first().waitFor();
      expect(await times.first().textContent()).toContain(
        `${await shown(later.toISOString())}, 30 minutes, with Marcel ${width}`,
      );
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await panel.scrollIntoViewIfNeeded();
      await shoot(page, `interviews-staff-panel-${width}`);
    });
  }
});
