import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../support/server-process.ts';
import { signIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const SESSION_SECRET = 'a-session-secret-shared-by-both-processes-0123456789';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('sessions in the database', () => {
  let server: TestServer;
  let now = Date.now();
  beforeAll(async () => {
    server = await startTestServer({ env: { SESSION_SECRET }, clock: { now: () => new Date(now) } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, cookie: string, base = server.url) =>
    fetch(`${base}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' });
  const sidOf = (cookie: string) => /bayou\.sid=([^;]+)/.exec(cookie)![1]!;
  const db = <T>(work: () => Promise<T>) => server.system.database.withContext(work);

  it('keeps each session as a row of the sessions table (sid, sess, expire), and deletes it at logout', async () => {
    const { cookie, user } = await signIn(server);
    const rows = await db(() =>
      server.system.database.em.execute<{ sid: string; sess: string; expire: Date }[]>(
        `select sid, sess, expire from sessions where sid = ?`,
        [sidOf(cookie)],
      ),
    );
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.sess)).toMatchObject({ userId: user.id });
    expect(new Date(rows[0]!.expire).getTime()).toBeGreaterThan(now + 6 * DAY);
    await get('/api/auth/logout', cookie);
    const after = await db(() =>
      server.system.database.em.execute(`select sid from sessions where sid = ?`, [sidOf(cookie)]),
    );
    expect(after).toHaveLength(0);
  });

  it('is shared by a second server process on the same database', async () => {
    const { cookie, user } = await signIn(server, { username: 'Shared' });
    const second = await startServerProcess({
      DATABASE_URL: server.system.database.url,
      SESSION_SECRET,
      LOG_LEVEL: 'silent',
    });
    try {
      const me = await get('/api/auth/user', cookie, second.url);
      expect(me.status).toBe(200);
      expect((await me.json()).discordId).toBe(user.discordId);
      // signing out on the second process ends the session on the first
      await get('/api/auth/logout', cookie, second.url);
      expect((await get('/api/auth/user', cookie)).status).toBe(401);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });

  it('applies a role change and a ban on the very next request', async () => {
    const { cookie, user } = await signIn(server);
    await db(() => server.system.core.users.changeRole.execute({ userId: user.id, role: 'admin' }));
    expect((await (await get('/api/auth/user', cookie)).json()).role).toBe('admin');
    await db(() => server.system.core.users.ban.execute({ userId: user.id, reason: 'Payment dispute' }));
    // the session stays, restricted to the ban appeal
    expect((await (await get('/api/auth/user', cookie)).json()).ban.reason).toBe('Payment dispute');
    const refused = await get('/api/players?q=x', cookie);
    expect([refused.status, (await refused.json()).code]).toEqual([403, 'BANNED']);
  });

  it('ends a player session after 7 idle days, and keeps it while the player comes back', async () => {
    const { cookie } = await signIn(server);
    now += 6 * DAY;
    expect((await get('/api/auth/user', cookie)).status).toBe(200);
    now += 6 * DAY;
    expect((await get('/api/auth/user', cookie)).status).toBe(200);
    now += 7 * DAY + 60_000;
    expect((await get('/api/auth/user', cookie)).status).toBe(401);
  });

  it('ends a staff session after 12 idle hours', async () => {
    const { cookie } = await signIn(server, { role: 'staff' });
    now += 11 * HOUR;
    expect((await get('/api/auth/user', cookie)).status).toBe(200);
    now += 12 * HOUR + 60_000;
    expect((await get('/api/auth/user', cookie)).status).toBe(401);
  });

  it('ends any session 30 days after sign-in, however active', async () => {
    const { cookie } = await signIn(server);
    for (let day = 0; day < 29; day += 5) {
      now += 5 * DAY;
      expect((await get('/api/auth/user', cookie)).status).toBe(200);
    }
    now += 1 * DAY;
    expect((await get('/api/auth/user', cookie)).status).toBe(401);
  });
});
