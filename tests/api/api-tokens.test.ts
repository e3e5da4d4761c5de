import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../adapters/http/middleware/rate-limiter.ts';
import { whitelistAnswers } from '../support/application-builders.ts';
import { madeToken, withToken } from '../support/api-tokens.ts';
import { AGREED } from '../support/checkout-terms.ts';
import { client } from '../support/http.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const PER_MINUTE = 8;

describe('API tokens and the read API', () => {
  let server: TestServer;
  let admin: SignedIn;
  let buyer: SignedIn;
  let purchaseId: string;

  const as = (who: SignedIn) => client(server.url, who.cookie);
  const row = async (id: string) =>
    (
      await server.system.database.query<Record<string, unknown>>(`select * from "api_tokens" where "id" = ?`, [id])
    )[0]!;

  beforeAll(async () => {
    server = await startTestServer({ rateLimits: { api: new RateLimiter(PER_MINUTE) } });
    admin = await signIn(server, { role: 'admin', username: 'Ada Admin' });
    buyer = await signIn(server, { username: 'Gator Buyer', email: 'gator@example.com' });
    const started = (
      await as(buyer).post('/api/create-payment-intent', {
        ...AGREED,
        productType: 'whitelist',
        productId: 'bayou-basic',
      })
    ).body;
    await as(buyer).post('/api/payments/demo/confirm', {
      clientSecret: started.clientSecret,
      cardNumber: '4242424242424242',
    });
    const done = await as(buyer).post('/api/complete-purchase', { paymentIntentId: started.paymentIntentId });
    expect(done.status).toBe(200);
    purchaseId = started.purchaseId;
  });
  afterAll(() => server?.stop());

  it('shows the token once, stores only its SHA-256, and lists it without either', async () => {
    const made = await as(admin).post('/api/api-tokens', {
      name: '  Stats board ',
      scopes: ['players:read', 'purchases:read'],
    });
    expect(made.status).toBe(201);
    expect(made.body.secret).toMatch(/^bbt_[A-Za-z0-9_-]{43}$/);
    expect(made.body.token).toMatchObject({
      name: 'Stats board',
      scopes: ['purchases:read', 'players:read'],
      createdBy: 'Ada Admin',
      lastUsedAt: null,
      revokedAt: null,
    });
    const stored = await row(made.body.token.id);
    expect(stored.token_hash).toBe(createHash('sha256').update(made.body.secret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(made.body.secret);
    const listed = await as(admin).get('/api/api-tokens');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(made.body.secret);
    expect(JSON.stringify(listed.body)).not.toContain(String(stored.token_hash));
    expect(listed.body.tokens[0]).toEqual(made.body.token);
    expect(listed.body.allowedScopes).toEqual([
      'purchases:read',
      'players:read',
      'applications:read',
      'memberships:read',
    ]);
  });

  it('refuses a bad name or scope with a clear message, and a scope whose permission the maker lacks', async () => {
    expect((await as(admin).post('/api/api-tokens', { name: '', scopes: ['players:read'] })).body.message).toBe(
      'Give the token a name.',
    );
    const noScope = await as(admin).post('/api/api-tokens', { name: 'Nothing', scopes: [] });
    expect([noScope.status, noScope.body.message]).toEqual([400, 'Choose at least one scope.']);
    const writeScope = await as(admin).post('/api/api-tokens', { name: 'Writer', scopes: ['whitelist:write'] });
    expect(writeScope.status).toBe(400);
    expect(writeScope.body.message).toContain('A scope is one of purchases:read, players:read');
    // an integrations manager who may look players up but not see purchases
    const manager = await signIn(server, { role: 'staff', grant: ['manage-integrations'] });
    const refused = await as(manager).post('/api/api-tokens', { name: 'Till', scopes: ['purchases:read'] });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('API_SCOPE_REQUIRED');
    expect(refused.body.message).toContain(
      'The purchases:read scope needs the "View purchases and revenue" permission',
    );
    expect((await as(manager).get('/api/api-tokens')).body.allowedScopes).toEqual([
      'players:read',
      'applications:read',
    ]);
    expect((await as(manager).post('/api/api-tokens', { name: 'Lookup', scopes: ['players:read'] })).status).toBe(201);
    const tokens = await server.system.database.query<{ n: number }>(
      `select count(*)::int as n from "api_tokens" where "name" in ('', 'Nothing', 'Writer', 'Till')`,
    );
    expect(tokens[0]!.n).toBe(0);
  });

  it('answers 401 with WWW-Authenticate to no token, an unknown one and a session cookie; a token is no session', async () => {
    const none = await withToken(server, '/api/v1/purchases');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(none.body).toEqual({
      message: 'This API needs an API token: send it as Authorization: Bearer <token>.',
      code: 'API_TOKEN_REQUIRED',
    });
    const unknown = await withToken(server, '/api/v1/purchases', `bbt_${'A'.repeat(43)}`);
    expect([unknown.status, unknown.body.code]).toEqual([401, 'API_TOKEN_INVALID']);
    // the admin's own session cookie is nobody under /api/v1
    const cookie = await withToken(server, '/api/v1/purchases', undefined, admin.cookie);
    expect(cookie.status).toBe(401);
    // and a token is nobody on the session routes
    const { secret } = await madeToken(server, admin, ['purchases:read']);
    const session = await withToken(server, '/api/purchases', secret);
    expect([session.status, session.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await withToken(server, '/api/auth/user', secret)).status).toBe(401);
  });

  it('reads purchases without emails, addresses or payment references, with filters and a cursor', async () => {
    const { secret } = await madeToken(server, admin, ['purchases:read']);
    const list = await withToken(server, '/api/v1/purchases?status=completed&limit=1', secret);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({
      id: purchaseId,
      status: 'completed',
      productId: 'bayou-basic',
      gift: false,
    });
    expect(JSON.stringify(list.body)).not.toMatch(/gator@example\.com|pi_|paymentIntentId|buyerEmail|consentAddress/);
    const one = await withToken(server, `/api/v1/purchases/${purchaseId}`, secret);
    expect(one.body).toEqual(list.body.items[0]);
    const later = await withToken(
      server,
      `/api/v1/purchases?since=${new Date(Date.now() + 86_400_000).toISOString()}`,
      secret,
    );
    expect(later.body).toEqual({ items: [], next: null });
    const bad = await withToken(server, '/api/v1/purchases?limit=500&colour=red', secret);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('limit: Limit must be 1 to 100');
    expect(bad.body.message).toContain('colour');
    expect((await withToken(server, '/api/v1/purchases/00000000-0000-4000-8000-000000000000', secret)).status).toBe(
      404,
    );
  });

  it('reads a player as the game server does, and refuses a scope the token lacks naming it', async () => {
    const { secret } = await madeToken(server, admin, ['players:read']);
    const player = await withToken(server, `/api/v1/players/${buyer.user.discordId}`, secret);
    expect(player.status).toBe(200);
    expect(player.body).toMatchObject({
      id: buyer.user.id,
      discordId: buyer.user.discordId,
      name: 'Gator Buyer',
      role: 'player',
      whitelisted: true,
      banned: false,
      tier: 'bayou-basic',
    });
    expect(JSON.stringify(player.body)).not.toContain('gator@example.com');
    expect((await withToken(server, '/api/v1/players/12345678901', secret)).body.code).toBe('PLAYER_NOT_FOUND');
    const refused = await withToken(server, '/api/v1/purchases', secret);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: 'This token does not hold the purchases:read scope.',
      code: 'API_SCOPE_REQUIRED',
    });
  });

  it('reads the application kinds its creator reviews, their state only, and refuses the others', async () => {
    const applicant = await signIn(server);
    const answers = whitelistAnswers();
    expect((await as(applicant).post('/api/applications', answers)).status).toBe(201);
    const reviewer = await signIn(server, { role: 'staff', grant: ['manage-integrations'] });
    const { secret } = await madeToken(server, reviewer, ['applications:read']);
    const list = await withToken(server, '/api/v1/applications?status=pending&limit=5', secret);
    expect(list.status).toBe(200);
    expect(list.body.kind).toBe('whitelist');
    expect(list.body.items[0]).toMatchObject({ kind: 'whitelist', userId: applicant.user.id, status: 'pending' });
    expect(JSON.stringify(list.body)).not.toContain(
      String(Object.values(answers).find((v) => typeof v === 'string' && v.length > 40)),
    );
    const staffKind = await withToken(server, '/api/v1/applications?kind=staff', secret);
    expect(staffKind.status).toBe(403);
    expect(staffKind.body.message).toContain('reads staff applications only while');
    const badStatus = await withToken(server, '/api/v1/applications?status=lost', secret);
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.message).toContain("a whitelist application's status is one of pending");
  });

  it('reads memberships by status', async () => {
    const { secret } = await madeToken(server, admin, ['memberships:read']);
    const list = await withToken(server, '/api/v1/memberships?status=active', secret);
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body.items)).toBe(true);
    expect((await withToken(server, '/api/v1/memberships?status=paused', secret)).status).toBe(400);
  });

  it("follows its creator's permissions at each request: demoted, then banned", async () => {
    const owner = await signIn(server, { role: 'admin' });
    const { secret } = await madeToken(server, owner, ['purchases:read', 'players:read']);
    expect((await withToken(server, '/api/v1/purchases', secret)).status).toBe(200);
    const { system } = server;
    await system.database.withContext(() =>
      system.core.users.changePermissions.execute({
        userId: owner.user.id,
        grant: [],
        revoke: ['view-purchases', 'refund'],
      }),
    );
    const demoted = await withToken(server, '/api/v1/purchases', secret);
    expect(demoted.status).toBe(403);
    expect(demoted.body.message).toBe(
      `The purchases:read scope needs the token's creator to hold "View purchases and revenue", and they no longer do.`,
    );
    expect((await withToken(server, `/api/v1/players/${buyer.user.discordId}`, secret)).status).toBe(200);
    await system.database.query(`update "users" set "banned_at" = now(), "ban_reason" = 'test' where "id" = ?`, [
      owner.user.id,
    ]);
    expect((await withToken(server, `/api/v1/players/${buyer.user.discordId}`, secret)).status).toBe(403);
  });

  it('is refused on the next request once revoked, and the revoke is recorded once', async () => {
    const { id, secret } = await madeToken(server, admin, ['players:read']);
    expect((await withToken(server, `/api/v1/players/${buyer.user.discordId}`, secret)).status).toBe(200);
    const revoked = await as(admin).post(`/api/api-tokens/${id}/revoke`, {});
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id, revokedBy: 'Ada Admin' });
    const next = await withToken(server, `/api/v1/players/${buyer.user.discordId}`, secret);
    expect([next.status, next.body.message]).toEqual([401, 'This API token was revoked.']);
    const again = await as(admin).post(`/api/api-tokens/${id}/revoke`, {});
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
    expect((await as(admin).post('/api/api-tokens/00000000-0000-4000-8000-000000000000/revoke', {})).status).toBe(404);
  });

  it('writes its last use at most once a minute', async () => {
    const { id, secret } = await madeToken(server, admin, ['players:read']);
    await withToken(server, `/api/v1/players/${buyer.user.discordId}`, secret);
    const first = (await row(id)).last_used_at as Date;
    expect(first).not.toBeNull();
    await withToken(server, `/api/v1/players/${buyer.user.discordId}`, secret);
    expect(String((await row(id)).last_used_at)).toBe(String(first));
    // a minute on: the next request writes it again
    await server.system.database.query(
      `update "api_tokens" set "last_used_at" = "last_used_at" - interval '61 seconds' where "id" = ?`,
      [id],
    );
    await withToken(server, `/api/v1/players/${buyer.user.discordId}`, secret);
    expect(new Date(String((await row(id)).last_used_at)).getTime()).toBeGreaterThan(
      new Date(String(first)).getTime() - 1000,
    );
  });

  it('limits the requests of each token per minute with 429, Retry-After and RATE_LIMITED', async () => {
    const { secret } = await madeToken(server, admin, ['players:read']);
    const other = await madeToken(server, admin, ['players:read']);
    const path = `/api/v1/players/${buyer.user.discordId}`;
    for (let i = 0; i < PER_MINUTE; i++) expect((await withToken(server, path, secret)).status).toBe(200);
    const limited = await withToken(server, path, secret);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(limited.body.message).toMatch(/^Too many API requests\. Try again in \d+ seconds\.$/);
    expect((await withToken(server, path, other.secret)).status).toBe(200);
  });
});
