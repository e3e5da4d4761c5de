import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appealAnswers } from '../support/application-builders.ts';
import { client } from '../support/http.ts';
import { randomDiscordId, signIn } from '../support/session.ts';
import { startTestServer, storeBanFromElsewhere, type TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

// a clock the tests move: a denied appeal may be made again 30 days after the decision
let now = Date.parse('2026-11-23T15:00:00Z');
const clock = { now: () => new Date(now) };
const DAY = 24 * 60 * 60 * 1000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock });
});
afterAll(() => server?.stop());

const core = () => server.system.core;
const inContext = <T>(work: () => Promise<T>) => server.system.database.withContext(work);

async function as(role: 'player' | 'staff' | 'admin' = 'player', discordId = randomDiscordId()) {
  const session = await signIn(server, { role, discordId });
  return { ...session, http: client(server.url, session.cookie) };
}

/** A player banned on the site, signed in (to the session a banned player gets). */
async function bannedPlayer(reason = 'Random death match at the docks') {
  const discordId = randomDiscordId();
  const first = await as('player', discordId);
  await inContext(() => core().users.ban.execute({ userId: first.user.id, reason }));
  return { ...(await as('player', discordId)), reason };
}

const userNow = (id: string) => inContext(() => core().users.get.execute(id));

describe('a banned player signs in to a session that reaches only their appeal', () => {
  it('shows the ban on the session, and answers 403 BANNED everywhere else', async () => {
    const player = await bannedPlayer();
    const session = await player.http.get('/api/auth/session');
    expect(session.status).toBe(200);
    expect(session.body.user.ban).toEqual({ reason: player.reason, since: expect.any(String) });
    expect((await player.http.get('/api/appeals/mine')).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/api/user/tokens'],
      ['GET', '/api/user/purchases'],
      ['GET', '/api/applications/mine'],
      ['POST', '/api/applications'],
      ['POST', '/api/create-payment-intent'],
      ['GET', '/api/membership'],
    ] as const) {
      const response = method === 'GET' ? await player.http.get(path) : await player.http.post(path, {});
      expect([path, response.status, response.body.code]).toEqual([path, 403, 'BANNED']);
      expect(response.body.message).toContain(player.reason);
      expect(response.body.message).toContain('/appeal');
    }
    // the game server still reads the player as banned, however the site session goes
    expect(await inContext(() => core().game.access.execute(player.user.discordId))).toMatchObject({ banned: true });
    // signing out still works
    const out = await fetch(`${server.url}/api/auth/logout`, {
      headers: { cookie: player.cookie },
      redirect: 'manual',
    });
    expect(out.status).toBe(302);
  });

  it('a player banned while signed in is restricted on the very next request', async () => {
    const player = await as();
    expect((await player.http.get('/api/user/tokens')).status).toBe(200);
    await inContext(() => core().users.ban.execute({ userId: player.user.id, reason: 'Cheating' }));
    expect((await player.http.get('/api/user/tokens')).body.code).toBe('BANNED');
  });
});

describe('POST /api/appeals', () => {
  it('files the appeal under the session, with the Discord identity of the sign-in', async () => {
    const player = await bannedPlayer();
    const response = await player.http.post('/api/appeals', { ...appealAnswers(), discordId: '1' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      discordId: player.user.discordId,
      discordUsername: player.user.discordUsername,
      ban: 'account',
      characterNames: 'Remy Boudreaux',
      status: 'pending',
    });
  });

  it.each([
    ['harassment', 'harassment or doxxing'],
    ['hate-speech', 'racist or hate speech'],
    ['chargeback', 'chargeback fraud'],
    ['multiple-violations', 'multiple serious violations'],
    ['staff-impersonation', 'staff impersonation'],
  ])('refuses a declared non-appealable offence (%s), naming it, and stores nothing', async (offence, named) => {
    const player = await bannedPlayer();
    const response = await player.http.post('/api/appeals', appealAnswers({ offence }));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'APPEAL_NOT_APPEALABLE',
      message: `A ban for ${named} cannot be appealed.`,
      issues: [{ path: 'offence', message: `A ban for ${named} cannot be appealed.` }],
    });
    expect((await player.http.get('/api/appeals/mine')).body.applications).toEqual([]);
  });

  it('needs every requirement, and a reference for a game-server ban', async () => {
    const player = await bannedPlayer();
    const blank = await player.http.post('/api/appeals', { ...appealAnswers(), whyUnfair: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.issues).toEqual([{ path: 'whyUnfair', message: 'Tell us why you believe the ban was unfair' }]);
    const unnamed = await player.http.post('/api/appeals', appealAnswers({ ban: 'in-game' }));
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.issues).toEqual([
      { path: 'banReference', message: 'Enter the ban reference the game server showed you' },
    ]);
    expect((await player.http.get('/api/appeals/mine')).body.applications).toEqual([]);
  });

  it('refuses an appeal of the website ban from a player who is not banned', async () => {
    const player = await as();
    const response = await player.http.post('/api/appeals', appealAnswers());
    expect([response.status, response.body.code]).toEqual([400, 'APPEAL_NOT_BANNED']);
  });

  it('answers 409 to a second appeal while one is open', async () => {
    const player = await bannedPlayer();
    expect((await player.http.post('/api/appeals', appealAnswers())).status).toBe(201);
    const again = await player.http.post('/api/appeals', appealAnswers());
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'APPEAL_ALREADY_OPEN',
      message: 'You already have a ban appeal waiting for review.',
    });
  });
});

describe('deciding an appeal', () => {
  it('needs the review-appeals permission: 401 signed out, 403 for a player', async () => {
    const player = await bannedPlayer();
    const { body } = await player.http.post('/api/appeals', appealAnswers());
    expect((await client(server.url).get(`/api/appeals/${body.id}`)).status).toBe(401);
    const other = await as();
    expect((await other.http.get('/api/appeals')).status).toBe(403);
    const refused = await other.http.patch(`/api/appeals/${body.id}`, { status: 'approved' });
    expect([refused.status, refused.body.code]).toEqual([403, 'PERMISSION_REQUIRED']);
    expect((await userNow(player.user.id)).bannedAt).not.toBeNull();
  });

  it('approval lifts the ban (logged like the player page unban, audited, told on Discord) and the site opens again', async () => {
    const player = await bannedPlayer();
    const { body } = await player.http.post('/api/appeals', appealAnswers());
    const staff = await as('staff');
    const list = await staff.http.get('/api/appeals?status=pending');
    expect(list.body.applications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: body.id, ban: 'account', characterNames: 'Remy Boudreaux' }),
      ]),
    );
    const approved = await staff.http.patch(`/api/appeals/${body.id}`, {
      status: 'approved',
      applicantMessage: 'The clip backs you up. Welcome back.',
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', reviewedBy: staff.user.username });
    expect((await userNow(player.user.id)).bannedAt).toBeNull();
    // the whole site on the next request, on the same session
    expect((await player.http.get('/api/user/tokens')).status).toBe(200);
    expect((await player.http.get('/api/auth/session')).body.user.ban).toBeUndefined();
    const audit = await inContext(() => core().audit.list.execute({ kind: 'appeal', applicationId: body.id }));
    expect(audit).toEqual([
      expect.objectContaining({
        fromStatus: 'pending',
        toStatus: 'approved',
        reviewerId: staff.user.id,
        channel: 'web',
      }),
    ]);
    const actions = await server.system.database.query<{ action: string; reason: string; actor_id: string }>(
      `select "action", "reason", "actor_id" from "account_actions" where "user_id" = ?`,
      [player.user.id],
    );
    expect(actions).toEqual([{ action: 'unban', reason: `Ban appeal ${body.id} approved`, actor_id: staff.user.id }]);
    const told = await server.system.database.query<{ content: string }>(
      `select "content" from "deliveries" where "application_id" = ? and "kind" = 'message_user'`,
      [body.id],
    );
    expect(told.map((row) => row.content)).toEqual([expect.stringContaining('your account is no longer banned')]);
  });

  it('approval of a store-ban appeal lifts the store ban: the player may buy again, and is told so', async () => {
    const player = await as('player');
    await storeBanFromElsewhere(server, player.user.id);
    const order = { productType: 'gang', productId: 'hood-package' };
    const refused = await player.http.post('/api/create-payment-intent', { ...AGREED, ...order });
    expect(refused.body.code).toBe('STORE_BANNED');
    const { body } = await player.http.post('/api/appeals', appealAnswers({ ban: 'store' }));
    const staff = await as('staff');
    const approved = await staff.http.patch(`/api/appeals/${body.id}`, { status: 'approved', applicantMessage: '' });
    expect(approved.status).toBe(200);
    const bought = await player.http.post('/api/create-payment-intent', { ...AGREED, ...order });
    expect(bought.status).toBe(200);
    const told = await server.system.database.query<{ content: string }>(
      `select "content" from "deliveries" where "application_id" = ? and "kind" = 'message_user'`,
      [body.id],
    );
    expect(told.map((row) => row.content)).toEqual([expect.stringContaining('you can buy from the store again')]);
  });

  it('a denial needs its message; the player reads it and the date from which a new appeal is welcome (30 days)', async () => {
    const player = await bannedPlayer();
    const { body } = await player.http.post('/api/appeals', appealAnswers());
    const staff = await as('staff');
    const bare = await staff.http.patch(`/api/appeals/${body.id}`, { status: 'denied' });
    expect([bare.status, bare.body.code]).toEqual([400, 'APPEAL_MESSAGE_REQUIRED']);
    const message = 'The footage shows you fired first, with no roleplay before it.';
    const denied = await staff.http.patch(`/api/appeals/${body.id}`, { status: 'denied', applicantMessage: message });
    expect(denied.status).toBe(200);
    expect((await userNow(player.user.id)).bannedAt).not.toBeNull();
    const mine = await player.http.get('/api/appeals/mine');
    expect(mine.body.applications[0]).toEqual(
      expect.objectContaining({ status: 'denied', applicantMessage: message, applyAgainAt: expect.any(String) }),
    );
    const from = new Date(mine.body.applications[0].applyAgainAt);
    expect(from.getTime() - Date.parse('2026-11-23T00:00:00Z')).toBeGreaterThanOrEqual(30 * DAY);
    const early = await player.http.post('/api/appeals', appealAnswers());
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('APPEAL_TOO_SOON');
    expect(early.body.message).toMatch(/^You can send a new ban appeal from \w+ \d+, \d{4}\.$/);
    // thirty days on, a new appeal is welcome (signed in again: the old session has gone idle)
    now = from.getTime();
    const later = await as('player', player.user.discordId);
    expect((await later.http.post('/api/appeals', appealAnswers())).status).toBe(201);
  });
});
