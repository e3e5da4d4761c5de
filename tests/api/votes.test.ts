import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config.ts';
import { staffAnswers, whitelistAnswers } from '../support/application-builders.ts';
import { databaseTargets } from '../support/databases.ts';
import { client } from '../support/http.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

/** Staff who review staff applications too (the staff preset reviews whitelist applications and appeals only). */
const staffReviewer = (server: TestServer, username: string) =>
  signIn(server, { role: 'staff', grant: ['review-staff'], username });

async function staffApplication(server: TestServer): Promise<{ id: string; applicant: SignedIn }> {
  const applicant = await signIn(server);
  const created = await client(server.url, applicant.cookie).post('/api/staff-applications', staffAnswers());
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.id, applicant };
}

async function whitelistApplication(server: TestServer): Promise<string> {
  const applicant = await signIn(server);
  const created = await client(server.url, applicant.cookie).post('/api/applications', whitelistAnswers());
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

/** What the applicant was told, and what the audit log holds, of one application. */
const recorded = (server: TestServer, kind: 'whitelist' | 'staff', applicationId: string, userId: string) =>
  server.system.database.withContext(async () => ({
    decisions: (await server.system.core.audit.list.execute({ kind, applicationId })).map((entry) => entry.toStatus),
    messages: (
      await server.system.database.query<{ content: string }>(
        `select "content" from "deliveries" where "user_id" = ? and "kind" = 'message_user'`,
        [userId],
      )
    ).map((row) => row.content),
  }));

describe('applications decided by votes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { VOTES_VISIBLE_BEFORE_VOTING: 'whitelist,appeal' } });
  });
  afterAll(() => server?.stop());

  it('counts votes toward the quorum of 2 and decides on the second approval; the answer says which', async () => {
    const { id, applicant } = await staffApplication(server);
    const ana = client(server.url, (await staffReviewer(server, 'Ana')).cookie);
    const ben = client(server.url, (await staffReviewer(server, 'Ben')).cookie);
    // the existing review route is a vote for a reviewer who may not decide alone
    const first = await ana.patch(`/api/staff-applications/${id}`, { status: 'approved', reviewNotes: 'Solid.' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      status: 'pending',
      decided: false,
      votes: { quorum: 2, cast: 1, count: { approve: 1, deny: 0, abstain: 0 }, mine: 'approve' },
    });
    const second = await ben.post(`/api/staff-applications/${id}/votes`, {
      choice: 'approve',
      note: 'Agreed.',
      applicantMessage: 'Welcome to the team.',
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ status: 'approved', decided: true, applicantMessage: 'Welcome to the team.' });
    expect(second.body.votes.votes.map((vote: { reviewerName: string; choice: string }) => vote.reviewerName)).toEqual([
      'Ana',
      'Ben',
    ]);
    const { decisions, messages } = await recorded(server, 'staff', id, applicant.user.id);
    expect(decisions).toEqual(['approved']);
    expect(messages).toHaveLength(1);
    // the applicant's own view shows the decision and never the votes
    const mine = await client(server.url, applicant.cookie).get('/api/staff-applications/mine');
    expect(mine.body.applications[0]).toEqual(expect.not.objectContaining({ votes: expect.anything() }));
    expect(mine.body.applications[0].status).toBe('approved');
  });

  it('lets an admin decide alone through the same route, as before', async () => {
    const { id } = await staffApplication(server);
    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    const decided = await admin.patch(`/api/staff-applications/${id}`, { status: 'denied' });
    expect(decided.body).toMatchObject({ status: 'denied', decided: true, votes: { cast: 1, count: { deny: 1 } } });
    // a move that is no decision is no vote
    const other = await staffApplication(server);
    const moved = await admin.patch(`/api/staff-applications/${other.id}`, { status: 'under_review' });
    expect(moved.body.status).toBe('under_review');
    expect(moved.body.decided).toBeUndefined();
  });

  it('refuses, changing nothing: a second vote (409), a vote on a decided one (409), one’s own (403), another kind’s reviewer (403), a bad choice (400)', async () => {
    const { id } = await staffApplication(server);
    const anaSignedIn = await staffReviewer(server, 'Ana');
    const ana = client(server.url, anaSignedIn.cookie);
    expect((await ana.post(`/api/staff-applications/${id}/votes`, { choice: 'abstain' })).status).toBe(200);
    const again = await ana.post(`/api/staff-applications/${id}/votes`, { choice: 'approve' });
    expect(again).toMatchObject({ status: 409, body: { code: 'STAFF_APPLICATION_ALREADY_VOTED' } });
    // a reviewer of whitelist applications and appeals (the staff preset) cannot vote on a staff application
    const whitelistOnly = client(server.url, (await signIn(server, { role: 'staff' })).cookie);
    expect((await whitelistOnly.post(`/api/staff-applications/${id}/votes`, { choice: 'approve' })).status).toBe(403);
    const bad = await ana.post(`/api/applications/${await whitelistApplication(server)}/votes`, { choice: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'choice', message: 'Choose approve, deny or abstain' }]);
    expect((await ana.post(`/api/staff-applications/not-an-id/votes`, { choice: 'approve' })).status).toBe(404);
    expect(
      (await ana.post('/api/staff-applications/00000000-0000-4000-8000-000000000000/votes', { choice: 'approve' }))
        .status,
    ).toBe(404);
    expect((await client(server.url).post(`/api/staff-applications/${id}/votes`, { choice: 'approve' })).status).toBe(
      401,
    );
    // one's own application
    const own = await client(server.url, anaSignedIn.cookie).post('/api/staff-applications', staffAnswers());
    expect(own.status).toBe(201);
    const self = await ana.post(`/api/staff-applications/${own.body.id}/votes`, { choice: 'approve' });
    expect(self).toMatchObject({ status: 403, body: { code: 'SELF_REVIEW' } });

    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    expect((await admin.post(`/api/staff-applications/${id}/votes`, { choice: 'deny' })).body.status).toBe('denied');
    const late = await client(server.url, (await staffReviewer(server, 'Cleo')).cookie).post(
      `/api/staff-applications/${id}/votes`,
      { choice: 'approve' },
    );
    expect(late).toMatchObject({ status: 409, body: { code: 'STAFF_APPLICATION_TRANSITION' } });
    const seen = await admin.get(`/api/staff-applications/${id}`);
    expect(seen.body.votes).toMatchObject({ cast: 2, count: { approve: 0, deny: 1, abstain: 1 } });
  });

  it("hides others' votes from a reviewer who has not voted where the kind says so, in the list too", async () => {
    const { id } = await staffApplication(server);
    const ana = client(server.url, (await staffReviewer(server, 'Ana')).cookie);
    const ben = client(server.url, (await staffReviewer(server, 'Ben')).cookie);
    await ana.post(`/api/staff-applications/${id}/votes`, { choice: 'deny', note: 'Too new here.' });
    const hidden = await ben.get(`/api/staff-applications/${id}`);
    expect(hidden.body.votes).toEqual({
      quorum: 2,
      cast: 1,
      visible: false,
      count: null,
      votes: [],
      mine: null,
      decidesAlone: false,
      // how many hold review-staff: the reviewers the tests before signed in as well
      voters: expect.any(Number),
    });
    const row = (await ben.get('/api/staff-applications')).body.applications.find(
      (each: { id: string }) => each.id === id,
    );
    expect(row.votes).toMatchObject({ cast: 1, count: null });
    await ben.post(`/api/staff-applications/${id}/votes`, { choice: 'approve' });
    const split = (await ben.get('/api/staff-applications')).body.applications.find(
      (each: { id: string }) => each.id === id,
    );
    expect(split.votes).toEqual({ cast: 2, count: { approve: 1, deny: 1, abstain: 0 } });
    // whitelist votes show before voting (VOTES_VISIBLE_BEFORE_VOTING=whitelist,appeal)
    const whitelistId = await whitelistApplication(server);
    const viewer = client(server.url, (await signIn(server, { role: 'staff' })).cookie);
    expect((await viewer.get(`/api/applications/${whitelistId}`)).body.votes).toMatchObject({
      quorum: 1,
      cast: 0,
      visible: true,
    });
  });

  it('keeps answer templates for admins, read by each kind’s reviewers', async () => {
    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    const staff = client(server.url, (await signIn(server, { role: 'staff' })).cookie);
    const template = {
      kind: 'whitelist',
      decision: 'deny',
      name: 'Backstory too short',
      body: 'Hi {player}, you can apply again from {reapplyDate}.',
    };
    const created = await admin.post('/api/answer-templates', template);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ ...template, updatedBy: expect.any(String) });
    expect((await staff.post('/api/answer-templates', { ...template, name: 'Other' })).status).toBe(403);
    expect((await staff.get('/api/answer-templates')).status).toBe(403);
    const read = await staff.get('/api/applications/answer-templates');
    expect(read.status).toBe(200);
    expect(read.body.templates.map((each: { name: string }) => each.name)).toContain('Backstory too short');
    // the staff preset does not review staff applications, so it does not read their templates either
    expect((await staff.get('/api/staff-applications/answer-templates')).status).toBe(403);
    const bad = await admin.post('/api/answer-templates', { ...template, name: 'Odd', body: 'Hi {name}' });
    expect(bad).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'body', message: '{name} is not a placeholder: use {player} or {reapplyDate}' }] },
    });
    const taken = await admin.post('/api/answer-templates', { ...template, name: 'backstory TOO short' });
    expect(taken).toMatchObject({ status: 409, body: { code: 'ANSWER_TEMPLATE_NAME_TAKEN' } });
    const changed = await admin.patch(`/api/answer-templates/${created.body.id}`, {
      ...template,
      body: 'Sorry {player}.',
    });
    expect(changed.body.body).toBe('Sorry {player}.');
    expect((await admin.delete(`/api/answer-templates/${created.body.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/answer-templates/${created.body.id}`)).status).toBe(404);
    expect((await admin.patch('/api/answer-templates/nope', template)).status).toBe(404);
  });

  it('serves the reviewer figures to those who view the dashboard', async () => {
    const admin = client(server.url, (await signIn(server, { role: 'admin', username: 'Figure Admin' })).cookie);
    const id = await whitelistApplication(server);
    await admin.post(`/api/applications/${id}/votes`, { choice: 'approve' });
    const figures = await admin.get('/api/dashboard/reviewers?days=30');
    expect(figures.status).toBe(200);
    expect(figures.body.reviewers).toContainEqual(
      expect.objectContaining({ name: 'Figure Admin', votes: 1, judged: 1, agreementPercent: 100 }),
    );
    expect(figures.body.kinds.map((kind: { kind: string }) => kind.kind)).toEqual(['whitelist', 'staff', 'appeal']);
    expect((await admin.get('/api/dashboard/reviewers?days=7')).status).toBe(400);
    const staff = client(server.url, (await signIn(server, { role: 'staff' })).cookie);
    expect((await staff.get('/api/dashboard/reviewers?days=30')).status).toBe(403);
  });
});

describe.each(databaseTargets())('two votes at the same moment on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ target });
  }, 60_000);
  afterAll(() => server?.stop());

  it('reach the quorum of 2 together and decide the application exactly once', async () => {
    const applications = await Promise.all([1, 2, 3, 4].map(() => staffApplication(server)));
    const reviewers = await Promise.all(
      ['Ana', 'Ben'].map(async (name) => client(server.url, (await staffReviewer(server, name)).cookie)),
    );
    for (const { id, applicant } of applications) {
      const answers = await Promise.all(
        reviewers.map((reviewer, index) =>
          index === 0
            ? reviewer.post(`/api/staff-applications/${id}/votes`, { choice: 'approve' })
            : reviewer.patch(`/api/staff-applications/${id}`, { status: 'approved' }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(answers.map((answer) => answer.body.decided).sort()).toEqual([false, true]);
      const { decisions, messages } = await recorded(server, 'staff', id, applicant.user.id);
      expect(decisions).toEqual(['approved']);
      expect(messages).toHaveLength(1);
    }
  }, 60_000);

  it('let one of two reviewers decide a whitelist application (quorum 1) and refuse the other with 409', async () => {
    const ids = await Promise.all([1, 2, 3, 4].map(() => whitelistApplication(server)));
    const reviewers = await Promise.all(
      ['Ana', 'Ben'].map(async (name) =>
        client(server.url, (await signIn(server, { role: 'staff', username: name })).cookie),
      ),
    );
    for (const id of ids) {
      const answers = await Promise.all(
        reviewers.map((reviewer, index) =>
          reviewer.post(`/api/applications/${id}/votes`, { choice: index === 0 ? 'approve' : 'deny' }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const won = answers.find((answer) => answer.status === 200)!;
      const decisions = await server.system.database.withContext(() =>
        server.system.core.audit.list.execute({ kind: 'whitelist', applicationId: id }),
      );
      expect(decisions.map((entry) => entry.toStatus)).toEqual([won.body.status]);
      expect(won.body.votes.cast).toBe(1);
    }
  }, 60_000);
});

describe('a quorum above the number who may vote', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { QUORUM_STAFF: '3' } });
  });
  afterAll(() => server?.stop());

  it('an application’s page counts who holds the kind’s permission, banned users and other kinds’ reviewers aside', async () => {
    const { id } = await staffApplication(server);
    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    const voters = async () => (await admin.get(`/api/staff-applications/${id}`)).body.votes.voters;
    const before = await voters();
    const ana = await staffReviewer(server, 'Ana');
    await signIn(server, { role: 'staff' }); // the preset reviews whitelist applications and appeals, not staff
    expect(await voters()).toBe(before + 1);
    const ben = await staffReviewer(server, 'Ben');
    expect(await voters()).toBe(before + 2);
    await server.system.database.withContext(() =>
      server.system.core.users.ban.execute({ userId: ben.user.id, reason: 'Left the team on bad terms' }),
    );
    expect(await voters()).toBe(before + 1);
    // the whitelist kind counts its own reviewers: the staff preset holds review-whitelist
    const whitelist = await whitelistApplication(server);
    const onWhitelist = (await admin.get(`/api/applications/${whitelist}`)).body.votes.voters;
    expect(onWhitelist).toBeGreaterThan(before + 1);
    // a vote's answer does not count them again
    const vote = await client(server.url, ana.cookie).post(`/api/staff-applications/${id}/votes`, {
      choice: 'approve',
    });
    expect(vote.body.votes).toMatchObject({ quorum: 3, cast: 1, voters: null });
  });
});

describe('quorum settings', () => {
  it('read QUORUM_* and VOTES_VISIBLE_BEFORE_VOTING, the defaults where unset', () => {
    expect(loadConfig({}).quorum).toEqual({
      whitelist: { approvals: 1, votesVisibleBeforeVoting: true },
      staff: { approvals: 2, votesVisibleBeforeVoting: true },
      appeal: { approvals: 1, votesVisibleBeforeVoting: true },
    });
    expect(
      loadConfig({ QUORUM_WHITELIST: '3', QUORUM_APPEAL: '2', VOTES_VISIBLE_BEFORE_VOTING: 'Staff, appeal' }).quorum,
    ).toEqual({
      whitelist: { approvals: 3, votesVisibleBeforeVoting: false },
      staff: { approvals: 2, votesVisibleBeforeVoting: true },
      appeal: { approvals: 2, votesVisibleBeforeVoting: true },
    });
    expect(loadConfig({ VOTES_VISIBLE_BEFORE_VOTING: 'false' }).quorum.staff.votesVisibleBeforeVoting).toBe(false);
  });

  it.each([
    [{ QUORUM_STAFF: '0' }, 'QUORUM_STAFF: must be a whole number of approvals from 1 to 10'],
    [{ QUORUM_WHITELIST: '11' }, 'QUORUM_WHITELIST: must be a whole number of approvals from 1 to 10'],
    [{ QUORUM_APPEAL: 'two' }, 'QUORUM_APPEAL: must be a whole number of approvals from 1 to 10'],
    [
      { VOTES_VISIBLE_BEFORE_VOTING: 'whitelist,gang' },
      'VOTES_VISIBLE_BEFORE_VOTING: unknown kind gang: must be true, false, or kinds from whitelist, staff, appeal',
    ],
  ])('refuse the start on %o, naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
