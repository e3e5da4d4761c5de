import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GrantWithTimeline } from '../../core/grants/model/grant.ts';
import { eventually } from '../support/eventually.ts';
import { FakeFiveM, type FakeServerState } from '../support/fake-fivem.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

// the bayou-bridge resource in its stand-in FXServer, running what the real site offers it (decision 0100)
const KEY = 'resource-key-0123456789abcdef';
const GRANTS = {
  'hood-package': {
    purchase: [{ command: 'addgang {discordId} hood' }],
    refund: [{ command: 'removegang {discordId}' }],
  },
  'bayou-basic': {
    expiry: [{ command: 'removevip {discordId}', online: false }],
  },
  'swamp-vehicles': {
    purchase: [{ event: 'bayou:vehicle' }],
  },
};

let site: TestServer;
let dir: string;
const running: FakeFiveM[] = [];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bayou-grants-'));
  writeFileSync(join(dir, 'grants.json'), JSON.stringify(GRANTS));
  site = await startTestServer({
    env: {
      GAME_API_KEY: KEY,
      GAME_GRANTS_FILE: join(dir, 'grants.json'),
      GAME_GRANT_LEASE_SECONDS: '1',
      RATE_LIMIT_WRITES_PER_MINUTE: '10000',
      RATE_LIMIT_GAME_PER_MINUTE: '100000',
    },
  });
});
afterEach(() => {
  for (const server of running.splice(0)) server.stop();
});
afterAll(async () => {
  await site?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function fivem(convars: Record<string, string> = {}, state?: FakeServerState) {
  const server = new FakeFiveM(
    {
      bayou_site_url: site.url,
      bayou_api_key: KEY,
      bayou_grants_poll_ms: '100',
      bayou_server_name: 'bayou-main',
      sv_maxclients: '32',
      ...convars,
    },
    state,
  );
  running.push(server);
  return server;
}

const ids = (player: SignedIn) => [`license:${player.user.id.replace(/-/g, '')}`, `discord:${player.user.discordId}`];
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const inSite = <T>(work: () => Promise<T>) => site.system.database.withContext(work);
const grantsOf = (purchaseId: string): Promise<GrantWithTimeline[]> =>
  inSite(() => site.system.core.grants.show.execute([purchaseId]));
const count = (list: readonly string[], wanted: string) => list.filter((each) => each === wanted).length;

/** a whitelisted player (Parish Life gives nothing in the game here) */
async function member(): Promise<SignedIn> {
  const player = await signIn(site);
  await buyWithDemoCard(site.url, player, { productType: 'whitelist', productId: 'parish-life' });
  return player;
}

async function onServer(server: FakeFiveM, player: SignedIn): Promise<void> {
  expect(await server.connect(player.user.username ?? 'Player', ids(player)).outcome).toEqual({
    admitted: true,
    reason: null,
  });
}

describe('grants through the bayou-bridge resource', () => {
  it('holds a grant for a player who is away, and runs it once when they join', async () => {
    const server = fivem();
    const player = await member();
    const { purchaseId } = await buyWithDemoCard(site.url, player, { productType: 'gang', productId: 'hood-package' });
    await sleep(500);
    expect(server.state.commands).toEqual([]);
    expect((await grantsOf(purchaseId)).map((grant) => grant.status)).toEqual(['queued']);

    await onServer(server, player);
    const command = `addgang ${player.user.discordId} hood`;
    await eventually(async () => expect((await grantsOf(purchaseId))[0]?.status).toBe('ran'));
    const [grant] = await grantsOf(purchaseId);
    expect(grant?.server).toBe('bayou-main');
    expect(grant?.timeline.map((line) => line.kind)).toEqual(['queued', 'offered', 'ran']);
    await sleep(400);
    expect(count(server.state.commands, command)).toBe(1);
  });

  it('runs nothing twice when the resource restarts between running a grant and reporting it', async () => {
    const server = fivem();
    const player = await member();
    await onServer(server, player);
    server.cutRequestsTo = '/api/game/grants/reports';
    const { purchaseId } = await buyWithDemoCard(site.url, player, { productType: 'gang', productId: 'hood-package' });
    const command = `addgang ${player.user.discordId} hood`;
    await eventually(() => expect(server.state.commands).toContain(command));
    const [grant] = await grantsOf(purchaseId);
    expect(grant?.status).toBe('offered');
    expect(server.state.kvp.has(`bayou:grant:${grant?.id}`)).toBe(true);

    server.stop();
    const restarted = fivem({}, server.state);
    // offered again once its one-second lease runs out: reported from the store, not run
    await eventually(async () => expect((await grantsOf(purchaseId))[0]?.status).toBe('ran'));
    expect(count(restarted.state.commands, command)).toBe(1);
    expect((await grantsOf(purchaseId))[0]?.offers).toBeGreaterThanOrEqual(2);
    expect(restarted.state.kvp.has(`bayou:grant:${grant?.id}`)).toBe(false);
  });

  it('gives each grant to one of two servers asking at once', async () => {
    const player = await member();
    // one after another: a second checkout of the same item while one is open is that same checkout
    const purchases: Awaited<ReturnType<typeof buyWithDemoCard>>[] = [];
    for (let i = 0; i < 3; i++)
      purchases.push(await buyWithDemoCard(site.url, player, { productType: 'gang', productId: 'hood-package' }));
    // the same player seen on both (two servers of one community), both asking together
    const east = fivem({ bayou_server_name: 'east', bayou_grants_poll_ms: '50' });
    const west = fivem({ bayou_server_name: 'west', bayou_grants_poll_ms: '50' });
    east.seat(ids(player));
    west.seat(ids(player));
    const command = `addgang ${player.user.discordId} hood`;
    await eventually(async () => {
      const statuses = (await Promise.all(purchases.map((p) => grantsOf(p.purchaseId)))).flat().map((g) => g.status);
      expect(statuses).toEqual(['ran', 'ran', 'ran']);
    });
    await sleep(300);
    expect(count(east.state.commands, command) + count(west.state.commands, command)).toBe(3);
  });

  it('runs nothing for a purchase refunded before it was delivered', async () => {
    const server = fivem();
    const player = await member();
    const { purchaseId } = await buyWithDemoCard(site.url, player, { productType: 'gang', productId: 'hood-package' });
    await inSite(() => site.system.core.purchases.refund.execute({ id: purchaseId, reason: 'Bought by mistake' }));
    expect((await grantsOf(purchaseId)).map((grant) => [grant.action, grant.status])).toEqual([
      ['purchase', 'cancelled'],
    ]);
    await onServer(server, player);
    await sleep(500);
    expect(server.state.commands.filter((c) => c.includes(player.user.discordId))).toEqual([]);
  });

  it('takes back what ran when the purchase is refunded after, once', async () => {
    const server = fivem();
    const player = await member();
    await onServer(server, player);
    const { purchaseId } = await buyWithDemoCard(site.url, player, { productType: 'gang', productId: 'hood-package' });
    await eventually(async () => expect((await grantsOf(purchaseId))[0]?.status).toBe('ran'));
    await inSite(() => site.system.core.purchases.refund.execute({ id: purchaseId, reason: 'Chargeback threat' }));
    const reversal = `removegang ${player.user.discordId}`;
    await eventually(() => expect(server.state.commands).toContain(reversal));
    await eventually(async () =>
      expect((await grantsOf(purchaseId)).map((grant) => [grant.action, grant.status])).toEqual([
        ['purchase', 'ran'],
        ['refund', 'ran'],
      ]),
    );
    await sleep(300);
    expect(count(server.state.commands, reversal)).toBe(1);
    const [given] = await grantsOf(purchaseId);
    expect(given?.timeline.map((line) => line.kind)).toEqual(['queued', 'offered', 'ran', 'reversed']);
  });

  it("runs a pass's expiry grant when it ends, with nobody needing to be online", async () => {
    const server = fivem();
    const player = await signIn(site);
    await buyWithDemoCard(site.url, player, { productType: 'whitelist', productId: 'bayou-basic' });
    const pass = await inSite(() => site.system.core.memberships.showMine.execute(player.user.id));
    await inSite(() => site.system.core.memberships.cancelAsAdmin.execute(pass!.membership.id, { now: true }));
    const command = `removevip ${player.user.discordId}`;
    await eventually(() => expect(server.state.commands).toContain(command));
    await sleep(300);
    expect(count(server.state.commands, command)).toBe(1);
  });

  it('says once that the site cannot be asked, and once that it answers again, not at every poll', async () => {
    const server = fivem({ bayou_grants_poll_ms: '50' });
    server.cutRequestsTo = '/api/game/grants/poll';
    await sleep(600);
    const down = server.logs.filter((line) => line.includes('could not be asked for grants'));
    expect(down).toHaveLength(1);
    expect(down[0]).toContain('asking again every 50 ms');
    server.cutRequestsTo = null;
    await eventually(() =>
      expect(server.logs.filter((line) => line.includes('answers the grants poll again'))).toHaveLength(1),
    );
    await sleep(300);
    expect(server.logs.filter((line) => line.includes('answers the grants poll again'))).toHaveLength(1);
    const wrongKey = fivem({ bayou_grants_poll_ms: '50', bayou_api_key: 'not-the-key-0123456789abcdef' });
    await sleep(600);
    expect(wrongKey.logs.filter((line) => line.includes('answered 401 to the grants poll'))).toHaveLength(1);
  });

  it('tells staff of a grant that failed, and a resend runs it once more', async () => {
    const server = fivem();
    const player = await member();
    await onServer(server, player);
    const handled: { grantId: string; product: string; action: string; discordId: string }[] = [];
    let garageFull = true;
    server.onEvent('bayou:vehicle', (payload) => {
      const grant = payload as (typeof handled)[number];
      handled.push(grant);
      if (garageFull) void server.call('grantFailed', grant.grantId, 'Garage full');
    });
    const { purchaseId } = await buyWithDemoCard(site.url, player, {
      productType: 'addon',
      productId: 'swamp-vehicles',
    });
    await eventually(async () => expect((await grantsOf(purchaseId))[0]?.status).toBe('failed'));
    const [failed] = await grantsOf(purchaseId);
    expect(failed?.result).toBe('Garage full');
    expect(handled).toHaveLength(1);
    expect(handled[0]).toMatchObject({
      grantId: failed?.id,
      product: 'swamp-vehicles',
      action: 'purchase',
      discordId: player.user.discordId,
    });
    const told = (await inSite(() => site.system.core.delivery.forPurchases.execute([purchaseId]))).get(purchaseId);
    expect(told?.some((d) => d.kind === 'notify_staff' && d.content?.includes('Garage full'))).toBe(true);

    garageFull = false;
    const again = await inSite(() => site.system.core.grants.resend.execute({ grantId: failed!.id, actor: 'Staff' }));
    await eventually(async () =>
      expect((await grantsOf(purchaseId)).map((grant) => [grant.id, grant.status])).toEqual([
        [failed?.id, 'failed'],
        [again.id, 'ran'],
      ]),
    );
    await sleep(300);
    expect(handled.map((grant) => grant.grantId)).toEqual([failed?.id, again.id]);
  });
});
