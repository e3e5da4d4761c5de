import { beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, randomDiscordId, signIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

describe('sign-in, the current user and sign-out over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await sharedTestServer();
  });

  const get = (path: string, cookie?: string) =>
    fetch(`${server.url}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' });

  it('answers 401 to GET /api/auth/user and /api/user/tokens when signed out', async () => {
    expect((await get('/api/auth/user')).status).toBe(401);
    expect((await get('/api/user/tokens')).status).toBe(401);
  });

  it('signs in with the development sign-in and answers the signed-in user and a balance of 0', async () => {
    const discordId = randomDiscordId();
    const { cookie } = await signIn(server, { discordId, username: 'Remy', email: 'remy@example.com' });
    const me = await get('/api/auth/user', cookie);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      username: 'Remy',
      discordUsername: 'Remy',
      email: 'remy@example.com',
      discordId,
      role: 'player',
      permissions: [],
      ageDeclared: false,
    });
    const tokens = await get('/api/user/tokens', cookie);
    expect(await tokens.json()).toEqual({ tokens: 0, boughtTokens: 0, earnedTokens: 0 });
  });

  it('sets an HttpOnly, SameSite=Lax, signed session cookie with a long random id', async () => {
    const response = await fetch(`${server.url}/api/auth/dev-login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'Cher', discordId: randomDiscordId() }),
    });
    expect(response.status).toBe(200);
    const lines = response.headers.getSetCookie().filter((line) => !/^[^=]+=;/.test(line));
    const sid = lines.find((line) => line.startsWith('bayou.sid='))!;
    expect(sid).toMatch(/httponly/i);
    expect(sid).toMatch(/samesite=lax/i);
    expect(sid).not.toMatch(/secure/i);
    expect(lines.some((line) => line.startsWith('bayou.sid.sig='))).toBe(true);
    const id = sid.slice('bayou.sid='.length).split(';')[0]!;
    // base64url of 32 random bytes: 256 bits
    expect(Buffer.from(id, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('logs out: the session is destroyed on the server, the cookie cleared, and the browser sent to /', async () => {
    const { cookie } = await signIn(server);
    expect((await get('/api/auth/user', cookie)).status).toBe(200);
    const logout = await get('/api/auth/logout', cookie);
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/');
    expect(logout.headers.getSetCookie().some((line) => /^bayou\.sid=;/.test(line))).toBe(true);
    // the old cookie, replayed, no longer names a session
    expect((await get('/api/auth/user', cookie)).status).toBe(401);
  });

  it('answers GET /api/auth/session with 200 either way: null signed out, tampered or after sign-out, the user signed in', async () => {
    const nobody = await get('/api/auth/session');
    expect(nobody.status).toBe(200);
    expect(nobody.headers.get('cache-control')).toBe('no-store');
    expect(await nobody.json()).toEqual({ user: null });
    const discordId = randomDiscordId();
    const { cookie } = await signIn(server, { discordId, username: 'Odile', email: 'odile@example.com' });
    expect(await (await get('/api/auth/session', cookie)).json()).toEqual({
      user: {
        username: 'Odile',
        discordUsername: 'Odile',
        email: 'odile@example.com',
        discordId,
        role: 'player',
        permissions: [],
        ageDeclared: false,
      },
    });
    const tampered = cookie.replace(/bayou\.sid=([^;]+)/, (_m, id: string) => `bayou.sid=${id.slice(0, -2)}xx`);
    expect(await (await get('/api/auth/session', tampered)).json()).toEqual({ user: null });
    await get('/api/auth/logout', cookie);
    expect(await (await get('/api/auth/session', cookie)).json()).toEqual({ user: null });
  });

  it('refuses a tampered cookie', async () => {
    const { cookie } = await signIn(server);
    const tampered = cookie.replace(/bayou\.sid=([^;]+)/, (_m, id: string) => `bayou.sid=${id.slice(0, -2)}xx`);
    expect((await get('/api/auth/user', tampered)).status).toBe(401);
  });

  it('sends /api/auth/discord and /api/login to the development sign-in page when Discord is not configured', async () => {
    const start = await get('/api/auth/discord?returnTo=%2Fwhitelist');
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe('/dev-login?returnTo=%2Fwhitelist');
    const login = await get('/api/login?returnTo=https%3A%2F%2Fevil.example');
    expect(login.headers.get('location')).toBe('/dev-login');
  });

  it('validates the development sign-in by the rules of a sign-in identity and creates nobody on bad input', async () => {
    const post = (body: unknown) =>
      fetch(`${server.url}/api/auth/dev-login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const bad = await post({ username: 'Remy', discordId: '12345', email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/email/i);
    expect((await post({ username: '', discordId: '12345' })).status).toBe(400);
    expect((await post({ username: 'Remy', discordId: 'abc' })).status).toBe(400);
    const users = await server.system.database.withContext(() => server.system.core.users.list.execute({}));
    expect(users.some((user) => user.discordId === '12345')).toBe(false);
    const ok = await post({ username: 'Remy', discordId: '12345', email: '' });
    expect(ok.status).toBe(200);
    expect(cookieHeader(ok)).toMatch(/bayou\.sid=/);
  });
});
