import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config.ts';
import { staffAnswers, whitelistAnswers } from '../support/application-builders.ts';
import { eventually } from '../support/eventually.ts';
import { FakeDiscord } from '../support/fake-discord.ts';
import { client } from '../support/http.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const MINUTE = 60_000;
let now = Date.now();
const clock = { now: () => new Date(now) };
const inMinutes = (minutes: number) => new Date(now + minutes * MINUTE).toISOString();

let fake: FakeDiscord;
let site: TestServer;
let applicant: SignedIn;
let interviewer: SignedIn;
let whitelistReviewer: SignedIn;
let stranger: SignedIn;
const as = (who: SignedIn) => client(site.url, who.cookie);

beforeAll(async () => {
  fake = await FakeDiscord.start();
  site = await startTestServer({
    clock,
    env: fake.env({ DELIVERY_POLL_MS: '50', INTERVIEW_REMINDER_POLL_MS: '1000', INTERVIEW_REQUIRED_FOR: 'staff' }),
  });
  applicant = await signIn(site, { username: 'Remy Thibodeaux' });
  interviewer = await signIn(site, { username: 'Marcel', role: 'player', grant: ['review-staff'] });
  // the staff preset: whitelist applications and appeals, not staff applications
  whitelistReviewer = await signIn(site, { username: 'Odile', role: 'staff' });
  stranger = await signIn(site, { username: 'Stranger' });
});
afterAll(async () => {
  await site?.stop();
  await fake?.stop();
});

/** a staff application of the applicant's, decided by nobody yet */
async function staffApplication(who = applicant): Promise<string> {
  const sent = await as(who).post('/api/staff-applications', staffAnswers());
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return sent.body.id as string;
}

const directMessages = () =>
  fake.callsTo('POST', /^\/api\/v10\/channels\/\d+\/messages$/).map((call) => String(call.body.content));

describe('interviews over HTTP', () => {
  let applicationId: string;
  let base: string;
  let slots: Array<{ id: string; startsAt: string }>;
  let interviewId: string;

  it('lets staff of the kind offer times, and refuses a reviewer of another kind, changing nothing', async () => {
    applicationId = await staffApplication();
    base = `/api/staff-applications/${applicationId}/interviews`;
    // close enough that the clock moved to their start keeps staff signed in (their sessions idle out after 12 hours)
    const offer = {
      slots: [
        { startsAt: inMinutes(90), minutes: 30 },
        { startsAt: inMinutes(150), minutes: 45 },
      ],
    };
    expect((await as(whitelistReviewer).post(`${base}/slots`, offer)).status).toBe(403);
    expect((await as(whitelistReviewer).get(base)).status).toBe(403);
    // under the kind they review, the staff application is not found
    expect(
      (await as(whitelistReviewer).post(`/api/applications/${applicationId}/interviews/slots`, offer)).status,
    ).toBe(404);
    expect((await as(applicant).post(`${base}/slots`, offer)).status).toBe(403);
    expect((await client(site.url).post(`${base}/slots`, offer)).status).toBe(401);

    const offered = await as(interviewer).post(`${base}/slots`, offer);
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    slots = offered.body.slots;
    expect(slots.map((slot) => slot.startsAt)).toEqual(offer.slots.map((slot) => slot.startsAt));
    const seen = await as(interviewer).get(base);
    expect(seen.body).toMatchObject({ kind: 'staff', required: true, open: true, interviews: [] });
    expect(seen.body.slots).toHaveLength(2);
    expect(seen.body.reviewers).toContainEqual({ id: interviewer.user.id, name: 'Marcel', you: true });
    expect(seen.body.reviewers.map((reviewer: { id: string }) => reviewer.id)).not.toContain(whitelistReviewer.user.id);
  });

  it.each([
    ['no times', { slots: [] }, 'slots'],
    ['a time without its offset', { slots: [{ startsAt: '2026-12-24 18:00', minutes: 30 }] }, 'slots.0.startsAt'],
    [
      'a length of 5 minutes',
      { slots: [{ startsAt: new Date(Date.now() + 48 * 3_600_000).toISOString(), minutes: 5 }] },
      'slots.0.minutes',
    ],
    [
      'a time too soon',
      { slots: [{ startsAt: new Date(Date.now() + 10 * MINUTE).toISOString(), minutes: 30 }] },
      'slots.0.startsAt',
    ],
    [
      'a reviewer who is not one',
      {
        reviewerId: '00000000-0000-4000-8000-000000000001',
        slots: [{ startsAt: new Date(Date.now() + 48 * 3_600_000).toISOString(), minutes: 30 }],
      },
      'reviewerId',
    ],
  ])('refuses %s with a 400 naming the field, offering nothing', async (_name, body, path) => {
    const answer = await as(interviewer).post(`${base}/slots`, body);
    expect(answer.status).toBe(400);
    expect(answer.body.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    expect((await as(interviewer).get(base)).body.slots).toHaveLength(2);
  });

  it('lets the applicant alone book, move and cancel their own interview', async () => {
    expect((await as(stranger).get('/api/interviews/mine')).body).toEqual({ applications: [] });
    expect((await as(stranger).post(`/api/interviews/slots/${slots[0]!.id}/book`, {})).status).toBe(404);
    const mine = await as(applicant).get('/api/interviews/mine');
    expect(mine.body.applications).toMatchObject([{ kind: 'staff', applicationId, required: true }]);
    expect(mine.body.applications[0].slots.map((slot: { id: string }) => slot.id)).toEqual(
      slots.map((slot) => slot.id),
    );

    const booked = await as(applicant).post(`/api/interviews/slots/${slots[0]!.id}/book`, {});
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    interviewId = booked.body.id;
    expect(booked.body).toMatchObject({ status: 'booked', startsAt: slots[0]!.startsAt, reviewerName: 'Marcel' });
    expect(booked.body).not.toHaveProperty('notes');
    expect(booked.body.calendarPath).toBe(`/api/interviews/${interviewId}/calendar.ics`);
    const second = await as(applicant).post(`/api/interviews/slots/${slots[1]!.id}/book`, {});
    expect([second.status, second.body.code]).toEqual([409, 'INTERVIEW_ALREADY_BOOKED']);

    expect((await as(stranger).post(`/api/interviews/${interviewId}/cancel`, { reason: 'Not mine' })).status).toBe(404);
    const noReason = await as(applicant).post(`/api/interviews/${interviewId}/reschedule`, { slotId: slots[1]!.id });
    expect(noReason.status).toBe(400);
    expect(noReason.body.issues).toContainEqual({ path: 'reason', message: 'Give a reason' });
    const moved = await as(applicant).post(`/api/interviews/${interviewId}/reschedule`, {
      slotId: slots[1]!.id,
      reason: 'My shift changed',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ id: interviewId, startsAt: slots[1]!.startsAt, minutes: 45 });
    // both heard of the booking and of the move
    await eventually(() => {
      const sent = directMessages();
      expect(sent.filter((text) => text.includes('Your staff application interview is booked'))).toHaveLength(1);
      expect(
        sent.filter((text) => text.startsWith("Interview booked: Remy Thibodeaux's staff application")),
      ).toHaveLength(1);
      expect(sent.filter((text) => text.includes('gave this reason: My shift changed'))).toHaveLength(2);
    });
  });

  it('answers the calendar file to the applicant and the kind staff only, as one valid event', async () => {
    const path = `/api/interviews/${interviewId}/calendar.ics`;
    expect((await as(stranger).get(path)).status).toBe(404);
    expect((await as(whitelistReviewer).get(path)).status).toBe(404);
    const calendarFor = (who: SignedIn) => fetch(`${site.url}${path}`, { headers: { cookie: who.cookie } });
    expect((await calendarFor(interviewer)).status).toBe(200);
    const response = await calendarFor(applicant);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="interview-\d{4}-\d\d-\d\d\.ics"$/,
    );
    const text = await response.text();
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => !line.includes('\n') && Buffer.byteLength(line) <= 75)).toBe(true);
    const lines = text.replace(/\r\n /g, '').split('\r\n');
    const start = slots[1]!.startsAt.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        expect.stringMatching(new RegExp(`^UID:interview-${interviewId}@`)),
        'SEQUENCE:1',
        expect.stringMatching(/^DTSTAMP:\d{8}T\d{6}Z$/),
        `DTSTART:${start}`,
        expect.stringMatching(/^DTEND:\d{8}T\d{6}Z$/),
        'SUMMARY:Bayou Roleplay: staff application interview',
        expect.stringMatching(/^DESCRIPTION:Remy Thibodeaux's staff application interview with Marcel\\, 45 minutes\./),
        'STATUS:CONFIRMED',
        'TRIGGER:-PT30M',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    );
  });

  it('lets staff record the outcome once it has started; a reviewer of another kind cannot', async () => {
    const path = `${base}/${interviewId}/outcome`;
    // a staff application waits for its interview: even an admin's approval is held back until it is held
    const admin = as(await signIn(site, { username: 'Admin Celeste', role: 'admin' }));
    const earlyApproval = await admin.patch(`/api/staff-applications/${applicationId}`, { status: 'approved' });
    expect([earlyApproval.status, earlyApproval.body.message]).toEqual([
      409,
      'This staff application needs an interview first.',
    ]);
    const early = await as(interviewer).post(path, { outcome: 'held' });
    expect([early.status, early.body.code]).toEqual([409, 'INTERVIEW_NOT_STARTED']);
    now = Date.parse(slots[1]!.startsAt) + 5 * MINUTE;
    expect((await as(whitelistReviewer).post(path, { outcome: 'held' })).status).toBe(403);
    expect((await as(interviewer).post(path, { outcome: 'maybe' })).status).toBe(400);
    const held = await as(interviewer).post(path, { outcome: 'held', notes: 'Knows the rules well' });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body).toMatchObject({ status: 'held', notes: 'Knows the rules well' });
    const approval = await admin.patch(`/api/staff-applications/${applicationId}`, { status: 'approved' });
    expect([approval.status, approval.body.status]).toEqual([200, 'approved']);
    const mine = await as(applicant).get('/api/interviews/mine');
    expect(mine.body.applications[0].interviews[0]).toMatchObject({ status: 'held' });
    expect(mine.body.applications[0].interviews[0]).not.toHaveProperty('notes');
    const gate = await site.system.database.withContext(() =>
      site.system.core.interviews.blocksDecision('staff', applicationId),
    );
    expect(gate).toBeNull();
  });

  it("lets staff cancel with a reason, and a no-show is recorded on a whitelist application's interview", async () => {
    const whitelist = await as(stranger).post('/api/applications', whitelistAnswers());
    const wlBase = `/api/applications/${whitelist.body.id}/interviews`;
    const offered = await as(whitelistReviewer).post(`${wlBase}/slots`, {
      slots: [
        { startsAt: inMinutes(90), minutes: 30 },
        { startsAt: inMinutes(180), minutes: 30 },
      ],
    });
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    expect((await as(interviewer).get(wlBase)).status).toBe(403);
    const [first, second] = offered.body.slots as Array<{ id: string; startsAt: string }>;
    const booked = await as(stranger).post(`/api/interviews/slots/${first!.id}/book`, {});
    const cancel = await as(whitelistReviewer).post(`${wlBase}/${booked.body.id}/cancel`, { reason: 'Reviewer ill' });
    expect(cancel.body).toMatchObject({ status: 'cancelled' });
    const again = await as(stranger).post(`/api/interviews/slots/${second!.id}/book`, {});
    expect(again.status).toBe(201);
    now = Date.parse(second!.startsAt) + 20 * MINUTE;
    const noShow = await as(whitelistReviewer).post(`${wlBase}/${again.body.id}/outcome`, { outcome: 'no_show' });
    expect(noShow.body).toMatchObject({ status: 'no_show' });
    // no interview is required for a whitelist application unless configured
    expect((await as(whitelistReviewer).get(wlBase)).body.required).toBe(false);
  });

  it('reminds both sides on Discord once, 30 minutes before, on the server timer', async () => {
    const candidate = await signIn(site, { username: 'Celeste' });
    const id = await staffApplication(candidate);
    const start = inMinutes(120);
    const offered = await as(interviewer).post(`/api/staff-applications/${id}/interviews/slots`, {
      slots: [{ startsAt: start, minutes: 30 }],
    });
    expect((await as(candidate).post(`/api/interviews/slots/${offered.body.slots[0].id}/book`, {})).status).toBe(201);
    const reminders = () => directMessages().filter((text) => text.startsWith('Reminder:'));
    now = Date.parse(start) - 31 * MINUTE;
    await sleep(2_500);
    expect(reminders()).toEqual([]);
    now = Date.parse(start) - 29 * MINUTE;
    await eventually(() => expect(reminders()).toHaveLength(2), 10_000);
    expect(
      reminders().filter((text) => text.startsWith('Reminder: your staff application interview with Marcel')),
    ).toHaveLength(1);
    // later passes send nothing twice
    await sleep(2_500);
    expect(reminders()).toHaveLength(2);
  });
});

describe("an applicant's erasure", () => {
  it('leaves neither their name nor their own reasons in the interviews, and keeps the steps', async () => {
    const erased = await as(applicant).post('/api/user/privacy/erase', { confirm: 'DELETE' });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    const rows = await site.system.database.withContext(() =>
      site.system.database.query<{ history: unknown; notes: string | null }>(
        `select "history", "notes" from "interviews" where "applicant_id" = ?`,
        [applicant.user.id],
      ),
    );
    expect(rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('Remy Thibodeaux');
    expect(text).not.toContain('My shift changed');
    const steps = rows.flatMap((row) => (typeof row.history === 'string' ? JSON.parse(row.history) : row.history));
    expect(steps.filter((step: { by: string }) => step.by === 'applicant')).toContainEqual(
      expect.objectContaining({ action: 'rescheduled', name: '[erased]', reason: '[erased]' }),
    );
    expect(steps).toContainEqual(expect.objectContaining({ action: 'held', by: 'staff', name: 'Marcel' }));
  });
});

describe('INTERVIEW_REQUIRED_FOR', () => {
  it('is staff unless set, takes kinds or none, and refuses to start on anything else', () => {
    expect(loadConfig({}).interviews.requiredFor).toEqual(['staff']);
    expect(loadConfig({ INTERVIEW_REQUIRED_FOR: 'Whitelist, appeal' }).interviews.requiredFor).toEqual([
      'whitelist',
      'appeal',
    ]);
    expect(loadConfig({ INTERVIEW_REQUIRED_FOR: 'none' }).interviews.requiredFor).toEqual([]);
    expect(() => loadConfig({ INTERVIEW_REQUIRED_FOR: 'staff,gang' })).toThrow(
      /INTERVIEW_REQUIRED_FOR: unknown kind gang: must be none or kinds from whitelist, staff, appeal/,
    );
    expect(() => loadConfig({ INTERVIEW_REMINDER_POLL_MS: '10' })).toThrow(/INTERVIEW_REMINDER_POLL_MS/);
  });
});
