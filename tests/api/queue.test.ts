import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import { randomDiscordId, signIn, type SignedIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

// the queue report the game server sends, and what players and staff read of it (decision 0110)
const KEY = 'queue-key-0123456789abcdef0123';
let server: TestServer;
let waiter: SignedIn;
beforeAll(async () => {
  server = await startTestServer({ env: { GAME_API_KEY: KEY, RATE_LIMIT_GAME_PER_MINUTE: '100000' } });
  waiter = await signIn(server);
});
afterAll(() => server?.stop());

const send = (body: unknown, key: string | null = KEY) =>
  fetch(`${server.url}/api/game/queue`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const player = (discordId: string, name: string, priority = 1) => ({
  discordId,
  name,
  priority,
  tier: priority > 0 ? 'bayou-basic' : null,
  since: new Date(Date.now() - 60_000).toISOString(),
});
const report = (server: string, waiting: unknown[], extra: Record<string, unknown> = {}) => ({
  server,
  slots: 64,
  online: 64,
  waiting,
  admitted: [],
  applied: [],
  ...extra,
});

describe('the queue report', () => {
  it('is refused without the game key, and with a wrong one', async () => {
    expect((await send(report('api-a', []), null)).status).toBe(401);
    expect((await send(report('api-a', []), 'not-the-key-0123456789abcdef')).status).toBe(401);
  });

  it('keeps each game server apart, and the last good state when a report is malformed or oversized', async () => {
    const first = randomDiscordId();
    const ok = await send(
      report('api-a', [player(randomDiscordId(), 'Ahead', 4), player(waiter.user.discordId, 'Me')]),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ actions: [] });
    expect((await send(report('api-b', [player(first, 'Other')], { online: 10, slots: 32 }))).status).toBe(200);

    const mine = async () => (await client(server.url, waiter.cookie).get('/api/queue/mine')).body.place;
    expect(await mine()).toMatchObject({ server: 'api-a', place: 2, ahead: 1, waiting: 2, online: 64, slots: 64 });

    const refused = [
      '{"server": "api-a", "waiting": [',
      report('api-a', [{ ...player(randomDiscordId(), 'X'), discordId: 'abc' }]),
      report('api-a', [], { slots: -1 }),
      report('api-a', [player(first, 'Twice'), player(first, 'Twice')]),
      report('api a;drop', []),
      // more players than a report may list
      report(
        'api-a',
        Array.from({ length: 401 }, (_, i) => player(String(100000000000000000n + BigInt(i)), 'P')),
      ),
    ];
    for (const body of refused) {
      const response = await send(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await response.json()).message).toBeTruthy();
    }
    // a body past the site's 100 KB limit
    const huge = report('api-a', [player(randomDiscordId(), 'x'.repeat(200_000))]);
    expect((await send(huge)).status).toBe(413);
    expect(await mine()).toMatchObject({ server: 'api-a', place: 2 });

    const staff = await signIn(server, { role: 'admin' });
    const { body } = await client(server.url, staff.cookie).get('/api/queue');
    const byServer = Object.fromEntries(
      body.servers.map((each: { server: string; waiting: Array<{ name: string }> }) => [
        each.server,
        each.waiting.map((p) => p.name),
      ]),
    );
    expect(byServer).toMatchObject({ 'api-a': ['Ahead', 'Me'], 'api-b': ['Other'] });

    const status = (await client(server.url).get('/api/server-status')).body;
    expect(status.queue).toEqual({ waiting: 3, online: 74, slots: 96 });
  });

  it('shows a player who is not waiting nothing, and the staff list only to those who manage the queue', async () => {
    const someone = await signIn(server);
    expect((await client(server.url, someone.cookie).get('/api/queue/mine')).body).toEqual({ place: null });
    expect((await client(server.url).get('/api/queue/mine')).status).toBe(401);
    expect((await client(server.url, someone.cookie).get('/api/queue')).status).toBe(403);
    const moved = await client(server.url, someone.cookie).post(
      `/api/queue/api-a/players/${waiter.user.discordId}/front`,
      {},
    );
    expect(moved.status).toBe(403);
  });

  it('answers a staff action in the next report until the resource says it applied it', async () => {
    const staff = await signIn(server, { role: 'admin' });
    await send(report('api-c', [player(randomDiscordId(), 'First', 5), player(waiter.user.discordId, 'Me')]));
    const tooLong = await client(server.url, staff.cookie).post(
      `/api/queue/api-c/players/${waiter.user.discordId}/remove`,
      {
        reason: 'x'.repeat(201),
      },
    );
    expect(tooLong.status).toBe(400);
    const moved = await client(server.url, staff.cookie).post(
      `/api/queue/api-c/players/${waiter.user.discordId}/front`,
      {
        reason: 'Lost their place to a crash',
      },
    );
    expect(moved.status).toBe(201);
    const waiting = [player(randomDiscordId(), 'First', 5), player(waiter.user.discordId, 'Me')];
    const next = await (await send(report('api-c', waiting))).json();
    expect(next.actions).toEqual([
      { id: moved.body.id, action: 'front', discordId: waiter.user.discordId, reason: 'Lost their place to a crash' },
    ]);
    // not told it was applied: sent again; told: no more
    expect((await (await send(report('api-c', waiting))).json()).actions).toHaveLength(1);
    expect((await (await send(report('api-c', waiting, { applied: [moved.body.id] }))).json()).actions).toEqual([]);
    // another server's report never carries it
    expect((await (await send(report('api-d', []))).json()).actions).toEqual([]);
  });
});
