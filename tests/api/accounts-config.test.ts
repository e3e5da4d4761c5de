import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveSessionSecret } from '../../adapters/identity/session-secret.ts';
import { randomDiscordId, signIn } from '../support/session.ts';
import { PRODUCTION_ENV, startTestServer, type TestServer } from '../support/test-system.ts';

describe('session secret', () => {
  const dir = mkdtempSync(join(tmpdir(), 'secret-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('uses SESSION_SECRET when set, and otherwise generates one once and keeps it in DATA_DIR', () => {
    expect(resolveSessionSecret('x'.repeat(40), dir)).toBe('x'.repeat(40));
    const first = resolveSessionSecret(undefined, join(dir, 'data'));
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveSessionSecret(undefined, join(dir, 'data'))).toBe(first);
    expect(readFileSync(join(dir, 'data', 'session-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, 'data', 'session-secret')).mode & 0o777).toBe(0o600);
  });
});

describe('ADMIN_DISCORD_IDS', () => {
  let server: TestServer;
  const adminId = randomDiscordId();
  afterAll(async () => {
    await server?.stop();
  });

  it('makes those users admins when they sign in, and nobody else', async () => {
    server = await startTestServer({ env: { ADMIN_DISCORD_IDS: ` 1, ${adminId} ` } });
    const admin = await signIn(server, { discordId: adminId });
    const player = await signIn(server);
    const roleOf = async (cookie: string) =>
      (await (await fetch(`${server.url}/api/auth/user`, { headers: { Cookie: cookie } })).json()).role;
    expect(await roleOf(admin.cookie)).toBe('admin');
    expect(await roleOf(player.cookie)).toBe('player');
  });
});

describe('in production', () => {
  let server: TestServer;
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses the development sign-in, starts Discord sign-in, and marks the cookie Secure', async () => {
    server = await startTestServer({
      env: PRODUCTION_ENV,
    });
    // behind the production proxy, which terminates TLS
    const https = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'store.example.com' };
    const dev = await fetch(`${server.url}/api/auth/dev-login`, {
      method: 'POST',
      headers: { ...https, 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'x', discordId: '1' }),
    });
    expect(dev.status).toBe(403);
    const start = await fetch(`${server.url}/api/auth/discord`, { headers: https, redirect: 'manual' });
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toMatch(/^https:\/\/discord\.com\/oauth2\/authorize\?/);
    const cookie = start.headers.getSetCookie().find((line) => line.startsWith('bayou.sid='))!;
    expect(cookie).toMatch(/; secure/i);
    expect(cookie).toMatch(/httponly/i);
    const page = await fetch(`${server.url}/api/login`, { headers: https, redirect: 'manual' });
    expect(page.headers.get('location')).not.toContain('/dev-login');
  });
});
