import { Writable } from 'node:stream';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../adapters/logger.ts';
import { cookieHeader } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const CLIENT_ID = 'bayou-client-id';
const CLIENT_SECRET = 'discord-client-secret-5f1c0e7a9b';
const REDIRECT_URI = 'https://store.example.com/api/auth/discord/callback';
const DISCORD_USER = {
  id: '80351110224678912',
  username: 'nelly',
  global_name: 'Nelly Broussard',
  email: 'nelly@example.com',
  avatar: '8342729096ea3675442027381ff50dfe',
  discriminator: '0',
};

describe('Discord sign-in: the authorization code flow with state and PKCE against a local OAuth2 server', () => {
  let discord: OAuth2Server;
  let server: TestServer;
  let now = Date.now();
  const logLines: string[] = [];
  const issuedTokens: string[] = [];
  const tokenRequests: Array<Record<string, string>> = [];
  const userinfoAuthorizations: string[] = [];

  beforeAll(async () => {
    discord = new OAuth2Server(undefined, undefined, {
      endpoints: { authorize: '/oauth2/authorize', token: '/api/oauth2/token', userinfo: '/api/users/@me' },
    });
    await discord.issuer.keys.generate('RS256');
    await discord.start(0, '127.0.0.1');
    discord.service.on(
      'beforeResponse',
      (response: { body: { access_token?: string } }, req: { body: Record<string, string> }) => {
        tokenRequests.push({ ...req.body });
        if (response.body.access_token) issuedTokens.push(response.body.access_token);
      },
    );
    discord.service.on('beforeUserinfo', (response: { body: unknown }, req: { headers: Record<string, string> }) => {
      userinfoAuthorizations.push(req.headers.authorization ?? '');
      response.body = DISCORD_USER;
    });
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer({
      env: {
        DISCORD_CLIENT_ID: CLIENT_ID,
        DISCORD_CLIENT_SECRET: CLIENT_SECRET,
        DISCORD_REDIRECT_URI: REDIRECT_URI,
        DISCORD_BASE_URL: discord.issuer.url!,
        LOG_LEVEL: 'trace',
      },
      logger: createLogger('trace', sink),
      clock: { now: () => new Date(now) },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await discord?.stop();
  });

  const get = (url: string, cookie?: string) =>
    fetch(url.startsWith('http') ? url : `${server.url}${url}`, {
      headers: cookie ? { Cookie: cookie } : {},
      redirect: 'manual',
    });
  const sid = (cookie: string) => /bayou\.sid=([^;]+)/.exec(cookie)?.[1];
  const countSignedInSessions = async () => {
    const rows = await server.system.database.withContext(() =>
      server.system.database.em.execute<{ n: number }[]>(
        `select count(*)::int as n from sessions where sess like '%"userId"%'`,
      ),
    );
    return rows[0]!.n;
  };
  const countUsers = async () =>
    (await server.system.database.withContext(() => server.system.core.users.list.execute({}))).length;

  /** The visitor starts sign-in and Discord sends them back: answers the anonymous cookie and the callback path. */
  async function startAndAuthorize(returnTo = '/whitelist') {
    const start = await get(`/api/auth/discord?returnTo=${encodeURIComponent(returnTo)}`);
    expect(start.status).toBe(302);
    const cookie = cookieHeader(start);
    const authorizeUrl = new URL(start.headers.get('location')!);
    const authorize = await get(authorizeUrl.toString());
    expect(authorize.status).toBe(302);
    const back = new URL(authorize.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    return {
      cookie,
      authorizeUrl,
      callbackPath: `/api/auth/discord/callback${back.search}`,
      state: back.searchParams.get('state')!,
      code: back.searchParams.get('code')!,
    };
  }

  it('signs in: redirects with state and an S256 challenge, trades the code with the verifier, reads /users/@me and starts a new session', async () => {
    const { cookie, authorizeUrl, callbackPath, state } = await startAndAuthorize('/whitelist');
    expect(authorizeUrl.pathname).toBe('/oauth2/authorize');
    expect(authorizeUrl.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
    expect(authorizeUrl.searchParams.get('scope')).toBe('identify email');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect(sid(cookie)).toBeTruthy();

    const callback = await get(callbackPath, cookie);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/whitelist');
    const signedIn = cookieHeader(callback);
    // a new session id at sign-in: the id the visitor had before is worthless
    expect(sid(signedIn)).toBeTruthy();
    expect(sid(signedIn)).not.toBe(sid(cookie));
    expect((await get('/api/auth/user', cookie)).status).toBe(401);

    const last = tokenRequests.at(-1)!;
    expect(last.grant_type).toBe('authorization_code');
    expect(last.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(last.client_secret).toBe(CLIENT_SECRET);
    expect(userinfoAuthorizations.at(-1)).toBe(`Bearer ${issuedTokens.at(-1)}`);

    const me = await get('/api/auth/user', signedIn);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      username: 'Nelly Broussard',
      discordUsername: 'nelly',
      email: 'nelly@example.com',
      discordId: DISCORD_USER.id,
      role: 'player',
      permissions: [],
      ageDeclared: false,
    });
  });

  it('returns to the page and product the player was on (the returnTo kept through the OAuth state)', async () => {
    const payment = '/stripe-checkout?type=whitelist&id=swamp-blood';
    const { cookie, callbackPath } = await startAndAuthorize(payment);
    const callback = await get(callbackPath, cookie);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe(payment);
    // the header's Login starts at /api/login: the same return
    const viaLogin = await get(`/api/login?returnTo=${encodeURIComponent('/unban')}`);
    expect(viaLogin.status).toBe(302);
    const authorize = await get(viaLogin.headers.get('location')!);
    const back = new URL(authorize.headers.get('location')!);
    const done = await get(`/api/auth/discord/callback${back.search}`, cookieHeader(viaLogin));
    expect(done.headers.get('location')).toBe('/unban');
  });

  it('sends a returnTo that would leave the site home instead', async () => {
    for (const returnTo of ['//evil.com', 'https://evil.com/whitelist', '/\\evil.com', 'javascript:alert(1)']) {
      const { cookie, callbackPath } = await startAndAuthorize(returnTo);
      const callback = await get(callbackPath, cookie);
      expect(callback.status).toBe(302);
      expect(callback.headers.get('location')).toBe('/');
    }
  });

  it('refuses a reused state with 400 and creates no session', async () => {
    const { cookie, callbackPath } = await startAndAuthorize();
    const first = await get(callbackPath, cookie);
    expect(first.status).toBe(302);
    const signedIn = cookieHeader(first);
    const sessionsBefore = await countSignedInSessions();
    for (const replayCookie of [cookie, signedIn]) {
      const replay = await get(callbackPath, replayCookie);
      expect(replay.status).toBe(400);
      expect((await replay.json()).message).toMatch(/expired or was already used/);
    }
    expect(await countSignedInSessions()).toBe(sessionsBefore);
  });

  it('refuses a wrong state with 400, creates no session and no user, and the right state cannot be used after it', async () => {
    discord.service.once('beforeUserinfo', (response: { body: unknown }) => {
      response.body = { ...DISCORD_USER, id: '11111111111111111', username: 'mallory' };
    });
    const usersBefore = await countUsers();
    const sessionsBefore = await countSignedInSessions();
    const { cookie, callbackPath, state } = await startAndAuthorize();
    const wrong = await get(
      callbackPath.replace(`state=${encodeURIComponent(state)}`, 'state=forged-state-value'),
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(cookieHeader(wrong)).not.toMatch(/bayou\.sid=(?!;)/);
    expect((await get('/api/auth/user', cookie)).status).toBe(401);
    expect((await get(callbackPath, cookie)).status).toBe(400);
    expect(await countSignedInSessions()).toBe(sessionsBefore);
    expect(await countUsers()).toBe(usersBefore);
  });

  it('refuses a state older than 10 minutes with 400 and creates no session', async () => {
    const sessionsBefore = await countSignedInSessions();
    const { cookie, callbackPath } = await startAndAuthorize();
    now += 10 * 60_000 + 1_000;
    const late = await get(callbackPath, cookie);
    expect(late.status).toBe(400);
    expect((await get('/api/auth/user', cookie)).status).toBe(401);
    expect(await countSignedInSessions()).toBe(sessionsBefore);
  });

  it('refuses a callback from a visitor who never started sign-in here', async () => {
    const { callbackPath } = await startAndAuthorize();
    expect((await get(callbackPath)).status).toBe(400);
  });

  it('accepts a state returned within 10 minutes', async () => {
    const { cookie, callbackPath } = await startAndAuthorize();
    now += 9 * 60_000;
    expect((await get(callbackPath, cookie)).status).toBe(302);
  });

  it('refuses the development sign-in while Discord is configured', async () => {
    const response = await fetch(`${server.url}/api/auth/dev-login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'x', discordId: '123' }),
    });
    expect(response.status).toBe(403);
  });

  it('logs the sign-in without any cookie value, access token, code or client secret', async () => {
    const { cookie, callbackPath, code, state } = await startAndAuthorize();
    const callback = await get(callbackPath, cookie);
    const signedIn = cookieHeader(callback);
    await get('/api/auth/user', signedIn);
    await get('/api/auth/logout', signedIn);
    const log = logLines.join('');
    expect(log).toMatch(/"msg":"signed in"/);
    expect(log).toMatch(/"msg":"request"/);
    const secrets = [
      CLIENT_SECRET,
      code,
      state,
      ...issuedTokens,
      ...[cookie, signedIn].flatMap((header) => header.split('; ').map((pair) => pair.split('=')[1]!)),
    ];
    expect(secrets.length).toBeGreaterThan(5);
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
