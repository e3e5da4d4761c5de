import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whitelistAnswers } from '../support/application-builders.ts';
import { databaseTargets } from '../support/databases.ts';
import { client } from '../support/http.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

/** a purchase paid with the demo gateway's good card: refundable */
async function paidPurchase(server: TestServer): Promise<string> {
  const buyer = client(server.url, (await signIn(server)).cookie);
  const started = await buyer.post('/api/create-payment-intent', {
    ...AGREED,
    productType: 'whitelist',
    productId: 'bayou-basic',
  });
  expect(started.status).toBe(200);
  await buyer.post('/api/payments/demo/confirm', {
    clientSecret: started.body.clientSecret,
    cardNumber: '4242424242424242',
  });
  const completed = await buyer.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId });
  expect(completed.status).toBe(200);
  return started.body.purchaseId as string;
}

describe('named permissions on the shared server', () => {
  let server: TestServer;
  let admin: SignedIn;
  const as = (who: SignedIn) => client(server.url, who.cookie);

  beforeAll(async () => {
    server = await sharedTestServer();
    admin = await signIn(server, { username: 'Perm Admin', role: 'admin' });
  });

  it('a moderator granted only refund can refund a purchase, and cannot adjust tokens or see applications', async () => {
    for (const role of ['player', 'staff'] as const) {
      const moderator = await signIn(server, { role, username: `Refund ${role}` });
      const granted = await as(admin).post(`/api/players/${moderator.user.id}/permissions`, { grant: ['refund'] });
      expect(granted.status).toBe(200);
      const me = await as(moderator).get('/api/auth/user');
      expect(me.body.permissions).toContain('refund');
      // refunding brings viewing purchases with it
      expect(me.body.permissions).toContain('view-purchases');

      const purchaseId = await paidPurchase(server);
      const refunded = await as(moderator).post(`/api/purchases/${purchaseId}/refund`, { reason: 'Bought twice.' });
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
      expect((await as(admin).get(`/api/purchases/${purchaseId}`)).body.purchase.status).toBe('refunded');

      const tokens = await as(moderator).post(`/api/players/${admin.user.id}/tokens`, {
        direction: 'credit',
        amount: 5,
        reason: 'Nope',
      });
      expect(tokens.status).toBe(403);
      expect(tokens.body.message).toContain('"Adjust tokens" permission');
      expect((await as(moderator).get('/api/staff-applications')).status).toBe(403);
      if (role === 'player') {
        const applicant = await signIn(server);
        const application = await as(applicant).post('/api/applications', whitelistAnswers());
        expect((await as(moderator).get('/api/applications')).status).toBe(403);
        expect((await as(moderator).get(`/api/applications/${application.body.id}`)).status).toBe(403);
      }
    }
  });

  it('a revoked permission stops working on the very next request', async () => {
    const moderator = await signIn(server, { username: 'Soon Revoked' });
    await as(admin).post(`/api/players/${moderator.user.id}/permissions`, { grant: ['view-players'] });
    // read and cached in memory by the session cache
    for (let i = 0; i < 3; i++) expect((await as(moderator).get('/api/players?q=perm')).status).toBe(200);
    const revoked = await as(admin).post(`/api/players/${moderator.user.id}/permissions`, { revoke: ['view-players'] });
    expect(revoked.status).toBe(200);
    expect(revoked.body.permissions.find((p: { permission: string }) => p.permission === 'view-players')).toMatchObject(
      { held: false, source: 'none' },
    );
    expect((await as(moderator).get('/api/players?q=perm')).status).toBe(403);
    expect((await as(moderator).get('/api/auth/user')).body.permissions).toEqual([]);
    // a preset permission revoked from a staff member goes the same way, and comes back when granted again
    const staff = await signIn(server, { role: 'staff' });
    expect((await as(staff).get('/api/applications')).status).toBe(200);
    await as(admin).post(`/api/players/${staff.user.id}/permissions`, { revoke: ['review-whitelist'] });
    expect((await as(staff).get('/api/applications')).status).toBe(403);
    await as(admin).post(`/api/players/${staff.user.id}/permissions`, { grant: ['review-whitelist'] });
    expect((await as(staff).get('/api/applications')).status).toBe(200);
  });

  it('writes one audit row per permission changed, shown on the player page timeline', async () => {
    const moderator = await signIn(server, { username: 'Audited Mod', role: 'staff' });
    const changed = await as(admin).post(`/api/players/${moderator.user.id}/permissions`, {
      grant: ['refund'],
      revoke: ['review-appeals'],
      reason: 'Handles refunds now',
    });
    expect(changed.status).toBe(200);
    const page = await as(admin).get(`/api/players/${moderator.user.id}`);
    const rows = page.body.timeline
      .filter((entry: { kind: string }) => entry.kind === 'account_action')
      .map((entry: { title: string; detail: string; notes: string; actor: { name: string }; channel: string }) => ({
        title: entry.title,
        detail: entry.detail,
        notes: entry.notes,
        actor: entry.actor.name,
        channel: entry.channel,
      }));
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          title: 'Permission granted: Issue refunds',
          detail: 'not held → held',
          notes: 'Handles refunds now',
          actor: 'Perm Admin',
          channel: 'web',
        },
        {
          title: 'Permission revoked: Review ban appeals (approving lifts the appealed ban)',
          detail: 'held → not held',
          notes: 'Handles refunds now',
          actor: 'Perm Admin',
          channel: 'web',
        },
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(page.body.permissions.find((p: { permission: string }) => p.permission === 'refund')).toMatchObject({
      held: true,
      source: 'granted',
    });
  });

  it('refuses unknown permissions, both-ways changes and empty changes with a clear 400, changing nothing', async () => {
    const target = await signIn(server);
    const path = `/api/players/${target.user.id}/permissions`;
    const unknown = await as(admin).post(path, { grant: ['refund', 'fly'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('Unknown permission "fly"');
    expect((await as(admin).post(path, { grant: ['ban'], revoke: ['ban'] })).status).toBe(400);
    expect((await as(admin).post(path, {})).status).toBe(400);
    expect((await as(admin).post(path, { grant: 'refund' })).status).toBe(400);
    // what comes with another permission is not revoked alone
    await as(admin).post(path, { grant: ['refund'] });
    const implied = await as(admin).post(path, { revoke: ['view-purchases'] });
    expect(implied.status).toBe(409);
    expect(implied.body.message).toContain('comes with "Issue refunds"');
    const me = await as(target).get('/api/auth/user');
    expect(me.body.permissions.sort()).toEqual(['refund', 'view-purchases']);
    const rows = await server.system.database.query<{ action: string }>(
      `select "action" from "account_actions" where "user_id" = ?`,
      [target.user.id],
    );
    expect(rows.map((row) => row.action)).toEqual(['grant_permission']);
  });
});

describe.each(databaseTargets())('the last permission manager on %s', (target) => {
  let server: TestServer;
  let ada: SignedIn;
  let bo: SignedIn;
  const as = (who: SignedIn) => client(server.url, who.cookie);
  const holders = async () =>
    (await server.system.database.withContext(() => server.system.core.users.list.execute({})))
      .filter((user) => !user.bannedAt)
      .filter((user) => (user.permissionRevocations ?? []).includes('manage-roles') === false)
      .filter((user) => user.role === 'admin' || (user.permissionGrants ?? []).includes('manage-roles'))
      .map((user) => user.username);
  const operator = { actor: null, channel: 'cli' as const };

  beforeAll(async () => {
    server = await startTestServer({ target });
    ada = await signIn(server, { username: 'Ada', role: 'admin' });
    bo = await signIn(server, { username: 'Bo', role: 'admin' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('cannot lose manage-roles by revocation, role change or ban, and nothing changes', async () => {
    expect((await as(ada).post(`/api/players/${bo.user.id}/permissions`, { revoke: ['manage-roles'] })).status).toBe(
      200,
    );
    expect(await holders()).toEqual(['Ada']);
    const own = await as(ada).post(`/api/players/${ada.user.id}/permissions`, { revoke: ['manage-roles'] });
    expect(own.status).toBe(409);
    expect(own.body.message).toContain('last account that can change roles and permissions');
    const { core, database } = server.system;
    const attempts: Array<() => Promise<unknown>> = [
      () => core.players.changeRole.execute({ userId: ada.user.id, role: 'staff' }, operator),
      () => core.players.changeRole.execute({ userId: ada.user.id, role: 'player' }, operator),
      () => core.players.ban.execute({ userId: ada.user.id, reason: 'Testing' }, operator),
      () => core.players.changePermissions.execute({ userId: ada.user.id, revoke: ['manage-roles'] }, operator),
    ];
    for (const attempt of attempts)
      await expect(database.withContext(attempt)).rejects.toMatchObject({ code: 'LAST_PERMISSION_MANAGER' });
    const after = await database.withContext(() => core.users.get.execute(ada.user.id));
    expect(after).toMatchObject({ role: 'admin', bannedAt: null, permissionRevocations: [] });
    const rows = await database.query<{ action: string }>(
      `select "action" from "account_actions" where "user_id" = ?`,
      [ada.user.id],
    );
    expect(rows).toEqual([]);
    // Bo gets it back; a player granted manage-roles is a holder too, so then the admin role may go
    expect((await as(ada).post(`/api/players/${bo.user.id}/permissions`, { grant: ['manage-roles'] })).status).toBe(
      200,
    );
    const cy = await signIn(server, { username: 'Cy' });
    expect((await as(ada).post(`/api/players/${cy.user.id}/permissions`, { grant: ['manage-roles'] })).status).toBe(
      200,
    );
    expect((await as(cy).get('/api/auth/user')).body.permissions).toEqual(['manage-roles']);
    await database.withContext(() => core.players.changeRole.execute({ userId: ada.user.id, role: 'staff' }, operator));
    await database.withContext(() => core.players.changeRole.execute({ userId: ada.user.id, role: 'admin' }, operator));
    expect((await as(bo).post(`/api/players/${cy.user.id}/permissions`, { revoke: ['manage-roles'] })).status).toBe(
      200,
    );
  });

  it('two admins revoking each other at once leave one holder', async () => {
    for (let round = 0; round < 5; round++) {
      expect((await holders()).sort()).toEqual(['Ada', 'Bo']);
      const [first, second] = await Promise.all([
        as(ada).post(`/api/players/${bo.user.id}/permissions`, { revoke: ['manage-roles'] }),
        as(bo).post(`/api/players/${ada.user.id}/permissions`, { revoke: ['manage-roles'] }),
      ]);
      // one wins; the other is refused (the last holder, or no longer a holder by the time it is checked)
      expect([first.status, second.status].sort()).toSatisfy(
        ([a, b]: number[]) => a === 200 && (b === 403 || b === 409),
      );
      expect([first.status, second.status].filter((status) => status === 200)).toHaveLength(1);
      const left = await holders();
      expect(left).toHaveLength(1);
      const winner = left[0] === 'Ada' ? ada : bo;
      const loser = winner === ada ? bo : ada;
      expect(
        (await as(winner).post(`/api/players/${loser.user.id}/permissions`, { grant: ['manage-roles'] })).status,
      ).toBe(200);
    }
  });
});
