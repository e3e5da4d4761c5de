import { beforeAll, describe, expect, it } from 'vitest';
import { staffAnswers, STAFF_MISSING, STAFF_REQUIRED } from '../support/application-builders.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

let server: TestServer;
beforeAll(async () => {
  server = await sharedTestServer();
});

async function as(role?: 'staff' | 'admin') {
  const session = await signIn(server, role ? { role } : {});
  return { ...session, http: client(server.url, session.cookie) };
}

const auditRows = (applicationId: string) =>
  server.system.database.withContext(() => server.system.core.audit.list.execute({ kind: 'staff', applicationId }));

async function submitted() {
  const applicant = await as();
  const response = await applicant.http.post('/api/staff-applications', staffAnswers());
  expect(response.status).toBe(201);
  return { applicant, id: response.body.id as string };
}

describe('POST /api/staff-applications', () => {
  it('needs sign-in', async () => {
    expect((await client(server.url).post('/api/staff-applications', staffAnswers())).status).toBe(401);
  });

  it.each(STAFF_REQUIRED)('answers 400 naming %s when it is missing', async (field) => {
    const { http } = await as();
    const body: Record<string, unknown> = { ...staffAnswers() };
    delete body[field];
    const response = await http.post('/api/staff-applications', body);
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([{ path: field, message: STAFF_MISSING[field] }]);
  });

  it.each([
    [17, 'Enter your age (18 or older)'],
    [66, 'Enter your age as a whole number from 18 to 65'],
  ])('refuses age %s (the form allows 18 to 65)', async (age, message) => {
    const { http } = await as();
    const response = await http.post('/api/staff-applications', staffAnswers({ age }));
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([{ path: 'age', message }]);
  });

  it("files under the session's identity, ignoring a discordId in the body, and answers 409 to a second open one", async () => {
    const { http, user } = await as();
    const response = await http.post('/api/staff-applications', { ...staffAnswers(), discordId: '222222222222222222' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ discordId: user.discordId, status: 'pending', currentStaff: false });
    expect((await http.post('/api/staff-applications', staffAnswers())).status).toBe(409);
    expect((await http.get('/api/staff-applications/mine')).body.applications).toEqual([
      expect.objectContaining({ id: response.body.id, status: 'pending' }),
    ]);
  });
});

describe('reviewing staff applications', () => {
  it('needs admin: 401 signed out, 403 for a player and for staff', async () => {
    const { id } = await submitted();
    expect((await client(server.url).get('/api/staff-applications')).status).toBe(401);
    for (const role of [undefined, 'staff'] as const) {
      const { http } = await as(role);
      expect((await http.get('/api/staff-applications')).status).toBe(403);
      expect((await http.patch(`/api/staff-applications/${id}`, { status: 'approved' })).status).toBe(403);
    }
    expect(await auditRows(id)).toEqual([]);
  });

  it('goes pending -> under_review -> approved, then refuses any change with 409; one audit row per change', async () => {
    const { id } = await submitted();
    const admin = await as('admin');
    const underReview = await admin.http.patch(`/api/staff-applications/${id}`, {
      status: 'under_review',
      reviewNotes: 'Interview on Friday',
    });
    expect(underReview.status).toBe(200);
    expect(underReview.body).toMatchObject({
      status: 'under_review',
      reviewNotes: 'Interview on Friday',
      reviewedBy: admin.user.username ?? admin.user.discordUsername,
    });
    expect((await admin.http.patch(`/api/staff-applications/${id}`, { status: 'approved' })).status).toBe(200);
    const again = await admin.http.patch(`/api/staff-applications/${id}`, { status: 'denied' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('STAFF_APPLICATION_TRANSITION');
    expect((await admin.http.get(`/api/staff-applications/${id}`)).body.status).toBe('approved');
    expect((await auditRows(id)).map((row) => [row.fromStatus, row.toStatus, row.channel])).toEqual([
      ['pending', 'under_review', 'web'],
      ['under_review', 'approved', 'web'],
    ]);
  });

  it('lets pending go straight to denied', async () => {
    const { id } = await submitted();
    const admin = await as('admin');
    const response = await admin.http.patch(`/api/staff-applications/${id}`, { status: 'denied' });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('denied');
  });

  it('reads the submitted field names plus currentStaff, true for an applicant who is already staff', async () => {
    const existing = await as('staff');
    const created = await existing.http.post('/api/staff-applications', staffAnswers({ position: 'admin' }));
    expect(created.status).toBe(201);
    const admin = await as('admin');
    const list = await admin.http.get('/api/staff-applications?pageSize=100');
    const mine = list.body.applications.find((a: { id: string }) => a.id === created.body.id);
    // the list holds what the table shows; every answer comes from the application's own route
    expect(Object.keys(mine).sort()).toEqual(
      ['age', 'createdAt', 'currentStaff', 'discordUsername', 'id', 'position', 'realName', 'status', 'userId'].sort(),
    );
    expect(mine).toMatchObject({ currentStaff: true, position: 'admin', realName: 'Marie Thibodeaux' });
    const whole = await admin.http.get(`/api/staff-applications/${created.body.id}`);
    expect(whole.body).toMatchObject({
      currentStaff: true,
      position: 'admin',
      realName: 'Marie Thibodeaux',
      whyStaff: staffAnswers().whyStaff,
      scenarios: staffAnswers().scenarios,
      availability: staffAnswers().availability,
    });
    expect(list.body.positions.admin).toBeGreaterThanOrEqual(1);
    expect(list.body.total).toBe(
      Object.values(list.body.counts as Record<string, number>).reduce((sum, n) => sum + n, 0),
    );
  });
});
