import { beforeAll, describe, expect, it } from 'vitest';
import { whitelistAnswers, WHITELIST_MISSING, WHITELIST_REQUIRED } from '../support/application-builders.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

let server: TestServer;
beforeAll(async () => {
  server = await sharedTestServer();
});

async function player() {
  const session = await signIn(server);
  return { ...session, http: client(server.url, session.cookie) };
}

async function staff(role: 'staff' | 'admin' = 'staff') {
  const session = await signIn(server, { role });
  return { ...session, http: client(server.url, session.cookie) };
}

const auditRows = (applicationId: string) =>
  server.system.database.withContext(() => server.system.core.audit.list.execute({ kind: 'whitelist', applicationId }));

describe('POST /api/applications', () => {
  it('needs sign-in', async () => {
    const response = await client(server.url).post('/api/applications', whitelistAnswers());
    expect(response.status).toBe(401);
  });

  it.each(WHITELIST_REQUIRED)(
    'answers 400 with a message for the player when %s is missing, and stores nothing',
    async (field) => {
      const { http } = await player();
      const body: Record<string, unknown> = { ...whitelistAnswers() };
      delete body[field];
      const response = await http.post('/api/applications', body);
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(WHITELIST_MISSING[field]);
      expect(response.body.issues).toEqual([{ path: field, message: WHITELIST_MISSING[field] }]);
      expect((await http.get('/api/applications/mine')).body.applications).toEqual([]);
    },
  );

  it('refuses age 17 with a 400 naming the age', async () => {
    const { http } = await player();
    const response = await http.post('/api/applications', whitelistAnswers({ age: 17 }));
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([{ path: 'age', message: 'Enter your age (18 or older)' }]);
  });

  it("says 'Expected number, received string' for a wrongly typed age", async () => {
    const { http } = await player();
    const response = await http.post('/api/applications', { ...whitelistAnswers(), age: '21' });
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([{ path: 'age', message: 'Expected number, received string' }]);
  });

  it("files the application under the session's Discord identity, ignoring one sent in the body", async () => {
    const { http, user } = await player();
    const response = await http.post('/api/applications', {
      ...whitelistAnswers(),
      discordId: '111111111111111111',
      discordUsername: 'impostor',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ discordId: user.discordId, status: 'pending' });
    expect(response.body.discordUsername).not.toBe('impostor');
    const reviewer = await staff();
    const stored = await reviewer.http.get(`/api/applications/${response.body.id}`);
    expect(stored.body.discordId).toBe(user.discordId);
  });

  it('answers 409 to a second open application', async () => {
    const { http } = await player();
    expect((await http.post('/api/applications', whitelistAnswers())).status).toBe(201);
    const second = await http.post('/api/applications', whitelistAnswers());
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('You already have a whitelist application waiting for review.');
    expect((await http.get('/api/applications/mine')).body.applications).toHaveLength(1);
  });
});

describe('applying again after a decision', () => {
  it('answers 409 "You are already whitelisted." once an application was approved, and stores nothing', async () => {
    const { http } = await player();
    const created = await http.post('/api/applications', whitelistAnswers());
    expect(created.status).toBe(201);
    const reviewer = await staff();
    expect(
      (
        await reviewer.http.patch(`/api/applications/${created.body.id}/review`, {
          status: 'approved',
          reviewNotes: 'Welcome to the bayou, cher.',
        })
      ).status,
    ).toBe(200);
    const totalBefore = (await reviewer.http.get('/api/applications?pageSize=1')).body.total;

    const again = await http.post('/api/applications', whitelistAnswers());
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'You are already whitelisted.', code: 'ALREADY_WHITELISTED' });
    expect((await http.get('/api/applications/mine')).body.applications).toEqual([
      expect.objectContaining({ id: created.body.id, status: 'approved' }),
    ]);
    expect((await reviewer.http.get('/api/applications?pageSize=1')).body.total).toBe(totalBefore);
  });

  it('answers 409 naming the day a rejected player may apply again, and stores nothing', async () => {
    const { http } = await player();
    const created = await http.post('/api/applications', whitelistAnswers());
    const reviewer = await staff();
    expect((await reviewer.http.patch(`/api/applications/${created.body.id}`, { status: 'denied' })).status).toBe(200);
    const [rejected] = (await http.get('/api/applications/mine')).body.applications;
    const decided = new Date(rejected.reviewedAt);
    const from = new Date(Date.UTC(decided.getUTCFullYear(), decided.getUTCMonth(), decided.getUTCDate() + 7));
    expect(rejected).toMatchObject({ status: 'rejected', applyAgainAt: from.toISOString() });
    const again = await http.post('/api/applications', whitelistAnswers());
    expect(again.status).toBe(409);
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(from);
    expect(again.body).toMatchObject({
      code: 'APPLICATION_TOO_SOON',
      message: `You can send a new whitelist application from ${day}.`,
    });
    expect((await http.get('/api/applications/mine')).body.applications).toHaveLength(1);
  });
});

describe('reviewing whitelist applications', () => {
  async function pendingApplication() {
    const applicant = await player();
    const created = await applicant.http.post('/api/applications', whitelistAnswers());
    expect(created.status).toBe(201);
    return { applicant, id: created.body.id as string };
  }

  it('lists need staff: 401 signed out, 403 for a player', async () => {
    expect((await client(server.url).get('/api/applications')).status).toBe(401);
    const { http } = await player();
    expect((await http.get('/api/applications')).status).toBe(403);
  });

  it("refuses a player's PATCH on either route with 403 and changes nothing", async () => {
    const { id } = await pendingApplication();
    const { http } = await player();
    expect(
      (await http.patch(`/api/applications/${id}/review`, { status: 'approved', reviewNotes: 'Approving my friend.' }))
        .status,
    ).toBe(403);
    expect((await http.patch(`/api/applications/${id}`, { status: 'approved' })).status).toBe(403);
    const reviewer = await staff();
    expect((await reviewer.http.get(`/api/applications/${id}`)).body.status).toBe('pending');
    expect(await auditRows(id)).toEqual([]);
  });

  it('refuses 9-character notes with the exact message and changes nothing', async () => {
    const { id } = await pendingApplication();
    const { http } = await staff();
    const response = await http.patch(`/api/applications/${id}/review`, {
      status: 'approved',
      reviewNotes: '123456789',
    });
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([
      { path: 'reviewNotes', message: 'Review notes must be at least 10 characters' },
    ]);
    expect(response.body.message).toBe('Invalid request. reviewNotes: Review notes must be at least 10 characters');
    expect((await http.get(`/api/applications/${id}`)).body.status).toBe('pending');
  });

  it('approves with notes: reviewer and time from the session and clock, one audit row, the applicant sees it', async () => {
    const { applicant, id } = await pendingApplication();
    const reviewer = await staff();
    const before = Date.now();
    const response = await reviewer.http.patch(`/api/applications/${id}/review`, {
      status: 'approved',
      reviewNotes: 'Strong backstory, welcome!',
      reviewedBy: 'someone else',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'approved',
      reviewNotes: 'Strong backstory, welcome!',
      reviewedBy: reviewer.user.username ?? reviewer.user.discordUsername,
    });
    expect(Date.parse(response.body.reviewedAt)).toBeGreaterThanOrEqual(before - 1000);
    const rows = await auditRows(id);
    expect(rows).toEqual([
      expect.objectContaining({
        fromStatus: 'pending',
        toStatus: 'approved',
        reviewerDiscordId: reviewer.user.discordId,
        channel: 'web',
        notes: 'Strong backstory, welcome!',
      }),
    ]);
    const mine = await applicant.http.get('/api/applications/mine');
    expect(mine.body.applications).toEqual([expect.objectContaining({ id, status: 'approved' })]);
    expect(mine.body.applications[0]).not.toHaveProperty('reviewNotes');
  });

  it('answers 409 when the application was already decided, on both routes, and writes no second audit row', async () => {
    const { id } = await pendingApplication();
    const { http } = await staff('admin');
    expect((await http.patch(`/api/applications/${id}`, { status: 'denied' })).status).toBe(200);
    const again = await http.patch(`/api/applications/${id}/review`, {
      status: 'approved',
      reviewNotes: 'Second thoughts here.',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('APPLICATION_NOT_PENDING');
    expect((await http.patch(`/api/applications/${id}`, { status: 'approved' })).status).toBe(409);
    expect((await http.get(`/api/applications/${id}`)).body.status).toBe('rejected');
    expect(await auditRows(id)).toHaveLength(1);
  });

  it('treats denied as rejected on PATCH /api/applications/{id}, notes optional', async () => {
    const { id } = await pendingApplication();
    const { http } = await staff();
    const response = await http.patch(`/api/applications/${id}`, { status: 'denied' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'rejected', reviewNotes: null });
    expect((await auditRows(id)).map((row) => row.toStatus)).toEqual(['rejected']);
  });

  it('refuses a status other than approved or rejected on /review', async () => {
    const { id } = await pendingApplication();
    const { http } = await staff();
    const response = await http.patch(`/api/applications/${id}/review`, {
      status: 'pending',
      reviewNotes: 'Back to the queue.',
    });
    expect(response.status).toBe(400);
    expect(response.body.issues[0].path).toBe('status');
  });

  it('lists newest first with counts, filters by status and pages', async () => {
    const first = await pendingApplication();
    const second = await pendingApplication();
    const { http } = await staff();
    const list = await http.get('/api/applications?status=pending&pageSize=100');
    expect(list.status).toBe(200);
    const ids = list.body.applications.map((a: { id: string }) => a.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list.body.applications.every((a: { status: string }) => a.status === 'pending')).toBe(true);
    expect(list.body.counts.pending).toBe(list.body.total);
    const paged = await http.get('/api/applications?pageSize=1&page=2');
    expect(paged.body).toMatchObject({ page: 2, pageSize: 1 });
    expect(paged.body.applications).toHaveLength(1);
    expect((await http.get('/api/applications?status=maybe')).status).toBe(400);
  });

  it("names each application's applicant account (userId) for the link to their player page; mine does not", async () => {
    const { applicant, id } = await pendingApplication();
    const { http } = await staff();
    const listed = (await http.get('/api/applications?pageSize=100')).body.applications.find(
      (a: { id: string }) => a.id === id,
    );
    expect(listed.userId).toBe(applicant.user.id);
    const mine = await applicant.http.get('/api/applications/mine');
    expect(mine.body.applications[0]).not.toHaveProperty('userId');
  });

  it('pages by keyset with before=nextBefore, giving the same rows as page numbers', async () => {
    for (let i = 0; i < 3; i++) await pendingApplication();
    const { http } = await staff();
    const numbered = await Promise.all([1, 2, 3].map((page) => http.get(`/api/applications?pageSize=2&page=${page}`)));
    const byNumber = numbered.flatMap((page) => page.body.applications.map((a: { id: string }) => a.id));
    const first = await http.get('/api/applications?pageSize=2');
    expect(first.body.nextBefore).toBe(first.body.applications[1].id);
    const second = await http.get(`/api/applications?pageSize=2&before=${first.body.nextBefore}`);
    const third = await http.get(`/api/applications?pageSize=2&before=${second.body.nextBefore}`);
    const byKeyset = [first, second, third].flatMap((page) => page.body.applications.map((a: { id: string }) => a.id));
    expect(byKeyset).toEqual(byNumber);
    expect(second.body.total).toBe(first.body.total);
    expect((await http.get('/api/applications?before=00000000-0000-4000-8000-000000000000')).body.applications).toEqual(
      [],
    );
    expect((await http.get('/api/applications?before=nope')).status).toBe(400);
  });

  it('lets exactly one of two simultaneous decisions through, with one audit row', async () => {
    const { id } = await pendingApplication();
    const [first, second] = [await staff(), await staff('admin')];
    const answers = await Promise.all([
      first.http.patch(`/api/applications/${id}/review`, {
        status: 'approved',
        reviewNotes: 'Approve, fine backstory.',
      }),
      second.http.patch(`/api/applications/${id}/review`, {
        status: 'rejected',
        reviewNotes: 'Reject, thin backstory.',
      }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    expect((await first.http.get(`/api/applications/${id}`)).body.status).toBe(winner.body.status);
    expect(await auditRows(id)).toHaveLength(1);
  });

  it('admits one of two simultaneous submissions from the same applicant', async () => {
    const { http } = await player();
    const answers = await Promise.all([
      http.post('/api/applications', whitelistAnswers()),
      http.post('/api/applications', whitelistAnswers()),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await http.get('/api/applications/mine')).body.applications).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const { http } = await staff();
    expect((await http.get('/api/applications/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(
      (
        await http.patch('/api/applications/not-a-uuid/review', {
          status: 'approved',
          reviewNotes: 'Looks good to me.',
        })
      ).status,
    ).toBe(404);
  });
});
