import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAnswers, whitelistAnswers } from '../support/application-builders.ts';
import { runCliOn } from '../support/cli.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

// The command runs on the test server's own system: the same use case lists what the screens booked.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const cli = (...args: string[]) => runCliOn(server.system, args);
const HOUR = 3_600_000;

/** an application of the kind, a time offered by an admin and booked by its applicant; answers its interview */
async function bookedInterview(kind: 'staff' | 'whitelist', name: string, hoursAhead: number) {
  const applicant = await signIn(server, { username: name });
  const admin = await signIn(server, { username: `Marcel ${name}`, role: 'admin' });
  const path = kind === 'staff' ? '/api/staff-applications' : '/api/applications';
  const sent = await client(server.url, applicant.cookie).post(
    path,
    kind === 'staff' ? staffAnswers() : whitelistAnswers(),
  );
  const offered = await client(server.url, admin.cookie).post(`${path}/${sent.body.id}/interviews/slots`, {
    slots: [{ startsAt: new Date(Date.now() + hoursAhead * HOUR).toISOString(), minutes: 30 }],
  });
  expect(offered.status, JSON.stringify(offered.body)).toBe(201);
  const slot = offered.body.slots[0] as { id: string; startsAt: string };
  const booked = await client(server.url, applicant.cookie).post(`/api/interviews/slots/${slot.id}/book`, {});
  expect(booked.status).toBe(201);
  return {
    applicationId: sent.body.id as string,
    interviewId: booked.body.id as string,
    startsAt: slot.startsAt,
    admin,
  };
}

describe('applications interviews', () => {
  it('lists every kind, the upcoming soonest first, with application, applicant, reviewer, start and status', async () => {
    expect((await cli('applications', 'interviews')).stdout.trim()).toBe('No interviews yet');
    const later = await bookedInterview('staff', 'Remy', 30);
    const sooner = await bookedInterview('whitelist', 'Lou', 5);
    const listed = await cli('applications', 'interviews', '--upcoming');
    expect(listed.code, listed.stderr).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      `${sooner.startsAt.slice(0, 16).replace('T', ' ')}Z  whitelist  booked     application ${sooner.applicationId}  Lou with Marcel Lou  (interview ${sooner.interviewId})`,
    );
    expect(lines[1]).toContain(`staff      booked     application ${later.applicationId}  Remy with Marcel Remy`);
    expect(lines[2]).toBe('2 interviews.');

    // cancelled: gone from the upcoming, shown with its status in the whole list
    const { core, database } = server.system;
    const admin = await database.withContext(() => core.users.get.execute(later.admin.user.id));
    await database.withContext(() =>
      core.interviews.cancel.execute({
        interviewId: later.interviewId,
        actor: admin,
        as: { side: 'staff', kind: 'staff', applicationId: later.applicationId },
        reason: 'The position is filled',
      }),
    );
    expect((await cli('applications', 'interviews', '--upcoming')).stdout).not.toContain(later.interviewId);
    const all = await cli('applications', 'interviews');
    expect(all.stdout.split('\n')[0]).toContain(`staff      cancelled  application ${later.applicationId}`);

    const json = await cli('applications', 'interviews', '--upcoming', '--json');
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({
        id: sooner.interviewId,
        kind: 'whitelist',
        applicationId: sooner.applicationId,
        applicantName: 'Lou',
        reviewerName: 'Marcel Lou',
        startsAt: sooner.startsAt,
        status: 'booked',
      }),
    ]);
  });
});
