import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whitelistAnswers } from '../support/application-builders.ts';
import {
  createTestDatabase,
  realPostgresReachable,
  REAL_POSTGRES_URL,
  type TestDatabase,
} from '../support/databases.ts';
import { cookieValue, SESSION_COOKIE } from '../../adapters/http/middleware/session.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { cookieHeader, randomDiscordId, signIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { headersOf } from '../support/captured-log.ts';
import { AGREED } from '../support/checkout-terms.ts';

async function devSignIn(url: string, username: string, discordId = randomDiscordId()) {
  const response = await fetch(`${url}/api/auth/dev-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, discordId }),
  });
  expect(response.status).toBe(200);
  return { cookie: cookieHeader(response), discordId };
}

/** the account id of a Discord id, as an admin finds it */
async function accountOf(url: string, adminCookie: string, discordId: string): Promise<string> {
  const found = await (await fetch(`${url}/api/players?q=${discordId}`, { headers: { cookie: adminCookie } })).json();
  return found.players[0].id as string;
}

const me = (url: string, cookie: string) => fetch(`${url}/api/auth/user`, { headers: { cookie } });
const balance = async (url: string, cookie: string) =>
  (await (await fetch(`${url}/api/user/tokens`, { headers: { cookie } })).json()).tokens;
/** what the server says of the session, asked again until `expected` or a second has passed */
const within1s = { timeout: 1000, interval: 20 };

const reachable = await realPostgresReachable();

describe.skipIf(!reachable)('sessions cached in memory by two processes on one Postgres', () => {
  let database: TestDatabase;
  let dataDir: string;
  let first: ServerProcess;
  let second: ServerProcess;
  const adminDiscordId = randomDiscordId();

  beforeAll(async () => {
    database = await createTestDatabase('postgres', REAL_POSTGRES_URL);
    dataDir = mkdtempSync(join(tmpdir(), 'bayou-cache-'));
    const env = {
      DATABASE_URL: database.url as string,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'one-secret-shared-by-every-process-0123456789',
      ADMIN_DISCORD_IDS: adminDiscordId,
    };
    first = await startServerProcess(env);
    second = await startServerProcess(env);
  }, 60_000);

  afterAll(async () => {
    for (const server of [first, second]) if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a ban made in one is refused by the other within a second, and a balance change shown within a second', async () => {
    const admin = await devSignIn(first.url, 'Cache Admin', adminDiscordId);
    const player = await devSignIn(first.url, 'Cached Player');
    const playerId = await accountOf(first.url, admin.cookie, player.discordId);
    // the second process reads the session and keeps it
    for (let i = 0; i < 3; i++) expect((await me(second.url, player.cookie)).status).toBe(200);

    const credit = await fetch(`${first.url}/api/players/${playerId}/tokens`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ direction: 'credit', amount: 40, reason: 'Event prize' }),
    });
    expect(credit.status).toBe(200);
    await expect.poll(() => balance(second.url, player.cookie), within1s).toBe(40);

    const ban = await fetch(`${first.url}/api/players/${playerId}/ban`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Cheating' }),
    });
    expect(ban.status).toBe(200);
    // the session stays, restricted to the ban appeal: the balance is refused
    await expect
      .poll(
        async () => (await fetch(`${second.url}/api/user/tokens`, { headers: { cookie: player.cookie } })).status,
        within1s,
      )
      .toBe(403);
  });

  it("a review made in one shows in the other's kept review list within a second", async () => {
    const admin = await devSignIn(first.url, 'List Admin', adminDiscordId);
    const applicant = await devSignIn(first.url, 'Listed Applicant');
    const created = await fetch(`${first.url}/api/applications`, {
      method: 'POST',
      headers: { cookie: applicant.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(whitelistAnswers()),
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const statusOn = async (url: string) =>
      (
        (await (await fetch(`${url}/api/applications?pageSize=50`, { headers: { cookie: admin.cookie } })).json())
          .applications as Array<{ id: string; status: string }>
      ).find((row) => row.id === id)?.status;
    // the second process reads the list and keeps it
    for (let i = 0; i < 3; i++) expect(await statusOn(second.url)).toBe('pending');
    const reviewed = await fetch(`${first.url}/api/applications/${id}/review`, {
      method: 'PATCH',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'approved', reviewNotes: 'Welcome to the bayou, cher.' }),
    });
    expect(reviewed.status).toBe(200);
    await expect.poll(() => statusOn(second.url), { timeout: 700, interval: 20 }).toBe('approved');
  });

  it('a sign-out on one ends the session on the other within a second', async () => {
    const player = await devSignIn(first.url, 'Leaving Player');
    expect((await me(second.url, player.cookie)).status).toBe(200);
    await fetch(`${first.url}/api/auth/logout`, { headers: { cookie: player.cookie }, redirect: 'manual' });
    await expect.poll(async () => (await me(second.url, player.cookie)).status, within1s).toBe(401);
  });

  it('a permission revoked on one is refused by the other within a second, and its kept answers go with it', async () => {
    const admin = await devSignIn(first.url, 'Permission Admin', adminDiscordId);
    const moderator = await devSignIn(first.url, 'Kept Moderator');
    const moderatorId = await accountOf(first.url, admin.cookie, moderator.discordId);
    const change = (body: unknown) =>
      fetch(`${first.url}/api/players/${moderatorId}/permissions`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await change({ grant: ['view-players'] })).status).toBe(200);
    const search = async () =>
      (await fetch(`${second.url}/api/players?q=kept`, { headers: { cookie: moderator.cookie } })).status;
    const permissions = async () => (await (await me(second.url, moderator.cookie)).json()).permissions;
    // the second process keeps the session and its answer to /api/auth/user
    await expect.poll(search, within1s).toBe(200);
    for (let i = 0; i < 3; i++) expect(await permissions()).toEqual(['view-players']);
    expect((await change({ revoke: ['view-players'] })).status).toBe(200);
    await expect.poll(search, within1s).toBe(403);
    expect(await permissions()).toEqual([]);
  });
});

describe('sessions cached in memory on the embedded database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ target: 'pglite' });
  });
  afterAll(() => server?.stop());

  it("this process's changes apply to the very next request", async () => {
    const { cookie, user } = await signIn(server);
    expect((await me(server.url, cookie)).status).toBe(200);
    await server.system.database.withContext(() =>
      server.system.core.users.changeRole.execute({ userId: user.id, role: 'staff' }),
    );
    expect((await (await me(server.url, cookie)).json()).role).toBe('staff');
    await server.system.database.withContext(() =>
      server.system.core.users.ban.execute({ userId: user.id, reason: 'Cheating' }),
    );
    expect((await (await me(server.url, cookie)).json()).ban.reason).toBe('Cheating');
    expect((await fetch(`${server.url}/api/user/tokens`, { headers: { cookie } })).status).toBe(403);
  });

  it('a signed-in read after the first is answered from memory until a change drops the session', async () => {
    const { cookie, user } = await signIn(server);
    const sid = cookieValue(cookie, SESSION_COOKIE) as string;
    const sessions = server.system.sessions;
    // a read under way while the sign-in's own writes come back through the change feed is not kept: the next one is
    await expect
      .poll(async () => {
        expect((await me(server.url, cookie)).status).toBe(200);
        return sessions.cached(sid)?.user?.id;
      }, within1s)
      .toBe(user.id);
    await server.system.database.withContext(() =>
      server.system.core.users.ban.execute({ userId: user.id, reason: 'Cheating' }),
    );
    expect(sessions.cached(sid)).toBeUndefined();
    expect((await (await me(server.url, cookie)).json()).ban.reason).toBe('Cheating');
  });

  it('a signed-in read answered from memory goes out with the very headers and bytes of the first, no-store included', async () => {
    const { cookie } = await signIn(server);
    const first = await me(server.url, cookie);
    const firstBody = await first.text();
    const cachedAnswers = () => server.system.sessions.cached(cookieValue(cookie, SESSION_COOKIE) as string);
    await expect.poll(() => cachedAnswers()?.user, within1s).toBeDefined();
    // the read that cached it, then one sent from memory
    const [again, fromMemory] = [await me(server.url, cookie), await me(server.url, cookie)];
    for (const answer of [again, fromMemory]) {
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe(firstBody);
      expect(headersOf(answer)).toEqual(headersOf(first));
    }
    expect(fromMemory.headers.get('cache-control')).toBe('no-store');
    expect(fromMemory.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(fromMemory.headers.get('x-frame-options')).toBe('DENY');
  });

  it('a change written past this process (another connection, as the CLI makes) applies within a second', async () => {
    const { cookie, user } = await signIn(server);
    expect(await balance(server.url, cookie)).toBe(0);
    // straight to the table, as another process would: only the database's trigger log tells this process
    await server.system.database.query(`update "users" set "tokens" = 75 where "id" = ?`, [user.id]);
    await expect.poll(() => balance(server.url, cookie), within1s).toBe(75);
    await server.system.database.query(`delete from "sessions" where "sess"::json ->> 'userId' = ?`, [user.id]);
    await expect.poll(async () => (await me(server.url, cookie)).status, within1s).toBe(401);
  });

  it('a store ban made or lifted past this process refuses or lets a checkout again within a second', async () => {
    const { cookie, user } = await signIn(server);
    const checkout = async () => {
      const response = await fetch(`${server.url}/api/create-payment-intent`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ ...AGREED, productType: 'gang', productId: 'starter-gang' }),
      });
      return { status: response.status, code: (await response.json()).code as string | undefined };
    };
    // the bans are read and cached by this first checkout
    expect((await checkout()).status).toBe(200);
    await server.system.database.query(
      `insert into "store_bans" ("user_id", "reason", "created_at") values (?, 'Chargeback', now())`,
      [user.id],
    );
    await expect.poll(checkout, within1s).toEqual({ status: 403, code: 'STORE_BANNED' });
    await server.system.database.query(`delete from "store_bans" where "user_id" = ?`, [user.id]);
    await expect.poll(async () => (await checkout()).status, within1s).toBe(200);
  });

  it('past 10,000 store bans, each checkout asks the database whether its buyer is banned', async () => {
    const { cookie, user } = await signIn(server);
    const checkout = async () =>
      (
        await fetch(`${server.url}/api/create-payment-intent`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', origin: server.url },
          body: JSON.stringify({ ...AGREED, productType: 'gang', productId: 'starter-gang' }),
        })
      ).status;
    // the buyer banned with 10,000 others
    await server.system.database.query(
      `with "made" as (
         insert into "users" ("id", "discord_id") select gen_random_uuid(), 'banned-' || n from generate_series(1, 10000) n
         returning "id")
       insert into "store_bans" ("user_id", "reason") select "id", 'Chargeback' from "made" union all select ?, 'Chargeback'`,
      [user.id],
    );
    await expect.poll(checkout, within1s).toBe(403);
    // asked again, now that this process knows the bans are too many to cache
    expect(await checkout()).toBe(403);
    expect(await checkout()).toBe(403);
    await server.system.database.query(`delete from "store_bans" where "user_id" = ?`, [user.id]);
    await expect.poll(checkout, within1s).toBe(200);
  });
});
