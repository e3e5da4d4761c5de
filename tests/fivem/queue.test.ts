import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QueuesDto } from '../../adapters/http/contract/queue.ts';
import { eventually } from '../support/eventually.ts';
import { FakeFiveM } from '../support/fake-fivem.ts';
import { client } from '../support/http.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

// the bayou-bridge resource's queue as players and staff see it on the site (decision 0110)
const KEY = 'resource-key-0123456789abcdef';
let site: TestServer;
let admin: SignedIn;
const running: FakeFiveM[] = [];
beforeAll(async () => {
  site = await startTestServer({
    env: { GAME_API_KEY: KEY, RATE_LIMIT_WRITES_PER_MINUTE: '10000', RATE_LIMIT_GAME_PER_MINUTE: '100000' },
  });
  admin = await signIn(site, { role: 'admin' });
});
afterEach(() => {
  for (const server of running.splice(0)) server.stop();
});
afterAll(async () => {
  await site?.stop();
});

let servers = 0;
/** a full game server of its own name, reporting every 100 ms */
function fivem(convars: Record<string, string> = {}) {
  const server = new FakeFiveM({
    bayou_site_url: site.url,
    bayou_api_key: KEY,
    bayou_queue_tick_ms: '50',
    bayou_queue_report_ms: '100',
    bayou_server_name: `harness-${++servers}`,
    sv_maxclients: '2',
    ...convars,
  });
  server.players = 2;
  running.push(server);
  return server;
}

async function member(tierId: string): Promise<SignedIn> {
  const player = await signIn(site);
  await buyWithDemoCard(site.url, player, { productType: 'whitelist', productId: tierId });
  return player;
}

const ids = (player: SignedIn) => [`license:${player.user.id.replace(/-/g, '')}`, `discord:${player.user.discordId}`];
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const staff = () => client(site.url, admin.cookie);
async function queueOf(name: string) {
  const { body } = await staff().get('/api/queue');
  return (body as QueuesDto).servers.find((each) => each.server === name);
}
const namesWaiting = async (name: string) => (await queueOf(name))?.waiting.map((player) => player.name) ?? [];

describe('the queue the resource reports', () => {
  it('reports who waits in order, the players online and the slots; each player sees their place; admissions are recorded', async () => {
    const server = fivem();
    const [basic, gator] = await Promise.all([member('bayou-basic'), member('gator-crown')]);
    const first = server.connect('Basic', ids(basic));
    await eventually(() => expect(first.updates.at(-1)).toContain('You are 1 of 1'));
    server.connect('Gator', ids(gator));
    await eventually(async () => expect(await namesWaiting('harness-1')).toEqual(['Gator', 'Basic']));
    const state = await queueOf('harness-1');
    expect(state).toMatchObject({ online: 2, slots: 2, fresh: true });
    expect(state?.waiting.map((player) => [player.priority, player.tier])).toEqual([
      [4, 'gator-crown'],
      [1, 'bayou-basic'],
    ]);

    const mine = await client(site.url, basic.cookie).get('/api/queue/mine');
    expect(mine.body.place).toMatchObject({ server: 'harness-1', place: 2, ahead: 1, waiting: 2, online: 2, slots: 2 });
    expect(mine.body.place.expectedWait).toBeNull();
    const status = await client(site.url).get('/api/server-status');
    expect(status.body.queue).toMatchObject({ waiting: expect.any(Number), online: expect.any(Number) });
    expect(status.body.queue.waiting).toBeGreaterThanOrEqual(2);

    server.leave();
    await eventually(async () => expect(await namesWaiting('harness-1')).toEqual(['Basic']));
    await eventually(async () => {
      const rows = await site.system.database.withContext(() =>
        site.system.database.query<{ discord_id: string; tier: string; waited_seconds: number }>(
          `select "discord_id", "tier", "waited_seconds" from "queue_admissions" where "server" = 'harness-1'`,
        ),
      );
      expect(rows).toEqual([
        { discord_id: gator.user.discordId, tier: 'gator-crown', waited_seconds: expect.any(Number) },
      ]);
    });
    expect((await client(site.url, gator.cookie).get('/api/queue/mine')).body.place).toBeNull();
  });

  it('puts a player who crashes and comes back within the grace window ahead of everyone who came after them', async () => {
    const server = fivem({ sv_maxclients: '1', bayou_queue_grace_s: '60' });
    server.players = 0;
    const [early, later, latest] = await Promise.all([
      member('bayou-basic'),
      member('voodoo-experience'),
      member('parish-life'),
    ]);
    const playing = server.connect('Early', ids(early));
    expect(await playing.outcome).toEqual({ admitted: true, reason: null });
    const laterOne = server.connect('Later', ids(later));
    const latestOne = server.connect('Latest', ids(latest));
    await eventually(() => expect(laterOne.updates.at(-1)).toContain('You are 1 of 2'));

    // Early's game crashes: Later takes the slot; Early is back within the window, before Latest (who came after)
    server.crash(playing.source);
    expect(await laterOne.outcome).toEqual({ admitted: true, reason: null });
    const back = server.connect('Early', ids(early));
    await eventually(() => {
      expect(back.updates.at(-1)).toContain('You are 1 of 2');
      expect(latestOne.updates.at(-1)).toContain('You are 2 of 2');
    });

    // a player who gave up waiting and comes back keeps their first arrival among their priority
    const [a, b] = await Promise.all([member('bayou-basic'), member('bayou-basic')]);
    const waitingA = server.connect('A', ids(a));
    await eventually(() => expect(waitingA.updates.at(-1)).toContain('You are 3 of 3'));
    const waitingB = server.connect('B', ids(b));
    await eventually(() => expect(waitingB.updates.at(-1)).toContain('You are 4 of 4'));
    server.giveUp(waitingA);
    await eventually(() => expect(waitingB.updates.at(-1)).toContain('You are 3 of 3'));
    const againA = server.connect('A', ids(a));
    await eventually(() => {
      expect(againA.updates.at(-1)).toContain('You are 3 of 4');
      expect(waitingB.updates.at(-1)).toContain('You are 4 of 4');
    });
  });

  it('sends a player back to the end once the grace window has passed', async () => {
    const server = fivem({ sv_maxclients: '1', bayou_queue_grace_s: '1' });
    server.players = 0;
    const [early, later] = await Promise.all([member('bayou-basic'), member('bayou-basic')]);
    const playing = server.connect('Early', ids(early));
    expect(await playing.outcome).toEqual({ admitted: true, reason: null });
    server.crash(playing.source);
    server.players = 1;
    const laterOne = server.connect('Later', ids(later));
    await eventually(() => expect(laterOne.updates.at(-1)).toContain('You are 1 of 1'));
    await sleep(1_200);
    const back = server.connect('Early', ids(early));
    await eventually(() => expect(back.updates.at(-1)).toContain('You are 2 of 2'));
  });

  it('raises a waiting player by one priority a boost interval where the rule is on, so a free player is not passed forever', async () => {
    const boosted = fivem({ bayou_queue_boost_s: '1' });
    const plain = fivem();
    const [basic, voodoo] = await Promise.all([member('bayou-basic'), member('voodoo-experience')]);
    const boostedBasic = boosted.connect('Basic', ids(basic));
    const plainBasic = plain.connect('Basic', ids(basic));
    await eventually(() => expect(boostedBasic.updates.at(-1)).toContain('You are 1 of 1'));
    await eventually(() => expect(plainBasic.updates.at(-1)).toContain('You are 1 of 1'));
    // five seconds waited: 1 + 5 is more than Voodoo's 5 with no wait yet
    await sleep(5_100);
    const boostedVoodoo = boosted.connect('Voodoo', ids(voodoo));
    const plainVoodoo = plain.connect('Voodoo', ids(voodoo));
    await eventually(() => {
      expect(boostedBasic.updates.at(-1)).toMatch(/You are 1 of 2 in the queue \(priority [6-9]\)/);
      expect(boostedVoodoo.updates.at(-1)).toContain('You are 2 of 2');
      expect(plainVoodoo.updates.at(-1)).toContain('You are 1 of 2 in the queue (priority 5)');
      expect(plainBasic.updates.at(-1)).toContain('You are 2 of 2 in the queue (priority 1)');
    });
    // the site is told the priority the queue is sorted by
    await eventually(async () =>
      expect((await queueOf(`harness-${servers - 1}`))?.waiting[0]).toMatchObject({ name: 'Basic' }),
    );
  });

  it("applies staff's move to the front and removal in its next report, each in the audit log", async () => {
    const server = fivem();
    const name = `harness-${servers}`;
    const [gator, basic, parish] = await Promise.all([
      member('gator-crown'),
      member('bayou-basic'),
      member('parish-life'),
    ]);
    const gatorOne = server.connect('Gator', ids(gator));
    const basicOne = server.connect('Basic', ids(basic));
    const parishOne = server.connect('Parish', ids(parish));
    await eventually(async () => expect(await namesWaiting(name)).toEqual(['Gator', 'Parish', 'Basic']));

    const moved = await staff().post(`/api/queue/${name}/players/${basic.user.discordId}/front`, {});
    expect(moved.status).toBe(201);
    await eventually(() => {
      expect(basicOne.updates.at(-1)).toContain('You are 1 of 3');
      expect(gatorOne.updates.at(-1)).toContain('You are 2 of 3');
    });
    await eventually(async () => expect(await namesWaiting(name)).toEqual(['Basic', 'Gator', 'Parish']));

    const noReason = await staff().post(`/api/queue/${name}/players/${parish.user.discordId}/remove`, {});
    expect(noReason.status).toBe(400);
    const removed = await staff().post(`/api/queue/${name}/players/${parish.user.discordId}/remove`, {
      reason: 'Alt account of a banned player',
    });
    expect(removed.status).toBe(201);
    expect(await parishOne.outcome).toEqual({
      admitted: false,
      reason: 'You were removed from the queue by staff: Alt account of a banned player',
    });
    await eventually(async () => expect(await namesWaiting(name)).toEqual(['Basic', 'Gator']));
    // a player no longer waiting cannot be acted on
    const gone = await staff().post(`/api/queue/${name}/players/${parish.user.discordId}/front`, {});
    expect(gone.status).toBe(404);

    const logged = await site.system.database.withContext(() =>
      site.system.database.query<{ user_id: string; action: string; reason: string | null; actor_id: string }>(
        `select "user_id", "action", "reason", "actor_id" from "account_actions"
         where "action" in ('queue_front', 'queue_remove') and "user_id" in (?, ?) order by "seq"`,
        [basic.user.id, parish.user.id],
      ),
    );
    expect(logged).toEqual([
      { user_id: basic.user.id, action: 'queue_front', reason: null, actor_id: admin.user.id },
      {
        user_id: parish.user.id,
        action: 'queue_remove',
        reason: 'Alt account of a banned player',
        actor_id: admin.user.id,
      },
    ]);
    const chain = await site.system.database.withContext(() => site.system.core.auditChain.verify.execute());
    expect(chain).toMatchObject({ intact: true });
  });
});
