import { beforeAll, describe, expect, it } from 'vitest';
import { appealAnswers } from '../support/application-builders.ts';
import { client } from '../support/http.ts';
import { randomDiscordId, signIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

let server: TestServer;
beforeAll(async () => {
  server = await sharedTestServer();
});

const inContext = <T>(work: () => Promise<T>) => server.system.database.withContext(work);
const userNow = (id: string) => inContext(() => server.system.core.users.get.execute(id));

async function as(role: 'player' | 'staff' | 'admin', discordId = randomDiscordId()) {
  const session = await signIn(server, { role, discordId });
  return { ...session, http: client(server.url, session.cookie) };
}

describe('an appeal lifts only the ban it was filed against', () => {
  it('ban, appeal, unban by hand, ban again, approve the old appeal: the player stays banned, the appeal closed', async () => {
    const admin = await as('admin');
    const staff = await as('staff');
    const discordId = randomDiscordId();
    const player = await as('player', discordId);
    const first = await admin.http.post(`/api/players/${player.user.id}/ban`, { reason: 'Combat logging' });
    expect(first.status).toBe(200);
    const banned = await as('player', discordId);
    const filed = await banned.http.post('/api/appeals', appealAnswers());
    expect(filed.status).toBe(201);

    expect((await admin.http.post(`/api/players/${player.user.id}/unban`, { reason: 'Served' })).status).toBe(200);
    const mine = await banned.http.get('/api/appeals/mine');
    expect(mine.body.applications[0]).toMatchObject({
      id: filed.body.id,
      status: 'closed',
      applicantMessage: 'The ban this appeal was about has been lifted, so there is nothing left to decide.',
      applyAgainAt: null,
    });

    const again = await admin.http.post(`/api/players/${player.user.id}/ban`, { reason: 'Staff impersonation' });
    expect(again.status).toBe(200);
    const approved = await staff.http.patch(`/api/appeals/${filed.body.id}`, { status: 'approved' });
    expect([approved.status, approved.body.code]).toEqual([409, 'APPEAL_TRANSITION']);
    expect(approved.body.message).toBe('This ban appeal was already closed; a decision is final.');
    expect((await userNow(player.user.id)).banReason).toBe('Staff impersonation');
    expect((await banned.http.get('/api/user/tokens')).body.code).toBe('BANNED');
    expect((await staff.http.get(`/api/appeals/${filed.body.id}`)).body.status).toBe('closed');
    // the new ban may be appealed at once: a closed appeal starts no waiting time
    expect((await banned.http.post('/api/appeals', appealAnswers())).status).toBe(201);
  });

  it('approving an appeal whose ban was replaced out of sight of the account actions closes it, lifting nothing', async () => {
    const staff = await as('staff');
    const discordId = randomDiscordId();
    const player = await as('player', discordId);
    await inContext(() => server.system.core.users.ban.execute({ userId: player.user.id, reason: 'Combat logging' }));
    const banned = await as('player', discordId);
    const filed = await banned.http.post('/api/appeals', appealAnswers());
    await inContext(async () => {
      await server.system.core.users.unban.execute({ userId: player.user.id });
      await server.system.core.users.ban.execute({ userId: player.user.id, reason: 'Hate speech' });
    });
    const decided = await staff.http.patch(`/api/appeals/${filed.body.id}`, { status: 'approved' });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: 'closed' });
    expect(decided.body.applicantMessage).toContain('(Hate speech). You can appeal the new ban.');
    expect((await userNow(player.user.id)).banReason).toBe('Hate speech');
    const told = await server.system.database.query<{ content: string }>(
      `select "content" from "deliveries" where "application_id" = ? and "kind" = 'message_user'`,
      [filed.body.id],
    );
    expect(told.map((row) => row.content)).toEqual([expect.stringContaining('was closed')]);
  });

  it('the staff preset says approving lifts the appealed ban', async () => {
    const staff = await as('staff');
    const me = await staff.http.get(`/api/players/${staff.user.id}`);
    expect(me.status).toBe(200);
    expect(me.body.permissions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          permission: 'review-appeals',
          label: 'Review ban appeals (approving lifts the appealed ban)',
        }),
      ]),
    );
  });
});
