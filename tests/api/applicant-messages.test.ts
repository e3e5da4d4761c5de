import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAnswers, whitelistAnswers } from '../support/application-builders.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

// a clock the tests move: the waiting time after a refused application is counted in days
let now = Date.parse('2026-11-23T15:00:00Z');
const clock = { now: () => new Date(now) };
const DAY = 24 * 60 * 60 * 1000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock });
});
afterAll(() => server?.stop());

async function as(role: 'player' | 'staff' | 'admin' = 'player', discordId?: string) {
  const session = await signIn(server, { role, discordId });
  return { ...session, http: client(server.url, session.cookie) };
}

async function whitelistApplication() {
  const applicant = await as();
  const created = await applicant.http.post('/api/applications', whitelistAnswers());
  expect(created.status).toBe(201);
  return { applicant, id: created.body.id as string };
}

async function staffApplication() {
  const applicant = await as();
  const created = await applicant.http.post('/api/staff-applications', staffAnswers());
  expect(created.status).toBe(201);
  return { applicant, id: created.body.id as string };
}

const NOTES = 'Internal: backstory reads like a copy of a wiki page.';
const MESSAGE = 'Thanks for applying! Please write your character in your own words and try again.';

describe('a message to the applicant on the whitelist review routes', () => {
  it.each([
    ['/review', { status: 'rejected', reviewNotes: NOTES }],
    ['', { status: 'denied', reviewNotes: NOTES }],
  ])(
    'PATCH /api/applications/:id%s stores it trimmed; /mine shows it, never the notes or the reviewer',
    async (suffix, body) => {
      const { applicant, id } = await whitelistApplication();
      const reviewer = await as('staff');
      const reviewed = await reviewer.http.patch(`/api/applications/${id}${suffix}`, {
        ...body,
        applicantMessage: `  ${MESSAGE}\n`,
      });
      expect(reviewed.status).toBe(200);
      expect(reviewed.body).toMatchObject({ status: 'rejected', reviewNotes: NOTES, applicantMessage: MESSAGE });
      // the staff views show both
      expect((await reviewer.http.get(`/api/applications/${id}`)).body).toMatchObject({
        reviewNotes: NOTES,
        applicantMessage: MESSAGE,
      });

      const mine = await applicant.http.get('/api/applications/mine');
      expect(mine.status).toBe(200);
      expect(mine.body.applications).toEqual([
        {
          id,
          status: 'rejected',
          createdAt: expect.any(String),
          reviewedAt: expect.any(String),
          applicantMessage: MESSAGE,
          applyAgainAt: '2026-11-30T00:00:00.000Z',
        },
      ]);
      const text = JSON.stringify(mine.body);
      expect(text).not.toContain('wiki');
      expect(text).not.toContain('reviewNotes');
      expect(text).not.toContain('reviewedBy');
      expect(text).not.toContain(reviewer.user.id);
    },
  );

  it('is optional: without one, or with only spaces, the applicant reads none', async () => {
    const first = await whitelistApplication();
    const second = await whitelistApplication();
    const reviewer = await as('staff');
    expect(
      (await reviewer.http.patch(`/api/applications/${first.id}/review`, { status: 'approved', reviewNotes: NOTES }))
        .status,
    ).toBe(200);
    expect(
      (await reviewer.http.patch(`/api/applications/${second.id}`, { status: 'approved', applicantMessage: '   ' }))
        .status,
    ).toBe(200);
    for (const { applicant } of [first, second])
      expect((await applicant.http.get('/api/applications/mine')).body.applications[0]).toMatchObject({
        status: 'approved',
        applicantMessage: null,
        applyAgainAt: null,
      });
  });

  it.each([
    ['over 1000 characters', 'x'.repeat(1001), 'The message to the applicant can be at most 1000 characters'],
    ['not text', 42, 'The message to the applicant must be text'],
  ])('refuses a message %s with a 400 naming it, and decides nothing', async (_what, applicantMessage, message) => {
    const { applicant, id } = await whitelistApplication();
    const reviewer = await as('staff');
    for (const [suffix, status] of [
      ['/review', 'approved'],
      ['', 'approved'],
    ]) {
      const response = await reviewer.http.patch(`/api/applications/${id}${suffix}`, {
        status,
        reviewNotes: NOTES,
        applicantMessage,
      });
      expect(response.status).toBe(400);
      expect(response.body.issues).toEqual([{ path: 'applicantMessage', message }]);
    }
    expect((await applicant.http.get('/api/applications/mine')).body.applications[0].status).toBe('pending');
  });
});

describe('a message to the applicant on the staff review route', () => {
  it('each review carries its own message; /mine shows the latest, never the notes', async () => {
    const { applicant, id } = await staffApplication();
    const admin = await as('admin');
    const underReview = await admin.http.patch(`/api/staff-applications/${id}`, {
      status: 'under_review',
      reviewNotes: 'Check their ban history first.',
      applicantMessage: 'We are reading your application and will reach out on Discord.',
    });
    expect(underReview.status).toBe(200);
    expect(underReview.body).toMatchObject({
      reviewNotes: 'Check their ban history first.',
      applicantMessage: 'We are reading your application and will reach out on Discord.',
    });
    expect((await applicant.http.get('/api/staff-applications/mine')).body.applications[0]).toMatchObject({
      status: 'under_review',
      applicantMessage: 'We are reading your application and will reach out on Discord.',
    });

    expect((await admin.http.patch(`/api/staff-applications/${id}`, { status: 'denied' })).status).toBe(200);
    const [denied] = (await applicant.http.get('/api/staff-applications/mine')).body.applications;
    expect(denied).toMatchObject({
      status: 'denied',
      applicantMessage: null,
      applyAgainAt: '2026-12-23T00:00:00.000Z',
    });
    expect(JSON.stringify(denied)).not.toContain('ban history');

    const tooLong = await admin.http.patch(`/api/staff-applications/${id}`, {
      status: 'approved',
      applicantMessage: 'x'.repeat(1001),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.issues).toEqual([
      { path: 'applicantMessage', message: 'The message to the applicant can be at most 1000 characters' },
    ]);
  });
});

describe('applying again', () => {
  it('a rejected whitelist applicant may apply again from the seventh day after the decision (UTC)', async () => {
    now = Date.parse('2026-11-23T15:00:00Z');
    const { applicant, id } = await whitelistApplication();
    const reviewer = await as('staff');
    await reviewer.http.patch(`/api/applications/${id}`, { status: 'denied' });
    now = Date.parse('2026-11-29T23:59:00Z');
    const early = await applicant.http.post('/api/applications', whitelistAnswers());
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: 'APPLICATION_TOO_SOON',
      message: 'You can send a new whitelist application from November 30, 2026.',
    });
    now = Date.parse('2026-11-30T00:00:00Z');
    const again = await applicant.http.post('/api/applications', whitelistAnswers());
    expect(again.status).toBe(201);
    expect(
      (await applicant.http.get('/api/applications/mine')).body.applications.map((a: { status: string }) => a.status),
    ).toEqual(['pending', 'rejected']);
  });

  it('a denied staff applicant waits 30 days; an approved one cannot apply again', async () => {
    now = Date.parse('2026-11-23T15:00:00Z');
    const denied = await staffApplication();
    const approved = await staffApplication();
    const admin = await as('admin');
    await admin.http.patch(`/api/staff-applications/${denied.id}`, { status: 'denied' });
    await admin.http.patch(`/api/staff-applications/${approved.id}`, { status: 'approved' });
    now += 10 * DAY;
    // sessions do not last the month: each applicant signs in again
    const deniedAgain = await as('player', denied.applicant.user.discordId);
    const approvedAgain = await as('player', approved.applicant.user.discordId);
    const early = await deniedAgain.http.post('/api/staff-applications', staffAnswers());
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('You can send a new staff application from December 23, 2026.');
    const refused = await approvedAgain.http.post('/api/staff-applications', staffAnswers());
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'STAFF_APPLICATION_APPROVED',
      message: 'Your staff application was approved; the team will contact you about the next steps.',
    });
    now = Date.parse('2026-12-23T00:00:00Z');
    const onTheDay = await as('player', denied.applicant.user.discordId);
    expect((await onTheDay.http.post('/api/staff-applications', staffAnswers())).status).toBe(201);
  });
});
