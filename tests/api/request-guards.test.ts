import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomDiscordId, signIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { inOneLimitWindow } from '../support/rate-window.ts';

const devLogin = (server: TestServer, headers: Record<string, string>, body: string) =>
  fetch(`${server.url}/api/auth/dev-login`, { method: 'POST', headers, body });

describe('cross-site requests and content types', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await sharedTestServer();
  });

  const userExists = async (discordId: string) =>
    (await server.system.database.withContext(() => server.system.core.users.list.execute({}))).some(
      (user) => user.discordId === discordId,
    );

  it("refuses a POST carrying another site's Origin with 403 and changes nothing", async () => {
    const discordId = randomDiscordId();
    const response = await devLogin(
      server,
      { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      JSON.stringify({ username: 'x', discordId }),
    );
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe('CROSS_SITE_REQUEST');
    expect(await userExists(discordId)).toBe(false);
  });

  it('refuses a POST the browser marks cross-site, and PUT, PATCH and DELETE likewise', async () => {
    const discordId = randomDiscordId();
    const crossSite = await devLogin(
      server,
      { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' },
      JSON.stringify({ username: 'x', discordId }),
    );
    expect(crossSite.status).toBe(403);
    expect(await userExists(discordId)).toBe(false);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await fetch(`${server.url}/api/user/tokens`, {
        method,
        headers: { Origin: 'https://evil.example' },
      });
      expect(response.status).toBe(403);
    }
  });

  it('lets same-origin requests and requests without browser headers (webhooks, curl) through', async () => {
    const sameOrigin = await devLogin(
      server,
      { 'Content-Type': 'application/json', Origin: server.url, 'Sec-Fetch-Site': 'same-origin' },
      JSON.stringify({ username: 'x', discordId: randomDiscordId() }),
    );
    expect(sameOrigin.status).toBe(200);
    const plain = await devLogin(
      server,
      { 'Content-Type': 'application/json' },
      JSON.stringify({ username: 'x', discordId: randomDiscordId() }),
    );
    expect(plain.status).toBe(200);
  });

  it('answers 415 to a form-encoded body on a JSON route and changes nothing', async () => {
    const discordId = randomDiscordId();
    const response = await devLogin(
      server,
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      `username=x&discordId=${discordId}`,
    );
    expect(response.status).toBe(415);
    expect((await response.json()).message).toMatch(/JSON/);
    expect(await userExists(discordId)).toBe(false);
  });
});

describe('rate limits from configuration', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_SIGNIN_PER_MINUTE: '3', RATE_LIMIT_WRITES_PER_MINUTE: '2' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 429 with Retry-After once an address starts too many sign-ins in a minute', async () => {
    await inOneLimitWindow();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 4; i += 1) {
      const response = await fetch(`${server.url}/api/login`, { redirect: 'manual' });
      statuses.push(response.status);
      retryAfter = response.headers.get('retry-after');
    }
    expect(statuses).toEqual([302, 302, 302, 429]);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  });
});

describe('rate limit on writes per user', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '2' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers 429 with Retry-After to a user's third write in a minute, and not to another user", async () => {
    await inOneLimitWindow();
    const alice = await signIn(server);
    const bob = await signIn(server);
    const write = (cookie: string) =>
      fetch(`${server.url}/api/user/tokens`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: '{}',
      });
    const statuses = [(await write(alice.cookie)).status, (await write(alice.cookie)).status];
    const third = await write(alice.cookie);
    // the first two reach the router (no POST there: 405); the third is stopped before it
    expect(statuses).toEqual([405, 405]);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await write(bob.cookie)).status).toBe(405);
  });
});
