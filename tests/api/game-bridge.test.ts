import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whitelistAnswers } from '../support/application-builders.ts';
import { eventually } from '../support/eventually.ts';
import { FakeFxServer } from '../support/fake-fxserver.ts';
import { client } from '../support/http.ts';
import { randomDiscordId, signIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { inOneLimitWindow } from '../support/rate-window.ts';

const KEY = 'game-key-0123456789abcdefghij';
let fx: FakeFxServer;
let site: TestServer;
let plain: TestServer;
beforeAll(async () => {
  fx = await new FakeFxServer().start();
  [site, plain] = await Promise.all([
    startTestServer({
      env: {
        FIVEM_SERVER_URL: fx.url,
        FIVEM_STATUS_POLL_MS: '100',
        FIVEM_CONNECT_CODE: 'ab12cd',
        GAME_API_KEY: KEY,
        RATE_LIMIT_WRITES_PER_MINUTE: '10000',
      },
    }),
    sharedTestServer(),
  ]);
});
afterAll(async () => {
  await site?.stop();
  await fx?.stop();
});

/** the game server's own calls: its key, no session */
const game = (key: string | null = KEY) => {
  const headers = (extra: Record<string, string> = {}) => ({
    ...(key ? { authorization: `Bearer ${key}` } : {}),
    ...extra,
  });
  return {
    get: async (path: string, extra?: Record<string, string>) => {
      const response = await fetch(`${site.url}${path}`, { headers: headers(extra) });
      return { status: response.status, body: await response.json(), headers: response.headers };
    },
    post: async (path: string, body: unknown) => {
      const response = await fetch(`${site.url}${path}`, {
        method: 'POST',
        headers: headers({ 'content-type': 'application/json' }),
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
  };
};

const status = async (target: TestServer) => (await client(target.url).get('/api/server-status')).body;

describe('live server status', () => {
  it('reads the game server, says when it goes down and when it comes back, and names the join link', async () => {
    await eventually(async () =>
      expect(await status(site)).toMatchObject({
        configured: true,
        online: true,
        players: 12,
        maxPlayers: 48,
        hostname: 'Bayou Roleplay | Louisiana',
        connectUrl: 'fivem://connect/cfx.re/join/ab12cd',
        // every check so far found it up
        uptime: 1,
      }),
    );
    await fx.down();
    await eventually(async () => expect(await status(site)).toMatchObject({ online: false, players: null }));
    // the checks that found it down count against its uptime, kept in the database
    await eventually(async () => expect((await status(site)).uptime).toBeLessThan(1));
    const [counted] = await site.system.database.withContext(() =>
      site.system.database.em.execute<Array<{ checks: number; online: number }>>(
        `select sum("checks")::int as "checks", sum("online")::int as "online" from "game_server_checks"`,
      ),
    );
    expect(counted.online).toBeGreaterThan(0);
    expect(counted.online).toBeLessThan(counted.checks);
    fx.players = 30;
    await fx.up();
    await eventually(async () => expect(await status(site)).toMatchObject({ online: true, players: 30 }));
    expect(Date.now() - Date.parse((await status(site)).updatedAt)).toBeLessThan(5_000);
  });

  it("answers from memory: players' requests never reach the game server", async () => {
    // a game server of its own: no other test's server polls it
    const own = await new FakeFxServer().start();
    const slow = await startTestServer({ env: { FIVEM_SERVER_URL: own.url, FIVEM_STATUS_POLL_MS: '600000' } });
    try {
      await eventually(async () => expect((await status(slow)).online).toBe(true));
      // the first reading's two files are both read (the next comes in ten minutes)
      await eventually(async () => expect(own.hits).toBe(2));
      await Promise.all(Array.from({ length: 20 }, () => status(slow)));
      expect(own.hits).toBe(2);
    } finally {
      await slow.stop();
      await own.stop();
    }
  });

  it('without FIVEM_SERVER_URL says it is not configured, with no join link', async () => {
    expect(await status(plain)).toEqual({
      configured: false,
      online: false,
      players: null,
      maxPlayers: null,
      hostname: null,
      updatedAt: null,
      uptime: null,
      connectUrl: null,
      // no game server has reported a queue
      queue: null,
    });
  });
});

describe('the access API for the game server', () => {
  it('needs the key (401 without it, with a wrong one, or with only a browser session) and is absent without one', async () => {
    const path = `/api/game/players/${randomDiscordId()}`;
    expect((await game(null).get(path)).status).toBe(401);
    const wrong = await game('game-key-0123456789abcdefghiX').get(path);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('Bearer');
    const player = await signIn(site, { role: 'admin' });
    expect((await game(null).get(path, { cookie: player.cookie })).status).toBe(401);
    // exactly `Bearer <key>`: anything before, between or after is not the key
    for (const authorization of [`Bearer ${KEY} extra`, `Bearer  ${KEY}`, `Bearer ${KEY},x`, `Basic ${KEY}`, KEY]) {
      const response = await fetch(`${site.url}${path}`, { headers: { authorization } });
      expect(response.status, authorization).toBe(401);
    }
    expect((await game().get(path)).status).not.toBe(401);
    const absent = await fetch(`${plain.url}${path}`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(absent.status).toBe(404);
    const posted = await fetch(`${plain.url}${path}/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 5, reference: 'x', reason: 'y' }),
    });
    expect(posted.status).toBe(404);
  });

  it('answers who may connect and in what order: unknown, plain, whitelisted by application, by tier, staff, banned', async () => {
    const unknown = randomDiscordId();
    expect((await game().get(`/api/game/players/${unknown}`)).body).toEqual({
      discordId: unknown,
      known: false,
      whitelisted: false,
      banned: false,
      priority: 0,
      tier: null,
      tokens: 0,
      boughtTokens: 0,
      earnedTokens: 0,
    });
    expect((await game().get('/api/game/players/not-an-id')).status).toBe(400);

    const plainPlayer = await signIn(site);
    const asked = (discordId: string) => game().get(`/api/game/players/${discordId}`);
    expect((await asked(plainPlayer.user.discordId)).body).toMatchObject({
      known: true,
      whitelisted: false,
      banned: false,
      priority: 0,
      tier: null,
    });

    const applicant = await signIn(site);
    const created = await client(site.url, applicant.cookie).post('/api/applications', whitelistAnswers());
    expect(created.status).toBe(201);
    const staff = client(site.url, (await signIn(site, { role: 'staff' })).cookie);
    const reviewed = await staff.patch(`/api/applications/${created.body.id}/review`, {
      status: 'approved',
      reviewNotes: 'Solid backstory and knows the rules.',
    });
    expect(reviewed.status).toBe(200);
    expect((await asked(applicant.user.discordId)).body).toMatchObject({ whitelisted: true, priority: 0, tier: null });

    const member = await signIn(site);
    await buyWithDemoCard(site.url, member, { productType: 'whitelist', productId: 'gator-crown' });
    expect((await asked(member.user.discordId)).body).toMatchObject({
      whitelisted: true,
      priority: 4,
      tier: 'gator-crown',
      tokens: 200,
      boughtTokens: 200,
      earnedTokens: 0,
    });
    // 30 earned in game, then 50 spent: the 30 earned go first, then 20 of those bought
    const change = (amount: number, reference: string) =>
      game().post(`/api/game/players/${member.user.discordId}/tokens`, { amount, reference, reason: 'Fishing' });
    expect((await change(30, 'catch-1')).status).toBe(200);
    expect((await asked(member.user.discordId)).body).toMatchObject({
      tokens: 230,
      boughtTokens: 200,
      earnedTokens: 30,
    });
    expect((await change(-50, 'boat-1')).status).toBe(200);
    expect((await asked(member.user.discordId)).body).toMatchObject({
      tokens: 180,
      boughtTokens: 180,
      earnedTokens: 0,
    });

    const moderator = await signIn(site, { role: 'staff' });
    expect((await asked(moderator.user.discordId)).body).toMatchObject({ whitelisted: true, priority: 10 });

    const banned = await signIn(site);
    await site.system.database.withContext(() =>
      site.system.core.users.ban.execute({ userId: banned.user.id, reason: 'Cheating in game' }),
    );
    expect((await asked(banned.user.discordId)).body).toMatchObject({ known: true, banned: true });
  });

  it('is rate limited per key', async () => {
    const limited = await startTestServer({ env: { GAME_API_KEY: KEY, RATE_LIMIT_GAME_PER_MINUTE: '3' } });
    try {
      const ask = () =>
        fetch(`${limited.url}/api/game/players/${randomDiscordId()}`, { headers: { authorization: `Bearer ${KEY}` } });
      const answers = [];
      await inOneLimitWindow();
      for (let i = 0; i < 4; i++) answers.push((await ask()).status);
      expect(answers).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.stop();
    }
  });
});

describe('tokens credited and spent in game', () => {
  const tokensOf = async (discordId: string) => (await game().get(`/api/game/players/${discordId}`)).body.tokens;

  it('applies each reference once, refuses a spend beyond the balance with the balance, and writes the ledger', async () => {
    const player = await signIn(site);
    const path = `/api/game/players/${player.user.discordId}/tokens`;
    const credit = await game().post(path, { amount: 50, reference: 'fishing-42', reason: 'Crawfish contest prize' });
    expect(credit).toEqual({ status: 200, body: { discordId: player.user.discordId, balance: 50, duplicate: false } });
    expect(
      (await game().post(path, { amount: 50, reference: 'fishing-42', reason: 'Crawfish contest prize' })).body,
    ).toEqual({
      discordId: player.user.discordId,
      balance: 50,
      duplicate: true,
    });
    expect((await game().post(path, { amount: -30, reference: 'shop-7', reason: 'Airboat rental' })).body.balance).toBe(
      20,
    );
    const beyond = await game().post(path, { amount: -21, reference: 'shop-8', reason: 'Airboat rental' });
    expect(beyond.status).toBe(409);
    expect(beyond.body).toMatchObject({ code: 'INSUFFICIENT_TOKENS', balance: 20 });
    expect(await tokensOf(player.user.discordId)).toBe(20);

    const history = (await client(site.url, player.cookie).get('/api/user/tokens/history')).body.entries as Array<{
      delta: number;
      reason: string;
    }>;
    expect(history.slice(0, 2).map((entry) => [entry.delta, entry.reason])).toEqual([
      [-30, 'In game: Airboat rental'],
      [50, 'In game: Crawfish contest prize'],
    ]);

    // staff see it on the player's page
    const staff = client(site.url, (await signIn(site, { role: 'staff' })).cookie);
    const timeline = (await staff.get(`/api/players/${player.user.id}`)).body.timeline as Array<{
      kind: string;
      title: string;
      detail: string | null;
      notes: string | null;
    }>;
    expect(JSON.stringify(timeline)).toContain('In game: Airboat rental');

    expect((await game().post(path, { amount: 0, reference: 'zero', reason: 'Nothing' })).status).toBe(400);
    expect((await game().post(path, { amount: 5, reference: '', reason: 'Nothing' })).status).toBe(400);
    expect((await game().post(path, { amount: 5.5, reference: 'half', reason: 'Nothing' })).status).toBe(400);
    const nobody = await game().post(`/api/game/players/${randomDiscordId()}/tokens`, {
      amount: 5,
      reference: 'r',
      reason: 'Prize',
    });
    expect(nobody.status).toBe(404);
    expect(await tokensOf(player.user.discordId)).toBe(20);
  });

  it('20 requests with one reference at once credit once; 100 spends against 50 tokens take exactly 50', async () => {
    const player = await signIn(site);
    const path = `/api/game/players/${player.user.discordId}/tokens`;
    const same = await Promise.all(
      Array.from({ length: 20 }, () => game().post(path, { amount: 50, reference: 'race-1', reason: 'Race win' })),
    );
    expect(same.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(same.filter((answer) => !answer.body.duplicate)).toHaveLength(1);
    expect(new Set(same.map((answer) => answer.body.balance))).toEqual(new Set([50]));

    // all 100 wait on one balance: on a loaded machine some wait past the pool's 2 s and are answered 503 ("try
    // again shortly"), and the game server sends them again with the same reference, as it does here
    const spend = async (i: number) => {
      for (let attempt = 0; ; attempt++) {
        const answer = await game().post(path, { amount: -1, reference: `bait-${i}`, reason: 'Bait' });
        if (answer.status !== 503 || attempt === 5) return answer;
      }
    };
    const spends = await Promise.all(Array.from({ length: 100 }, (_, i) => spend(i)));
    expect(spends.filter((answer) => answer.status === 200)).toHaveLength(50);
    expect(spends.filter((answer) => answer.status === 409)).toHaveLength(50);
    expect(await tokensOf(player.user.discordId)).toBe(0);
  });
});
