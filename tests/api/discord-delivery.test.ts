import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { composeSystem } from '../../adapters/compose.ts';
import { loadConfig } from '../../adapters/config.ts';
import { startServer } from '../../adapters/http/server.ts';
import { createLogger } from '../../adapters/logger.ts';
import { whitelistAnswers } from '../support/application-builders.ts';
import { eventually } from '../support/eventually.ts';
import { FakeDiscord } from '../support/fake-discord.ts';
import { createTestDatabase, serverTarget, type TestDatabase } from '../support/databases.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { deliverWebhook, startStripeTestServer } from '../support/stripe-server.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

const SWAMP_BLOOD_ROLE = '500000000000000060';
const HOOD_ROLE = '500000000000000080';
const WHITELIST_ROLE = '500000000000000001';
const ROLE_MAP = JSON.stringify({ 'swamp-blood': SWAMP_BLOOD_ROLE, 'hood-package': HOOD_ROLE });
const ROLE_PUT = /^\/api\/v10\/guilds\/\d+\/members\/\d+\/roles\/\d+$/;

let fake: FakeDiscord;
const servers: TestServer[] = [];

beforeAll(async () => {
  fake = await FakeDiscord.start();
});
afterEach(async () => {
  while (servers.length > 0) await servers.pop()!.stop();
  fake.clearPlans();
});
afterAll(() => fake.stop());

async function server(env: Record<string, string> = {}): Promise<TestServer> {
  const started = await startTestServer({
    env: fake.env({
      DISCORD_ROLE_MAP: ROLE_MAP,
      DISCORD_WHITELIST_ROLE_ID: WHITELIST_ROLE,
      DELIVERY_POLL_MS: '50',
      DELIVERY_RETRY_BASE_MS: '200',
      DELIVERY_MAX_ATTEMPTS: '3',
      ...env,
    }),
  });
  servers.push(started);
  return started;
}

/** a signed-in buyer who is a member of the Discord server */
async function member(target: TestServer, options: Parameters<typeof signIn>[1] = {}) {
  const signedIn = await signIn(target, options);
  fake.addMember(signedIn.user.discordId);
  return signedIn;
}

const roleCalls = (method: 'PUT' | 'DELETE', discordId: string) =>
  fake.callsTo(method, ROLE_PUT).filter((call) => call.path.includes(`/members/${discordId}/`));

describe('Discord delivery against a fake Discord API', () => {
  it('a completed purchase makes exactly one role grant call, tells the staff channel, and shows as granted', async () => {
    const site = await server();
    const buyer = await member(site);
    const admin = await signIn(site, { role: 'admin' });
    const { http, intentId, purchaseId } = await buyWithDemoCard(site.url, buyer, {
      productType: 'whitelist',
      productId: 'swamp-blood',
    });
    // the page and a retried completion report the same payment again
    expect((await http.post('/api/complete-purchase', { paymentIntentId: intentId })).status).toBe(200);

    // the site records the grant after Discord has answered, so wait for the site's own word
    await eventually(async () => expect((await http.get(`/api/user/purchases/${intentId}`)).body.role).toBe('granted'));
    expect(fake.members.get(buyer.user.discordId)?.has(SWAMP_BLOOD_ROLE)).toBe(true);
    const grants = roleCalls('PUT', buyer.user.discordId);
    expect(grants).toHaveLength(1);
    expect(grants[0].path).toBe(
      `/api/v10/guilds/${fake.env().DISCORD_GUILD_ID}/members/${buyer.user.discordId}/roles/${SWAMP_BLOOD_ROLE}`,
    );
    expect(grants[0].auth).toBe('Bot fake-bot-token');
    expect(grants[0].reason).toContain('Swamp Blood');
    await eventually(() =>
      expect(fake.staffMessages().some((text) => text.includes('Swamp Blood') && text.includes('$60.00'))).toBe(true),
    );

    const mine = await http.get(`/api/user/purchases/${intentId}`);
    expect(mine.body).toMatchObject({ purchaseId, status: 'completed', role: 'granted' });
    expect(mine.body.roleGrantedAt).not.toBeNull();
    const listed = await client(site.url, admin.cookie).get('/api/purchases');
    expect(listed.body.purchases.find((p: { id: string }) => p.id === purchaseId).roleDelivery).toEqual({
      kind: 'grant_role',
      status: 'delivered',
    });
    // how it went is read from the purchase itself
    const shown = await client(site.url, admin.cookie).get(`/api/purchases/${purchaseId}`);
    expect(shown.body.deliveries.find((d: { kind: string }) => d.kind === 'grant_role')).toMatchObject({
      status: 'delivered',
      attempts: 1,
    });
    // another buyer cannot read this purchase
    const other = await signIn(site);
    expect((await client(site.url, other.cookie).get(`/api/user/purchases/${intentId}`)).status).toBe(404);
  }, 30_000);

  it("an unban tells the staff channel the buyer's Discord username and ban reason", async () => {
    const site = await server();
    const buyer = await member(site);
    await buyWithDemoCard(site.url, buyer, {
      productType: 'unban',
      productId: 'city-unban',
      buyerDiscord: 'gator_banned',
      banReason: 'Banned for fail RP at the Houma bank; I know the rules better now.',
    });
    await eventually(() =>
      expect(
        fake
          .staffMessages()
          .some(
            (text) =>
              text.startsWith('New purchase: City Unban for $199.00 by gator_banned') &&
              text.endsWith('\nBan reason: Banned for fail RP at the Houma bank; I know the rules better now.'),
          ),
      ).toBe(true),
    );
  }, 30_000);

  it('retries a 500 with growing waits, then marks it failed for /admin; Retry delivers it', async () => {
    const site = await server();
    const buyer = await member(site);
    const admin = await signIn(site, { role: 'admin' });
    const adminHttp = client(site.url, admin.cookie);
    fake.plan('PUT', ROLE_PUT, [{ status: 500, body: { message: 'Internal Server Error', code: 0 } }], {
      always: true,
    });
    const { purchaseId } = await buyWithDemoCard(site.url, buyer, {
      productType: 'whitelist',
      productId: 'swamp-blood',
    });

    const row = await eventually(async () => {
      const listed = await adminHttp.get('/api/purchases');
      const delivery = listed.body.purchases.find((p: { id: string }) => p.id === purchaseId).roleDelivery;
      expect(delivery.status).toBe('failed');
      return delivery;
    }, 15_000);
    expect(row.attempts).toBe(3);
    expect(row.lastError).toContain('Discord answered 500');
    const tries = roleCalls('PUT', buyer.user.discordId);
    expect(tries).toHaveLength(3);
    const gaps = [tries[1].at - tries[0].at, tries[2].at - tries[1].at];
    expect(gaps[0]).toBeGreaterThanOrEqual(200);
    expect(gaps[1]).toBeGreaterThanOrEqual(400);
    expect(
      (await adminHttp.get('/api/deliveries?status=failed')).body.deliveries.map((d: { id: string }) => d.id),
    ).toContain(row.id);

    // a player may not retry; an admin may, once Discord is well again
    expect((await client(site.url, buyer.cookie).post(`/api/deliveries/${row.id}/retry`, {})).status).toBe(403);
    fake.clearPlans();
    const retried = await adminHttp.post(`/api/deliveries/${row.id}/retry`, {});
    expect(retried.status).toBe(200);
    expect(retried.body.delivery).toMatchObject({ status: 'pending', attempts: 0 });
    await eventually(() => expect(fake.members.get(buyer.user.discordId)?.has(SWAMP_BLOOD_ROLE)).toBe(true));
    const again = await adminHttp.post(`/api/deliveries/${row.id}/retry`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Only failed deliveries can be retried/);
  }, 30_000);

  it('fails a 4xx other than 429 after one try', async () => {
    const site = await server();
    const buyer = await member(site);
    fake.plan('PUT', ROLE_PUT, [{ status: 403, body: { message: 'Missing Permissions', code: 50013 } }], {
      always: true,
    });
    const { http, intentId } = await buyWithDemoCard(site.url, buyer, {
      productType: 'whitelist',
      productId: 'swamp-blood',
    });
    await eventually(async () => expect((await http.get(`/api/user/purchases/${intentId}`)).body.role).toBe('failed'));
    expect(roleCalls('PUT', buyer.user.discordId)).toHaveLength(1);
  }, 30_000);

  it('a refund removes the role, but not while another completed purchase or a live membership still grants it', async () => {
    // the gang package gives the same role as the Swamp Blood Priority Pass here
    const site = await server({
      DISCORD_ROLE_MAP: JSON.stringify({ 'swamp-blood': SWAMP_BLOOD_ROLE, 'starter-gang': SWAMP_BLOOD_ROLE }),
    });
    const buyer = await member(site);
    const gang = await buyWithDemoCard(site.url, buyer, { productType: 'gang', productId: 'starter-gang' });
    const pass = await buyWithDemoCard(site.url, buyer, { productType: 'whitelist', productId: 'swamp-blood' });
    await eventually(() => expect(fake.members.get(buyer.user.discordId)?.has(SWAMP_BLOOD_ROLE)).toBe(true));
    const refund = (id: string) =>
      site.system.database.withContext(() =>
        site.system.core.purchases.refund.execute({ id, reason: 'asked by the buyer' }),
      );
    const removalsQueued = async () =>
      (await site.system.database.withContext(() => site.system.core.delivery.list.execute({}))).filter(
        (delivery) => delivery.kind === 'remove_role' && delivery.userId === buyer.user.id,
      );

    // the admin's confirmation says ahead what each refund does to the role
    const admin = client(site.url, (await signIn(site, { role: 'admin' })).cookie);
    const terms = async (id: string) => (await admin.get(`/api/purchases/${id}`)).body.refund;
    expect(await terms(gang.purchaseId)).toEqual(
      expect.objectContaining({ roleToRemove: null, roleRetained: SWAMP_BLOOD_ROLE, membership: null }),
    );
    expect(await terms(pass.purchaseId)).toEqual(
      expect.objectContaining({ roleToRemove: null, roleRetained: SWAMP_BLOOD_ROLE, membership: 'ends' }),
    );

    await refund(gang.purchaseId);
    // the membership still gives the role: no removal was queued with the refund
    expect(await removalsQueued()).toEqual([]);
    expect(fake.members.get(buyer.user.discordId)?.has(SWAMP_BLOOD_ROLE)).toBe(true);

    // with the gang package paid back, ending the membership takes the role
    expect(await terms(pass.purchaseId)).toEqual(
      expect.objectContaining({ roleToRemove: SWAMP_BLOOD_ROLE, roleRetained: null, membership: 'ends' }),
    );
    // refunding the month being served ends the membership, and the role goes once
    await refund(pass.purchaseId);
    await eventually(() => expect(fake.members.get(buyer.user.discordId)?.has(SWAMP_BLOOD_ROLE)).toBe(false));
    expect(await removalsQueued()).toHaveLength(1);
    const membership = await client(site.url, buyer.cookie).get('/api/membership');
    expect(membership.body.membership).toMatchObject({ status: 'ended' });
    const removals = roleCalls('DELETE', buyer.user.discordId);
    expect(removals).toHaveLength(1);
    expect(removals[0].path).toContain(`/roles/${SWAMP_BLOOD_ROLE}`);
    expect(removals[0].reason).toContain(`purchase ${pass.purchaseId} was paid back`);
  }, 30_000);

  it('a Stripe dispute removes the role and tells the staff channel', async () => {
    const stripe = await startStripeTestServer({
      env: fake.env({ DISCORD_ROLE_MAP: ROLE_MAP, DELIVERY_POLL_MS: '50' }),
    });
    servers.push({ ...stripe.server, stop: stripe.stop });
    const site = stripe.server;
    const buyer = await member(site, { username: 'Chargeback Charlie' });
    const http = client(site.url, buyer.cookie);
    const started = await http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'hood-package',
    });
    stripe.fake.succeed(started.body.paymentIntentId);
    expect((await http.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId })).status).toBe(
      200,
    );
    await eventually(() => expect(fake.members.get(buyer.user.discordId)?.has(HOOD_ROLE)).toBe(true));

    const dispute = {
      id: 'dp_discord',
      object: 'dispute',
      payment_intent: started.body.paymentIntentId,
      charge: 'ch_1',
      reason: 'fraudulent',
      amount: 8000,
    };
    expect((await deliverWebhook(site, stripe.fake.signedEvent('charge.dispute.created', dispute))).status).toBe(200);
    await eventually(() => expect(fake.members.get(buyer.user.discordId)?.has(HOOD_ROLE)).toBe(false));
    expect(roleCalls('DELETE', buyer.user.discordId)[0].reason).toContain('disputed');
    await eventually(() =>
      expect(fake.staffMessages().some((text) => text.startsWith('Payment dispute on Hood Package ($80.00) by'))).toBe(
        true,
      ),
    );
  }, 30_000);

  it('an approval messages the applicant and grants the whitelist role; a new application tells the staff channel', async () => {
    const site = await server();
    const applicant = await member(site, { username: 'Marie Laveau' });
    const staff = await signIn(site, { role: 'staff' });
    const submitted = await client(site.url, applicant.cookie).post('/api/applications', whitelistAnswers());
    expect(submitted.status).toBe(201);
    // the applicant's pages may say the decision comes by Discord message: the bot sends it
    for (const path of ['/api/applications/mine', '/api/staff-applications/mine'])
      expect((await client(site.url, applicant.cookie).get(path)).body.decisionsOnDiscord, path).toBe(true);
    await eventually(() =>
      expect(fake.staffMessages().some((text) => text.includes('New whitelist application from Marie Laveau'))).toBe(
        true,
      ),
    );

    const reviewed = await client(site.url, staff.cookie).patch(`/api/applications/${submitted.body.id}/review`, {
      status: 'approved',
      reviewNotes: 'Internal: checked her ban history.',
      applicantMessage: 'Great backstory, welcome in.',
    });
    expect(reviewed.status).toBe(200);
    await eventually(() => expect(fake.messagesTo(applicant.user.discordId)).toHaveLength(1));
    // the message to the applicant, never the staff's review notes
    expect(fake.messagesTo(applicant.user.discordId)[0]).toMatch(
      /whitelist application was approved[\s\S]*Message from the team: Great backstory, welcome in\./,
    );
    expect(fake.messagesTo(applicant.user.discordId)[0]).not.toContain('ban history');
    await eventually(() => expect(fake.members.get(applicant.user.discordId)?.has(WHITELIST_ROLE)).toBe(true));
    const opened = fake
      .callsTo('POST', /^\/api\/v10\/users\/@me\/channels$/)
      .filter((call) => call.body.recipient_id === applicant.user.discordId);
    expect(opened).toHaveLength(1);
  }, 30_000);

  it('a process started with DELIVERY_WORKER=off leaves deliveries to another process', async () => {
    const quiet = await server({ DELIVERY_WORKER: 'off' });
    const buyer = await member(quiet);
    const { http, intentId, purchaseId } = await buyWithDemoCard(quiet.url, buyer, {
      productType: 'whitelist',
      productId: 'swamp-blood',
    });
    const queued = await quiet.system.database.withContext(() =>
      quiet.system.core.delivery.forPurchases.execute([purchaseId]),
    );
    const untried = queued.get(purchaseId) ?? [];
    expect(untried.map((delivery) => delivery.kind)).toContain('grant_role');
    expect(untried.every((delivery) => delivery.status === 'pending' && delivery.attempts === 0)).toBe(true);
    expect((await http.get(`/api/user/purchases/${intentId}`)).body.role).toBe('pending');
    // a worker elsewhere (here: one pass run by hand, as `delivery retry` does) sends what this process left
    const pass = await quiet.system.database.withContext(() => quiet.system.core.delivery.deliverDue.execute());
    expect(pass.delivered).toBe(untried.length);
    expect(roleCalls('PUT', buyer.user.discordId)).toHaveLength(1);
    expect((await http.get(`/api/user/purchases/${intentId}`)).body.role).toBe('granted');
  }, 30_000);

  it('with Discord not configured, deliveries are recorded as not configured and nothing is sent', async () => {
    const plain = await sharedTestServer();
    const buyer = await signIn(plain);
    const admin = await signIn(plain, { role: 'admin' });
    const before = fake.calls.length;
    const { http, intentId, purchaseId } = await buyWithDemoCard(plain.url, buyer, {
      productType: 'whitelist',
      productId: 'swamp-blood',
    });
    const listed = await client(plain.url, admin.cookie).get('/api/purchases');
    const delivery = listed.body.purchases.find((p: { id: string }) => p.id === purchaseId).roleDelivery;
    expect(delivery).toMatchObject({ kind: 'grant_role', status: 'not_configured', attempts: 0 });
    expect(delivery.lastError).toMatch(/not configured/);
    expect((await http.get(`/api/user/purchases/${intentId}`)).body.role).toBe('not_configured');
    // nor may the applicant's pages promise a decision by Discord message
    for (const path of ['/api/applications/mine', '/api/staff-applications/mine'])
      expect((await http.get(path)).body.decisionsOnDiscord, path).toBe(false);
    expect(fake.calls.length).toBe(before);
  }, 30_000);
});

describe('restarts', () => {
  // what outlives the process: the run's database (see serverTarget), or an embedded one in a data directory
  const dataDir = mkdtempSync(join(tmpdir(), 'delivery-restart-'));
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    if (serverTarget() === 'postgres') database = await createTestDatabase('postgres', undefined, { migrated: true });
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const storage = () => ({ DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '' });

  async function start() {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      ...storage(),
      RATE_LIMIT_WRITES_PER_MINUTE: '1000',
      ...fake.env({
        DISCORD_ROLE_MAP: ROLE_MAP,
        DELIVERY_POLL_MS: '50',
        DELIVERY_RETRY_BASE_MS: '1500',
        DELIVERY_MAX_ATTEMPTS: '5',
      }),
    });
    const system = await composeSystem(config, { dataDir, logger: createLogger('silent') });
    const running = await startServer(system, { port: 0, host: '127.0.0.1' });
    return { url: running.url, system, stop: running.stop } satisfies TestServer;
  }

  it('a delivery still pending when the server stops is delivered after it starts again', async () => {
    const first = await start();
    const buyer = await signIn(first);
    fake.addMember(buyer.user.discordId);
    fake.plan('PUT', ROLE_PUT, [{ status: 500, body: { message: 'Internal Server Error' } }], { always: true });
    const { intentId } = await buyWithDemoCard(first.url, buyer, { productType: 'gang', productId: 'hood-package' });
    await eventually(() => expect(roleCalls('PUT', buyer.user.discordId)).toHaveLength(1));
    await first.stop();
    const row = await pendingRow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });

    fake.clearPlans();
    const second = await start();
    try {
      await eventually(() => expect(fake.members.get(buyer.user.discordId)?.has(HOOD_ROLE)).toBe(true), 10_000);
      expect(roleCalls('PUT', buyer.user.discordId)).toHaveLength(2);
      const mine = await client(second.url, buyer.cookie).get(`/api/user/purchases/${intentId}`);
      expect(mine.body.role).toBe('granted');
    } finally {
      await second.stop();
    }
  }, 60_000);

  /** the outbox as it was left on disk: read with the server stopped */
  async function pendingRow() {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...storage() });
    const system = await composeSystem(config, { dataDir, logger: createLogger('silent') });
    try {
      const [row] = await system.database.withContext(() => system.core.delivery.list.execute({}));
      return row.kind === 'grant_role'
        ? row
        : (await system.database.withContext(() => system.core.delivery.list.execute({}))).find(
            (d) => d.kind === 'grant_role',
          );
    } finally {
      await system.close();
    }
  }
});
