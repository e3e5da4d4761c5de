import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../adapters/config-error.ts';
import { loadConfig } from '../../adapters/config.ts';
import { cookieHeader, signIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import { PRODUCTION_ENV, startTestServer, type TestServer } from '../support/test-system.ts';
import { inOneLimitWindow } from '../support/rate-window.ts';

const DISCORD_ENV = {
  DISCORD_CLIENT_ID: 'client',
  DISCORD_CLIENT_SECRET: 'secret',
  DISCORD_REDIRECT_URI: 'https://store.example.com/api/auth/discord/callback',
  // never contacted: starting a sign-in only builds the authorize address
  DISCORD_BASE_URL: 'http://127.0.0.1:9',
};

const sessionRows = async (server: TestServer) =>
  server.system.database.withContext(() =>
    server.system.database.em.execute<Array<{ sid: string; sess: string; expire: Date }>>(
      `select "sid", "sess", "expire" from "sessions"`,
    ),
  );
const tableCount = async (server: TestServer, table: string) =>
  (
    await server.system.database.withContext(() =>
      server.system.database.em.execute<Array<{ n: number }>>(`select count(*)::int as n from "${table}"`),
    )
  )[0]!.n;

describe('TRUST_PROXY_HOPS: the client address is the one the nearest trusted proxy saw', () => {
  it('defaults to 0 in development and 1 in production, and production refuses 0', () => {
    expect(loadConfig({}).server.trustProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY_HOPS: '2' }).server.trustProxyHops).toBe(2);
    expect(loadConfig(PRODUCTION_ENV).server.trustProxyHops).toBe(1);
    expect(() => loadConfig({ ...PRODUCTION_ENV, TRUST_PROXY_HOPS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: 'many' })).toThrow(/TRUST_PROXY_HOPS/);
  });

  describe('behind one proxy', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ env: { TRUST_PROXY_HOPS: '1', RATE_LIMIT_SIGNIN_PER_MINUTE: '20' } });
    });
    afterAll(async () => {
      await server?.stop();
    });

    const signInFrom = (forwardedFor: string) =>
      fetch(`${server.url}/api/login`, { headers: { 'X-Forwarded-For': forwardedFor }, redirect: 'manual' });

    it('limits 30 sign-ins with 30 forged left-most addresses by the address the proxy appended: 429 after 20', async () => {
      await inOneLimitWindow();
      const statuses: number[] = [];
      // nginx's $proxy_add_x_forwarded_for: whatever the client sent, then the address nginx saw
      for (let i = 0; i < 30; i += 1) statuses.push((await signInFrom(`10.9.${i}.1, 203.0.113.7`)).status);
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(302));
      expect(statuses.slice(20)).toEqual(Array(10).fill(429));
      // another real client behind the same proxy still gets in
      expect((await signInFrom('10.9.0.1, 198.51.100.23')).status).toBe(302);
    });
  });

  describe('with no proxy trusted', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ env: { RATE_LIMIT_SIGNIN_PER_MINUTE: '5' } });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('ignores X-Forwarded-For entirely and counts the connecting address', async () => {
      await inOneLimitWindow();
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        const response = await fetch(`${server.url}/api/login`, {
          headers: { 'X-Forwarded-For': `198.51.100.${i}` },
          redirect: 'manual',
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([302, 302, 302, 302, 302, 429, 429, 429]);
    });
  });
});

describe('the sign-in state of a visitor lives at most 10 minutes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: DISCORD_ENV });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('after 100 anonymous /api/login calls no session row expires more than 10 minutes later', async () => {
    const startedAt = Date.now();
    for (let i = 0; i < 100; i += 1) {
      const response = await fetch(`${server.url}/api/login`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toContain('/oauth2/authorize?');
      // the cookie carrying the state lasts no longer than the row
      const cookie = response.headers.getSetCookie().find((line) => line.startsWith('bayou.sid='))!;
      const expires = Date.parse(/expires=([^;]+)/i.exec(cookie)![1]!);
      expect(expires).toBeLessThanOrEqual(startedAt + 10 * 60_000 + 60_000);
    }
    const rows = await sessionRows(server);
    expect(rows.length).toBe(100);
    const latest = Math.max(...rows.map((row) => new Date(row.expire).getTime()));
    expect(latest).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    expect(latest).toBeGreaterThan(startedAt);
  });
});

describe('in production, a request that did not come over HTTPS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ...PRODUCTION_ENV, ...DISCORD_ENV } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const plain = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, { redirect: 'manual', ...init });

  it('never gets a 500: sign-in start, callback and the development sign-in get 400 with a clear message, and nothing is written', async () => {
    const before = { sessions: await tableCount(server, 'sessions'), users: await tableCount(server, 'users') };
    const attempts = [
      plain('/api/login'),
      plain('/api/auth/discord?returnTo=%2Fwhitelist'),
      plain('/api/auth/discord/callback?code=abc&state=def'),
      plain('/api/auth/dev-login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'x', discordId: '123456' }),
      }),
      // a forwarded scheme other than https is no better, nor is https named after the trusted proxy's own value
      plain('/api/login', { headers: { 'X-Forwarded-Proto': 'http' } }),
      plain('/api/login', { headers: { 'X-Forwarded-Proto': 'http, https' } }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(400);
      expect(response.headers.getSetCookie()).toEqual([]);
      const body = (await response.json()) as { message: string; code: string };
      expect(body.code).toBe('HTTPS_REQUIRED');
      expect(body.message).toBe('This site only answers over HTTPS. Use https://store.example.com.');
    }
    expect({ sessions: await tableCount(server, 'sessions'), users: await tableCount(server, 'users') }).toEqual(
      before,
    );
  });

  it('sends a page to the same address on PUBLIC_URL', async () => {
    const response = await plain('/whitelist?tier=bayou-basic');
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('https://store.example.com/whitelist?tier=bayou-basic');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('still answers the health check a load balancer sends over plain HTTP', async () => {
    expect((await plain('/api/health')).status).toBe(200);
  });

  it('over HTTPS from the trusted proxy, the same routes answer as they should', async () => {
    const https = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'store.example.com' };
    const start = await plain('/api/login', { headers: https });
    expect(start.status).toBe(302);
    expect(start.headers.getSetCookie().find((line) => line.startsWith('bayou.sid='))).toMatch(/; secure/i);
    const callback = await plain('/api/auth/discord/callback?code=abc&state=wrong', {
      headers: { ...https, Cookie: cookieHeader(start) },
    });
    expect(callback.status).toBe(400);
    expect(((await callback.json()) as { code: string }).code).toBe('SIGN_IN_STATE_INVALID');
    const dev = await plain('/api/auth/dev-login', {
      method: 'POST',
      headers: { ...https, 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'x', discordId: '123456' }),
    });
    expect(dev.status).toBe(403);
    expect(await tableCount(server, 'users')).toBe(0);
    // the first value of a list counts, spaces around it or not
    for (const proto of ['https, http', ' https ,http'])
      expect((await plain('/api/catalogue', { headers: { 'X-Forwarded-Proto': proto } })).status).toBe(200);
  });
});

describe('sign-out from another site', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await sharedTestServer();
  });

  const signedIn = async (cookie: string) =>
    (await fetch(`${server.url}/api/auth/user`, { headers: { Cookie: cookie } })).status === 200;
  const logout = (cookie: string, headers: Record<string, string>) =>
    fetch(`${server.url}/api/auth/logout`, { headers: { Cookie: cookie, ...headers }, redirect: 'manual' });

  it('is refused: the session stays and the browser is sent to /', async () => {
    const player = await signIn(server);
    const attempts: Array<Record<string, string>> = [
      { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' },
      { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' },
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
    ];
    for (const headers of attempts) {
      const response = await logout(player.cookie, headers);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/');
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await signedIn(player.cookie)).toBe(true);
    }
  });

  it("signs out a navigation from this site's own pages, or a typed address", async () => {
    const navigations: Array<Record<string, string>> = [
      { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate' },
      { 'Sec-Fetch-Site': 'none' },
      {},
    ];
    for (const headers of navigations) {
      const player = await signIn(server);
      const response = await logout(player.cookie, headers);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/');
      expect(await signedIn(player.cookie)).toBe(false);
    }
  });
});
