import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.ts';
import { FakeFiveM } from '../support/fake-fivem.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

// the bayou-bridge resource (adapters/fivem/resource) in a stand-in FiveM runtime, asking the real site
const KEY = 'resource-key-0123456789abcdef';
let site: TestServer;
let silent: Server;
let silentUrl = '';
beforeAll(async () => {
  site = await startTestServer({ env: { GAME_API_KEY: KEY, RATE_LIMIT_WRITES_PER_MINUTE: '10000' } });
  // a site that takes the connection and never answers
  silent = createServer(() => {});
  await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(async () => {
  silent?.closeAllConnections();
  await new Promise<void>((done) => (silent ? silent.close(() => done()) : done()));
  await site?.stop();
});

function fivem(convars: Record<string, string> = {}) {
  return new FakeFiveM({
    bayou_site_url: site.url,
    bayou_api_key: KEY,
    bayou_queue_tick_ms: '50',
    sv_maxclients: '32',
    ...convars,
  });
}

async function member(tierId?: string): Promise<SignedIn> {
  const player = await signIn(site);
  if (tierId) await buyWithDemoCard(site.url, player, { productType: 'whitelist', productId: tierId });
  return player;
}

const ids = (player: SignedIn) => [`license:${player.user.id.replace(/-/g, '')}`, `discord:${player.user.discordId}`];

describe('the bayou-bridge resource', () => {
  it('lets a whitelisted player in, and refuses no Discord, not whitelisted and banned, naming the site', async () => {
    const server = fivem();
    const allowed = await member('bayou-basic');
    expect(await server.connect('Allowed', ids(allowed)).outcome).toEqual({ admitted: true, reason: null });

    const noDiscord = await server.connect('Anon', ['license:abc', 'ip:127.0.0.1']).outcome;
    expect(noDiscord.admitted).toBe(false);
    expect(noDiscord.reason).toContain('Link your Discord account');
    expect(noDiscord.reason).toContain(`${site.url}/apply`);

    const stranger = await member();
    const refused = await server.connect('Stranger', ids(stranger)).outcome;
    expect(refused).toEqual({
      admitted: false,
      reason: `You are not on the whitelist yet. Apply at ${site.url}/apply`,
    });

    const cheater = await member('swamp-blood');
    await site.system.database.withContext(() =>
      site.system.core.users.ban.execute({ userId: cheater.user.id, reason: 'Cheating' }),
    );
    const banned = await server.connect('Cheater', ids(cheater)).outcome;
    expect(banned.admitted).toBe(false);
    expect(banned.reason).toContain('You are banned');
  });

  it('holds a full server in a queue: higher priority first, then arrival, each told their place', async () => {
    const server = fivem({ sv_maxclients: '2' });
    server.players = 2;
    const [basic, voodoo, gator, basic2] = await Promise.all([
      member('bayou-basic'),
      member('voodoo-experience'),
      member('gator-crown'),
      member('bayou-basic'),
    ]);
    const first = server.connect('Basic', ids(basic));
    await eventually(() => expect(first.updates.at(-1)).toContain('You are 1 of 1 in the queue (priority 1)'));
    const second = server.connect('Voodoo', ids(voodoo));
    const third = server.connect('Gator', ids(gator));
    const fourth = server.connect('Basic two', ids(basic2));
    await eventually(() => {
      expect(second.updates.at(-1)).toContain('You are 1 of 4 in the queue (priority 5)');
      expect(third.updates.at(-1)).toContain('You are 2 of 4 in the queue (priority 4)');
      expect(first.updates.at(-1)).toContain('You are 3 of 4 in the queue (priority 1)');
      expect(fourth.updates.at(-1)).toContain('You are 4 of 4 in the queue (priority 1)');
    });
    expect(first.finished() || second.finished()).toBe(false);

    // a slot frees: the highest priority goes in; the one who gives up leaves the queue
    server.leave();
    expect(await second.outcome).toEqual({ admitted: true, reason: null });
    server.giveUp(first);
    await eventually(() => expect(fourth.updates.at(-1)).toContain('You are 2 of 2 in the queue'));
    server.leave();
    expect(await third.outcome).toEqual({ admitted: true, reason: null });
    server.leave();
    expect(await fourth.outcome).toEqual({ admitted: true, reason: null });
    expect(first.finished()).toBe(false);
  });

  it('follows bayou_on_site_down when the site does not answer in time', async () => {
    const player = await member('parish-life');
    const denying = fivem({ bayou_site_url: silentUrl, bayou_timeout_ms: '300' });
    const started = Date.now();
    const denied = await denying.connect('Waiting', ids(player)).outcome;
    expect(denied).toEqual({
      admitted: false,
      reason: 'The whitelist cannot be checked right now. Please try again in a minute.',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    const allowing = fivem({ bayou_site_url: silentUrl, bayou_timeout_ms: '300', bayou_on_site_down: 'allow' });
    expect(await allowing.connect('Waiting', ids(player)).outcome).toEqual({ admitted: true, reason: null });
    // a wrong key is the site refusing to answer: the same rule
    const wrongKey = fivem({ bayou_api_key: 'not-the-key-0123456789abcdef' });
    expect((await wrongKey.connect('Waiting', ids(player)).outcome).admitted).toBe(false);
    expect(wrongKey.logs.some((line) => line.includes('answered 401'))).toBe(true);
  });

  it('exports getTokens and spendTokens for other resources, once per reference', async () => {
    const server = fivem();
    const player = await member('parish-life');
    expect(await server.call('getTokens', player.user.discordId)).toBe(50);
    expect(await server.call('spendTokens', player.user.discordId, 20, 'garage-1', 'Garage slot')).toEqual({
      ok: true,
      balance: 30,
      duplicate: false,
      error: null,
    });
    expect(await server.call('spendTokens', player.user.discordId, 20, 'garage-1', 'Garage slot')).toMatchObject({
      ok: true,
      balance: 30,
      duplicate: true,
    });
    const beyond = await server.call<{ ok: boolean; balance: number; error: string }>(
      'spendTokens',
      player.user.discordId,
      31,
      'garage-2',
      'Second garage',
    );
    expect(beyond).toMatchObject({ ok: false, balance: 30 });
    expect(beyond.error).toContain('Not enough tokens');
    expect(await server.call('getTokens', player.user.discordId)).toBe(30);
  });

  it("answers a Lua resource's calls with the values themselves, as the integration guide's Lua example reads them", async () => {
    const server = fivem();
    const player = await member('parish-life');
    const discordId = player.user.discordId;
    // in a command, an event handler or a thread, FiveM's Lua side waits for the export's promise itself
    expect(await server.fromLua('getTokens', [discordId])).toBe(50);
    expect(await server.fromLua('spendTokens', [discordId, 20, `garage:${discordId}:1`, 'Garage slot'])).toEqual({
      ok: true,
      balance: 30,
      duplicate: false,
    });
    // the retry of the same purchase spends nothing more
    expect(await server.fromLua('spendTokens', [discordId, 20, `garage:${discordId}:1`, 'Garage slot'])).toEqual({
      ok: true,
      balance: 30,
      duplicate: true,
    });
    const beyond = (await server.fromLua('spendTokens', [discordId, 31, `garage:${discordId}:2`, 'Garage slot'])) as {
      ok: boolean;
      balance: number;
      error: string;
    };
    expect(beyond).toMatchObject({ ok: false, balance: 30 });
    expect(beyond.error).toContain('Not enough tokens');
    // a player the site does not know has no tokens
    expect(await server.fromLua('getTokens', ['123456789012345678'])).toBe(0);
    // a site that does not answer: nil, which the example's `balance and ... or ...` reads, and a table with ok
    // false and no balance, never a Lua error
    const down = fivem({ bayou_site_url: silentUrl, bayou_timeout_ms: '200' });
    expect(await down.fromLua('getTokens', [discordId])).toBeUndefined();
    const unanswered = (await down.fromLua('spendTokens', [discordId, 5, 'garage:x', 'Garage slot'])) as {
      ok: boolean;
      balance?: number;
      error: string;
    };
    expect(unanswered.ok).toBe(false);
    expect(unanswered.balance).toBeUndefined();
    expect(typeof unanswered.error).toBe('string');
    // outside a coroutine (a file's top level) Lua would hold FiveM's pending answer, not the balance
    const pending = await server.fromLua('getTokens', [discordId], { inCoroutine: false });
    expect(pending).toEqual({ __cfx_async_retval: expect.any(Function) });

    // the guide's example calls both exports with `:` inside commands, and reads their answers directly
    const guide = readFileSync(new URL('../../docs/integrations.md', import.meta.url), 'utf8');
    const example = /```lua\n([\s\S]*?)```/.exec(guide)?.[1] ?? '';
    expect(example).toContain("exports['bayou-bridge']:getTokens(discordId)");
    expect(example).toContain("exports['bayou-bridge']:spendTokens(discordId, GARAGE_PRICE, reference, 'Garage slot')");
    expect(example).not.toMatch(/exports\['bayou-bridge'\]\.(getTokens|spendTokens)/);
    expect(example).not.toContain('Citizen.Await');
    expect(example.match(/RegisterCommand\('\w+', function\(source\)/g)).toHaveLength(2);
  });
});
