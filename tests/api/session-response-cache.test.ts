import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger, headersOf } from '../support/captured-log.ts';
import { cookieValue, SESSION_COOKIE } from '../../adapters/http/middleware/session.ts';
import { databaseTargets } from '../support/databases.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** the session id a Cookie header carries */
function sidOf(cookie: string): string {
  const sid = cookieValue(cookie, SESSION_COOKIE);
  if (!sid) throw new Error(`No session cookie in ${cookie}`);
  return sid;
}

describe.each(databaseTargets())('who-am-I responses cached beside the session (%s)', (target) => {
  let server: TestServer;
  let admin: SignedIn;
  let now = Date.now();
  const log = capturedLogger();
  beforeAll(async () => {
    server = await startTestServer({ target, clock: { now: () => new Date(now) }, logger: log.logger });
    admin = await signIn(server, { role: 'admin', username: 'Kept Admin' });
    // the process's first session read starts its change feed, which on the real Postgres drops everything kept once
    // it listens: an answer made during that first read is not kept
    await fetch(`${server.url}/api/auth/user`, { headers: { cookie: admin.cookie } });
  });
  afterAll(() => server?.stop());

  const me = (cookie: string, path = '/api/auth/user') =>
    fetch(`${server.url}${path}`, { headers: { cookie }, redirect: 'manual' });
  /**
   * Waits until the change feed has brought back the changes made so far: nothing heard for 400 ms (longer than
   * PGlite's 250 ms read of its log; a NOTIFY comes sooner). Each change heard, this process's own included, drops
   * what it names and keeps a read under way from being kept; on a busy machine one can come after the next read.
   */
  const quiet = async () => {
    const moment = () => server.system.sessions.moment?.() ?? 0;
    let last = moment();
    let still = Date.now();
    const deadline = Date.now() + 5_000;
    while (Date.now() - still < 400 && Date.now() < deadline) {
      await sleep(50);
      if (moment() !== last) {
        last = moment();
        still = Date.now();
      }
    }
  };
  /** what the session store keeps beside the session of `cookie` for `path` */
  const keptFor = (cookie: string, path = '/api/auth/user') => server.system.sessions.beside?.(sidOf(cookie), path);
  const asAdmin = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('sends the same bytes and headers again from memory, with a request line for each read', async () => {
    const player = await signIn(server, { username: 'Kept Player' });
    await quiet();
    const first = await me(player.cookie);
    const firstBody = await first.text();
    expect(first.status).toBe(200);
    expect(JSON.parse(firstBody)).toMatchObject({ discordId: player.user.discordId, role: 'player' });
    expect(keptFor(player.cookie)).toBeDefined();

    const second = await me(player.cookie);
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(firstBody);
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get('cache-control')).toBe('no-store');
    expect(second.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(second.headers.get('set-cookie')).toBeNull();
    const lines = () => log.lines.filter((line) => line.msg === 'request' && line.path === '/api/auth/user');
    await expect.poll(() => lines().length).toBeGreaterThanOrEqual(2);
    const [a, b] = lines().slice(-2);
    expect(b).toMatchObject({ method: 'GET', status: 200 });
    expect(b?.requestId).toEqual(expect.any(String));
    expect(b?.requestId).not.toBe(a?.requestId);

    // /api/auth/session is made from the same user: kept too
    const session = await me(player.cookie, '/api/auth/session');
    expect(((await session.json()) as { user: { discordId: string } }).user.discordId).toBe(player.user.discordId);
    expect(keptFor(player.cookie, '/api/auth/session')).toBeDefined();
  });

  it('goes with the session: a credit, a role change, a ban and a sign-out are seen on the very next read', async () => {
    const player = await signIn(server, { username: 'Changing Player' });
    await quiet();
    for (let i = 0; i < 2; i++) expect((await me(player.cookie)).status).toBe(200);
    expect(keptFor(player.cookie)).toBeDefined();

    const balance = async () =>
      ((await (await me(player.cookie, '/api/user/tokens')).json()) as { tokens: number }).tokens;
    expect(await balance()).toBe(0);
    expect(await balance()).toBe(0);
    expect(keptFor(player.cookie, '/api/user/tokens')).toBeDefined();
    const credit = { direction: 'credit', amount: 25, reason: 'Event prize' };
    expect((await asAdmin(`/api/players/${player.user.id}/tokens`, credit)).status).toBe(200);
    expect(await balance()).toBe(25);

    expect((await asAdmin(`/api/players/${player.user.id}/role`, { role: 'staff', reason: 'Trusted' })).status).toBe(
      200,
    );
    const promoted = await me(player.cookie);
    expect(((await promoted.json()) as { role: string }).role).toBe('staff');
    await quiet();
    expect((await me(player.cookie)).status).toBe(200);
    expect(keptFor(player.cookie)).toBeDefined();

    expect((await asAdmin(`/api/players/${player.user.id}/ban`, { reason: 'Chargeback' })).status).toBe(200);
    // banned: who-am-I says so (the session now reaches only the appeal), and nothing is kept for it
    expect(((await (await me(player.cookie)).json()) as { ban?: { reason: string } }).ban?.reason).toBe('Chargeback');
    expect((await me(player.cookie, '/api/user/tokens')).status).toBe(403);
    expect((await me(player.cookie, '/api/auth/session')).status).toBe(200);
    expect(keptFor(player.cookie)).toBeUndefined();

    const other = await signIn(server, { username: 'Leaving Player' });
    for (let i = 0; i < 2; i++) expect((await me(other.cookie)).status).toBe(200);
    expect((await me(other.cookie, '/api/auth/logout')).status).toBe(302);
    expect((await me(other.cookie)).status).toBe(401);
  });

  it('lets the app answer once a minute to write the activity back, and refuses a session idle too long', async () => {
    const player = await signIn(server, { username: 'Active Player' });
    await quiet();
    for (let i = 0; i < 2; i++) expect((await me(player.cookie)).status).toBe(200);
    now += MINUTE + 1_000;
    const renewed = await me(player.cookie);
    expect(renewed.status).toBe(200);
    // the activity written back: the cookie is sent again with its lifetime
    expect(renewed.headers.get('set-cookie')).toContain(`${SESSION_COOKIE}=`);
    await quiet();
    expect((await me(player.cookie)).headers.get('set-cookie')).toBeNull();
    expect(keptFor(player.cookie)).toBeDefined();

    now += 7 * DAY + MINUTE;
    expect((await me(player.cookie)).status).toBe(401);
    expect(keptFor(player.cookie)).toBeUndefined();
  });

  it('keeps a few addresses beside one session, not one per query string', async () => {
    const player = await signIn(server, { username: 'Curious Player' });
    await quiet();
    for (let n = 1; n <= 12; n++) expect((await me(player.cookie, `/api/auth/user?n=${n}`)).status).toBe(200);
    const kept = Array.from({ length: 12 }, (_, i) => keptFor(player.cookie, `/api/auth/user?n=${i + 1}`));
    expect(kept.filter(Boolean)).toHaveLength(4);
    expect(kept[0]).toBeDefined();
    expect(kept[11]).toBeUndefined();
  });

  it('never sends a kept answer to a cookie whose signature does not match', async () => {
    const player = await signIn(server, { username: 'Forged Player' });
    await quiet();
    for (let i = 0; i < 2; i++) expect((await me(player.cookie)).status).toBe(200);
    expect(keptFor(player.cookie)).toBeDefined();
    const sid = sidOf(player.cookie);
    const forged = await me(`${SESSION_COOKIE}=${sid}; ${SESSION_COOKIE}.sig=forged-signature`);
    expect(forged.status).toBe(401);
    const unsigned = await me(`${SESSION_COOKIE}=${sid}`);
    expect(unsigned.status).toBe(401);
  });
});
