import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASURE_CONFIRMATION_WORD } from '../../adapters/http/contract/privacy.ts';
import { appealAnswers, staffAnswers, whitelistAnswers } from '../support/application-builders.ts';
import { AGREED } from '../support/checkout-terms.ts';
import { runCliOn } from '../support/cli.ts';
import { eventually } from '../support/eventually.ts';
import { FakeDiscord } from '../support/fake-discord.ts';
import { client } from '../support/http.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';
import { WEBHOOK_EVENT_TYPES } from '../../core/webhooks/model/webhook-events.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const KEY = 'privacy-key-0123456789abcdef';
const HOOD_ROLE = '500000000000000080';
const SWAMP_BLOOD_ROLE = '500000000000000060';
const WHITELIST_ROLE = '500000000000000001';
const GRANTS = {
  'hood-package': { purchase: [{ command: 'addgang {discordId} hood' }] },
  'swamp-blood': {
    purchase: [{ command: 'setpriority {discordId} 3' }],
    expiry: [{ command: 'clearpriority {discordId}' }],
  },
};
/** the address the player's checkouts come from, through the one proxy the site trusts */
const PLAYER_ADDRESS = '203.0.113.77';

let fake: FakeDiscord;
let site: TestServer;
let dir: string;
let admin: ReturnType<typeof client>;

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  fake = await FakeDiscord.start();
  receiver = await startWebhookReceiver();
  dir = mkdtempSync(join(tmpdir(), 'bayou-privacy-'));
  writeFileSync(join(dir, 'grants.json'), JSON.stringify(GRANTS));
  site = await startTestServer({
    env: fake.env({
      DISCORD_ROLE_MAP: JSON.stringify({ 'hood-package': HOOD_ROLE, 'swamp-blood': SWAMP_BLOOD_ROLE }),
      DISCORD_WHITELIST_ROLE_ID: WHITELIST_ROLE,
      DELIVERY_POLL_MS: '50',
      GAME_API_KEY: KEY,
      GAME_GRANTS_FILE: join(dir, 'grants.json'),
      TRUST_PROXY_HOPS: '1',
      RATE_LIMIT_GAME_PER_MINUTE: '100000',
    }),
  });
  admin = client(site.url, (await signIn(site, { role: 'admin' })).cookie);
});
afterAll(async () => {
  await site?.stop();
  await fake?.stop();
  await receiver?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

let players = 0;
/** a signed-in player with a name and address of their own, a member of the Discord server */
async function player(): Promise<SignedIn & { name: string; email: string }> {
  const n = ++players;
  const name = `Marceline Thibodeaux${n}`;
  const email = `marceline${n}.${Date.now() % 1_000_000}@example.com`;
  const signedIn = await signIn(site, { username: name, email });
  fake.addMember(signedIn.user.discordId);
  return { ...signedIn, name, email };
}

/** a POST as a browser sends it through the proxy in front of the site, from `address` */
async function post(cookie: string, path: string, body: unknown, address = PLAYER_ADDRESS) {
  const response = await fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : undefined };
}

/** checkout, the demo card, completion: the purchase's id */
async function buy(cookie: string, item: Record<string, unknown>, address = PLAYER_ADDRESS): Promise<string> {
  const started = await post(cookie, '/api/create-payment-intent', { ...AGREED, ...item }, address);
  expect(started.status, started.text).toBe(200);
  await post(cookie, '/api/payments/demo/confirm', {
    clientSecret: started.body.clientSecret,
    cardNumber: '4242424242424242',
  });
  const completed = await post(cookie, '/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId });
  expect(completed.status, completed.text).toBe(200);
  return started.body.purchaseId;
}

async function game(path: string, body: unknown) {
  const response = await fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { grants: Array<{ id: string; discordId: string }> };
}

const sql = <T = Record<string, unknown>>(statement: string, params: unknown[] = []) =>
  site.system.database.withContext(() => site.system.database.query<T>(statement, params));

/** every row of every table of the schema, as JSON text, by table */
async function everyRow(): Promise<Array<{ table: string; row: string }>> {
  const tables = await sql<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r' order by c.relname`,
  );
  const rows: Array<{ table: string; row: string }> = [];
  for (const { name } of tables)
    for (const row of await sql(`select * from "${name}"`)) rows.push({ table: name, row: JSON.stringify(row) });
  return rows;
}

/** the rows (by table) that hold any of the values, in any case */
async function rowsHolding(values: readonly string[]): Promise<string[]> {
  const wanted = values.map((value) => value.toLowerCase());
  return (await everyRow())
    .filter(({ row }) => wanted.some((value) => row.toLowerCase().includes(value)))
    .map(({ table, row }) => `${table}: ${row.slice(0, 300)}`);
}

const counted = async (table: string, where: string, params: unknown[]) =>
  Number((await sql<{ n: number }>(`select count(*)::int as n from "${table}" where ${where}`, params))[0]?.n);

describe('a player erases their account', () => {
  it('erases every personal field of a player with purchases, tokens, an application, an appeal, a pass, a gift and grants; amounts, dates and products remain, and db verify is clean', async () => {
    const p = await player();
    const D = p.user.discordId;
    // an endpoint hears every event, so the webhooks' messages quote the player too
    const hook = await admin.post('/api/webhooks', {
      url: receiver.url('/privacy'),
      description: 'Erasure test',
      events: [...WEBHOOK_EVENT_TYPES],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const markers = {
      background: `Grew up on the Atchafalaya running a bait shop, marker ${D.slice(-6)}A.`,
      scenario: `I would talk the robber down on the radio, marker ${D.slice(-6)}B.`,
      explanation: `The stream clip shows the whole scene from the start, marker ${D.slice(-6)}C.`,
      characters: `Remy Fontenot${D.slice(-4)}`,
      unban: `Banned from the Discord for a joke taken the wrong way, marker ${D.slice(-6)}D.`,
    };
    // purchases: a gang (a grant in the game), a Priority Pass (a live membership), an unban with its details
    const gang = await buy(p.cookie, { productType: 'gang', productId: 'hood-package' });
    const pass = await buy(p.cookie, { productType: 'whitelist', productId: 'swamp-blood' });
    const unban = await buy(p.cookie, { productType: 'unban', productId: 'discord-unban', banReason: markers.unban });
    // a gift from a friend, named by the player's Discord id
    const friend = await player();
    const gift = await buy(
      friend.cookie,
      { productType: 'gang', productId: 'starter-gang', giftTo: D },
      '198.51.100.9',
    );
    // a whitelist application approved with a message naming the player, and an appeal denied
    const applied = await post(
      p.cookie,
      '/api/applications',
      whitelistAnswers({
        email: p.email,
        characterBackground: markers.background,
        roleplayScenario: markers.scenario,
      }),
    );
    expect(applied.status, applied.text).toBe(201);
    const approved = await admin.patch(`/api/applications/${applied.body.id}/review`, {
      status: 'approved',
      reviewNotes: 'A strong backstory and a calm scene.',
      applicantMessage: `Welcome to the bayou, ${p.name}!`,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const appealed = await post(
      p.cookie,
      '/api/appeals',
      appealAnswers({
        ban: 'in-game',
        banReference: 'BAN-7781',
        characterNames: markers.characters,
        explanation: markers.explanation,
      }),
    );
    expect(appealed.status, appealed.text).toBe(201);
    expect(
      (
        await admin.patch(`/api/appeals/${appealed.body.id}`, {
          status: 'denied',
          applicantMessage: 'The clip shows the shot first.',
        })
      ).status,
    ).toBe(200);
    // the game server runs the gang's command and reports it with the player's name
    const offered = await game('/api/game/grants/poll', { server: 'east', online: [D] });
    const mine = offered.grants.filter((grant) => grant.discordId === D);
    expect(mine.length).toBeGreaterThan(0);
    await game('/api/game/grants/reports', {
      server: 'east',
      reports: mine.map((grant) => ({ grantId: grant.id, ok: true, message: `Gave ${p.name} the hood` })),
    });
    // the game server let them in from its queue, and still lists them waiting on another server
    const queued = await fetch(`${site.url}/api/game/queue`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        server: 'east',
        slots: 64,
        online: 64,
        waiting: [{ discordId: D, name: p.name, priority: 1, tier: 'swamp-blood', since: new Date().toISOString() }],
        admitted: [
          {
            id: `boot1-${D.slice(-3)}`,
            discordId: D,
            tier: 'swamp-blood',
            priority: 1,
            waitedSeconds: 300,
            at: new Date().toISOString(),
          },
        ],
      }),
    });
    expect(queued.status).toBe(200);
    // the roles are in Discord
    await eventually(() =>
      expect([...(fake.members.get(D) ?? [])].sort()).toEqual([SWAMP_BLOOD_ROLE, HOOD_ROLE, WHITELIST_ROLE].sort()),
    );
    // a second browser of the player's
    const other = await signIn(site, { discordId: D, username: p.name, email: p.email });

    const before = {
      purchases: await sql(
        `select "id", "product_id", "option_id", "product_name", "price_cents", "amount_paid_cents", "status", "created_at", "completed_at", "payment_intent_id", "consent_version", "consent_at"
         from "purchases" where "user_id" = ? or "gift_user_id" = ? order by "id"`,
        [p.user.id, p.user.id],
      ),
      ledger: await sql(
        `select "id", "delta", "balance_after", "created_at" from "token_ledger" where "user_id" = ? order by "seq"`,
        [p.user.id],
      ),
      tokens: (await sql<{ tokens: number }>(`select "tokens" from "users" where "id" = ?`, [p.user.id]))[0]!.tokens,
    };
    expect(before.purchases.map((row) => row.id).sort()).toEqual([gang, pass, unban, gift].sort());
    const personal = [p.name, p.email, D, PLAYER_ADDRESS, ...Object.values(markers)];
    expect((await rowsHolding(personal)).length).toBeGreaterThan(10);
    expect((await rowsHolding([D])).filter((row) => row.startsWith('webhook_messages:')).length).toBeGreaterThan(2);

    // what the dialog is told first: the pass is ended, nothing holds it
    const preview = await client(site.url, p.cookie).get('/api/user/privacy');
    expect(preview.body.erasure).toEqual({
      membership: { tierName: 'Swamp Blood', status: 'active' },
      holds: [],
      refused: false,
      pending: null,
    });

    // without the typed word: 400, and nothing is recorded or changed
    for (const body of [{}, { confirm: 'yes' }, { confirm: '' }, { confirm: 42 }]) {
      const refused = await post(p.cookie, '/api/user/privacy/erase', body);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.message).toContain(`Type ${ERASURE_CONFIRMATION_WORD} to confirm`);
    }
    expect(await counted('privacy_requests', `"user_id" = ? and "kind" = 'erasure'`, [p.user.id])).toBe(0);
    expect((await client(site.url, p.cookie).get('/api/auth/user')).body.username).toBe(p.name);
    // from another site: refused as every write is
    const crossSite = await fetch(`${site.url}/api/user/privacy/erase`, {
      method: 'POST',
      headers: { cookie: p.cookie, 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ confirm: 'DELETE' }),
    });
    expect(crossSite.status).toBe(403);

    const erased = await post(p.cookie, '/api/user/privacy/erase', { confirm: 'delete' });
    expect(erased.status, erased.text).toBe(200);
    expect(erased.body).toMatchObject({ erased: true, signedOut: true, membershipEnded: 'Swamp Blood', holds: [] });
    expect(new Date(erased.body.request.dueAt).getTime() - new Date(erased.body.request.createdAt).getTime()).toBe(
      30 * 86_400_000,
    );
    // this browser's cookie is cleared, and every session of the account has ended
    expect(erased.headers.getSetCookie().join(';')).toMatch(/expires=Thu, 01 Jan 1970/i);
    for (const cookie of [p.cookie, other.cookie])
      expect((await client(site.url, cookie).get('/api/auth/user')).status).toBe(401);

    // the roles go through the outbox, then the request completes
    await eventually(() => expect([...(fake.members.get(D) ?? [])]).toEqual([]));
    await eventually(async () =>
      expect(
        (await sql(`select "status" from "privacy_requests" where "id" = ?`, [erased.body.request.id]))[0],
      ).toEqual({
        status: 'completed',
      }),
    );

    const verify = await runCliOn(site.system, ['db', 'verify']);
    expect(verify.stderr).toBe('');
    expect(verify.code, verify.stdout).toBe(0);

    // which rows remain: the account (anonymised), every purchase with its amounts, dates and products, the ledger
    const [account] = await sql(`select * from "users" where "id" = ?`, [p.user.id]);
    expect(account).toMatchObject({
      username: null,
      email: null,
      discord_username: null,
      discord_avatar: null,
      discord_discriminator: null,
      tokens: before.tokens,
      role: 'player',
    });
    expect(String(account!.discord_id)).toMatch(/^erased-[0-9a-f]{24}$/);
    expect(
      await sql(
        `select "id", "product_id", "option_id", "product_name", "price_cents", "amount_paid_cents", "status", "created_at", "completed_at", "payment_intent_id", "consent_version", "consent_at"
         from "purchases" where "user_id" = ? or "gift_user_id" = ? order by "id"`,
        [p.user.id, p.user.id],
      ),
    ).toEqual(before.purchases);
    expect(
      await sql(
        `select "id", "delta", "balance_after", "created_at" from "token_ledger" where "user_id" = ? order by "seq"`,
        [p.user.id],
      ),
    ).toEqual(before.ledger);
    expect(
      await sql(
        `select "buyer_email", "buyer_discord", "consent_address", "ban_reason" from "purchases" where "user_id" = ?`,
        [p.user.id],
      ),
    ).toEqual(
      expect.arrayContaining([
        { buyer_email: null, buyer_discord: null, consent_address: null, ban_reason: '[erased]' },
        { buyer_email: null, buyer_discord: null, consent_address: null, ban_reason: null },
      ]),
    );
    expect(await sql(`select "gift_name", "gift_discord_id" from "purchases" where "id" = ?`, [gift])).toEqual([
      { gift_name: '[erased]', gift_discord_id: account!.discord_id },
    ]);
    // the applications and the appeal keep their status, dates and staff's decision; the player's words are gone
    expect(
      await sql(
        `select "status", "review_notes", "applicant_message", "character_background", "email", "age" from "whitelist_applications" where "user_id" = ?`,
        [p.user.id],
      ),
    ).toEqual([
      {
        status: 'approved',
        review_notes: 'A strong backstory and a calm scene.',
        applicant_message: 'Welcome to the bayou, [erased]!',
        character_background: '[erased]',
        email: '[erased]',
        age: 24,
      },
    ]);
    expect(
      await sql(
        `select "status", "ban", "character_names", "explanation", "applicant_message" from "ban_appeals" where "user_id" = ?`,
        [p.user.id],
      ),
    ).toEqual([
      {
        status: 'denied',
        ban: 'in-game',
        character_names: '[erased]',
        explanation: '[erased]',
        applicant_message: 'The clip shows the shot first.',
      },
    ]);
    // the pass ended first; the grants remain, the one not run cancelled
    expect(await sql(`select "status", "end_reason" from "memberships" where "user_id" = ?`, [p.user.id])).toEqual([
      { status: 'ended', end_reason: 'the player deleted their account.' },
    ]);
    const grants = await sql<{
      action: string;
      status: string;
      discord_id: string;
      command: string;
      result: string | null;
    }>(
      `select "action", "status", "discord_id", "command", "result" from "game_grants" where "user_id" = ? order by "created_at", "action"`,
      [p.user.id],
    );
    expect(grants.map((grant) => `${grant.action} ${grant.status}`).sort()).toEqual(
      ['expiry cancelled', 'purchase ran', 'purchase ran'].sort(),
    );
    for (const grant of grants) expect(grant.discord_id).toBe(account!.discord_id);
    expect(grants.map((grant) => grant.result)).toContain('Gave [erased] the hood');
    // no session, no message still to be sent to the player
    expect(await counted('sessions', `"sess" like ?`, [`%${p.user.id}%`])).toBe(0);
    expect(await counted('emails', `"user_id" = ?`, [p.user.id])).toBe(0);
    expect(await counted('deliveries', `"user_id" = ? and "status" in ('pending', 'sending')`, [p.user.id])).toBe(0);

    // and no personal value survives anywhere, in any column of any table
    expect(await rowsHolding(personal)).toEqual([]);
  }, 120_000);

  it('downloads one JSON file of everything held, with the ledger as it gives its entries, and records the request', async () => {
    const p = await player();
    const purchaseId = await buy(p.cookie, { productType: 'gang', productId: 'starter-gang' });
    // a staff application with a time offered for its interview
    const application = await client(site.url, p.cookie).post('/api/staff-applications', staffAnswers());
    expect(application.status).toBe(201);
    const startsAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const offered = await admin.post(`/api/staff-applications/${application.body.id}/interviews/slots`, {
      slots: [{ startsAt, minutes: 30 }],
    });
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    // the game server let them in from its queue after a 7-minute wait
    const admittedAt = new Date(Date.now() - 3_600_000).toISOString();
    const queueReport = await fetch(`${site.url}/api/game/queue`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        server: 'main',
        slots: 64,
        online: 64,
        waiting: [],
        admitted: [
          {
            id: 'adm-1',
            discordId: p.user.discordId,
            tier: 'bayou-basic',
            priority: 1,
            waitedSeconds: 420,
            at: admittedAt,
          },
        ],
      }),
    });
    expect(queueReport.status).toBe(200);
    const response = await fetch(`${site.url}/api/user/privacy/export`, {
      method: 'POST',
      headers: { cookie: p.cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="bayou-roleplay-data-${p.user.id}-\\d{4}-\\d\\d-\\d\\d\\.json"$`),
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const data = await response.json();
    expect(Object.keys(data)).toEqual([
      'format',
      'version',
      'exportedAt',
      'account',
      'ageDeclaration',
      'consents',
      'purchases',
      'tokenLedger',
      'applications',
      'memberships',
      'interviews',
      'grants',
      'queueAdmissions',
      'privacyRequests',
    ]);
    expect(data.queueAdmissions).toEqual([{ server: 'main', tier: 'bayou-basic', waitedSeconds: 420, admittedAt }]);
    expect(data.interviews).toEqual([
      expect.objectContaining({
        kind: 'staff',
        applicationId: application.body.id,
        slots: [expect.objectContaining({ startsAt, minutes: 30 })],
        interviews: [],
      }),
    ]);
    expect(data.account).toMatchObject({
      id: p.user.id,
      discordId: p.user.discordId,
      username: p.name,
      email: p.email,
    });
    expect(data.ageDeclaration).toMatchObject({ answer: 'adult', words: 'I am 18 or over' });
    expect(data.purchases).toEqual([
      expect.objectContaining({ id: purchaseId, productId: 'starter-gang', status: 'completed' }),
    ]);
    expect(data.consents).toEqual([
      expect.objectContaining({ purchaseId, address: PLAYER_ADDRESS, words: expect.stringContaining('14-day') }),
    ]);
    // every field of every entry, as the ledger's own history gives it
    const { database, core } = site.system;
    const ledger = await database.withContext(() => core.tokens.history.execute({ userId: p.user.id, limit: 500 }));
    expect(data.tokenLedger).toEqual(JSON.parse(JSON.stringify(ledger)));
    expect(data.privacyRequests).toEqual([
      expect.objectContaining({ kind: 'export', status: 'completed', channel: 'web' }),
    ]);

    // the terminal prints the same document
    const printed = await runCliOn(site.system, ['users', 'export', p.user.discordId]);
    expect(printed.code, printed.stderr).toBe(0);
    const fromCli = JSON.parse(printed.stdout);
    expect(Object.keys(fromCli)).toEqual(Object.keys(data));
    expect(fromCli.purchases).toEqual(data.purchases);
    expect(fromCli.privacyRequests.map((request: { channel: string }) => request.channel)).toEqual(['cli', 'web']);
    // signed out: nothing
    const signedOut = await fetch(`${site.url}/api/user/privacy/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(signedOut.status).toBe(401);
  });

  it('holds a deletion while a payment is open: recorded with its deadline, listed, and carried out from the terminal once settled', async () => {
    const p = await player();
    const started = await post(p.cookie, '/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'starter-gang',
    });
    expect(started.status, started.text).toBe(200);
    const held = await post(p.cookie, '/api/user/privacy/erase', { confirm: 'DELETE' });
    expect(held.status, held.text).toBe(202);
    expect(held.body).toMatchObject({ erased: false, signedOut: false, holds: [{ code: 'PAYMENT_IN_PROGRESS' }] });
    expect(held.body.request).toMatchObject({ status: 'pending', kind: 'erasure' });
    expect(held.body.request.heldBy).toContain(started.body.purchaseId);
    // still signed in, nothing erased; asking again records no second request
    expect((await client(site.url, p.cookie).get('/api/auth/user')).body.username).toBe(p.name);
    expect((await post(p.cookie, '/api/user/privacy/erase', { confirm: 'DELETE' })).body.request.id).toBe(
      held.body.request.id,
    );
    expect((await client(site.url, p.cookie).get('/api/user/privacy')).body.erasure.pending.id).toBe(
      held.body.request.id,
    );

    const listed = await runCliOn(site.system, ['privacy', 'requests']);
    expect(listed.code).toBe(0);
    const line = listed.stdout.split('\n').find((row) => row.startsWith(held.body.request.id));
    expect(line).toContain(`due ${held.body.request.dueAt.slice(0, 10)} (29 days left)`);
    expect(listed.stdout).toContain(
      `held: The payment for Starter Gang (purchase ${started.body.purchaseId}) is not settled yet.`,
    );
    const json = JSON.parse((await runCliOn(site.system, ['privacy', 'requests', '--json'])).stdout);
    expect(json).toContainEqual(expect.objectContaining({ id: held.body.request.id, status: 'pending' }));

    // the terminal refuses while it holds (exit 5), and carries it out once the payment is settled
    const refused = await runCliOn(site.system, ['users', 'erase', p.user.discordId]);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain('The erasure waits: The payment for Starter Gang');
    await post(p.cookie, '/api/payments/demo/confirm', {
      clientSecret: started.body.clientSecret,
      cardNumber: '4242424242424242',
    });
    expect(
      (await post(p.cookie, '/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId })).status,
    ).toBe(200);
    const done = await runCliOn(site.system, ['users', 'erase', p.user.id]);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain(`Erased account ${p.user.id}: users 1`);
    expect((await client(site.url, p.cookie).get('/api/auth/user')).status).toBe(401);
    expect(await rowsHolding([p.name, p.email, p.user.discordId])).toEqual([]);
    // an erased account is not erased twice
    const again = await runCliOn(site.system, ['users', 'erase', p.user.id]);
    expect(again.code).toBe(5);
    expect(again.stderr).toContain('erased already');
    const all = await runCliOn(site.system, ['privacy', 'requests', '--all']);
    expect(all.stdout).toMatch(new RegExp(`${held.body.request.id}.+erasure +completed +web`));
  }, 60_000);

  it('refuses to delete a staff account, and changes nothing', async () => {
    const staff = await signIn(site, { role: 'staff', username: 'Reviewer Boudreaux' });
    const refused = await post(staff.cookie, '/api/user/privacy/erase', { confirm: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ERASURE_STAFF_ACCOUNT');
    expect((await client(site.url, staff.cookie).get('/api/auth/user')).body.username).toBe('Reviewer Boudreaux');
    expect(await counted('privacy_requests', `"user_id" = ?`, [staff.user.id])).toBe(0);
    expect((await client(site.url, staff.cookie).get('/api/user/privacy')).body.erasure.refused).toBe(true);
    const cli = await runCliOn(site.system, ['users', 'erase', staff.user.discordId]);
    expect(cli.code).toBe(5);
    expect((await runCliOn(site.system, ['users', 'erase', '00000000-0000-4000-8000-000000000000'])).code).toBe(4);
  });
});
