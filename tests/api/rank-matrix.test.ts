import { beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/users/model/permissions.ts';
import { client } from '../support/http.ts';
import { randomDiscordId, signIn, type SignedIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

/**
 * The rank rule on every account action: nobody bans, unbans, adjusts tokens of, changes the role or permissions of,
 * or refunds a purchase of an account holding a permission they lack, and nobody hands out more than they hold.
 * Each refused request changes nothing.
 */

type Action = 'ban' | 'unban' | 'tokens' | 'role' | 'permissions' | 'refund';
type Actor = 'player' | 'moderator' | 'staff' | 'admin';
type Target = 'player' | 'moderator' | 'staff' | 'admin';

/** the one permission a moderator holds: the one the action needs */
const NEEDS: Record<Action, Permission> = {
  ban: 'ban',
  unban: 'ban',
  tokens: 'adjust-tokens',
  role: 'manage-roles',
  permissions: 'manage-roles',
  refund: 'refund',
};

const OK = 200;
const NEEDS_PERMISSION = 'PERMISSION_REQUIRED';
const OUTRANKED = 'TARGET_OUTRANKS';
const BEYOND_OWN = 'GRANT_BEYOND_OWN';
type Expected = typeof OK | typeof NEEDS_PERMISSION | typeof OUTRANKED | typeof BEYOND_OWN;

/** targets in order: player, moderator (holds only 'ban'), staff, admin */
const TARGETS: Target[] = ['player', 'moderator', 'staff', 'admin'];
const row = (...cells: Expected[]) => cells;
const refusedAll = row(NEEDS_PERMISSION, NEEDS_PERMISSION, NEEDS_PERMISSION, NEEDS_PERMISSION);

const MATRIX: Record<Action, Record<Actor, Expected[]>> = {
  ban: {
    player: refusedAll,
    moderator: row(OK, OK, OUTRANKED, OUTRANKED),
    staff: refusedAll,
    admin: row(OK, OK, OK, OK),
  },
  unban: {
    player: refusedAll,
    moderator: row(OK, OK, OUTRANKED, OUTRANKED),
    staff: refusedAll,
    admin: row(OK, OK, OK, OK),
  },
  tokens: {
    player: refusedAll,
    moderator: row(OK, OUTRANKED, OUTRANKED, OUTRANKED),
    staff: refusedAll,
    admin: row(OK, OK, OK, OK),
  },
  // a player is made staff, anyone else a player: the staff preset is more than 'manage-roles' alone
  role: {
    player: refusedAll,
    moderator: row(BEYOND_OWN, OUTRANKED, OUTRANKED, OUTRANKED),
    staff: refusedAll,
    admin: row(OK, OK, OK, OK),
  },
  // grants 'view-players'
  permissions: {
    player: refusedAll,
    moderator: row(BEYOND_OWN, OUTRANKED, OUTRANKED, OUTRANKED),
    staff: refusedAll,
    admin: row(OK, OK, OK, OK),
  },
  refund: {
    player: refusedAll,
    moderator: row(OK, OUTRANKED, OUTRANKED, OUTRANKED),
    staff: refusedAll,
    admin: row(OK, OK, OK, OK),
  },
};

let server: TestServer;
const as = (who: SignedIn) => client(server.url, who.cookie);
const operator = { actor: null, channel: 'cli' as const };
const inContext = <T>(work: () => Promise<T>) => server.system.database.withContext(work);

async function account(kind: Target | Actor, action: Action): Promise<SignedIn> {
  const role = kind === 'moderator' ? 'player' : kind;
  const grant: Permission[] = kind === 'moderator' ? [NEEDS[action]] : [];
  return signIn(server, { role, grant, discordId: randomDiscordId() });
}

/** a purchase the buyer paid with the demo gateway's good card: refundable */
async function paidPurchase(buyer: SignedIn, gift?: { giftTo: string }): Promise<string> {
  const http = as(buyer);
  const started = await http.post('/api/create-payment-intent', {
    ...AGREED,
    productType: 'whitelist',
    productId: 'bayou-basic',
    ...(gift ? { ...gift, buyerDiscord: 'rankbuyer', productType: 'gang', productId: 'hood-package' } : {}),
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await http.post('/api/payments/demo/confirm', {
    clientSecret: started.body.clientSecret,
    cardNumber: '4242424242424242',
  });
  const completed = await http.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId });
  expect(completed.status).toBe(200);
  return started.body.purchaseId as string;
}

/** what any of the actions could change on the target */
async function stateOf(userId: string, purchaseId: string | null) {
  const user = await inContext(() => server.system.core.users.get.execute(userId));
  const purchase = purchaseId
    ? await inContext(() => server.system.core.purchases.show.execute({ reference: purchaseId }))
    : null;
  return {
    role: user.role,
    grants: user.permissionGrants,
    revocations: user.permissionRevocations,
    bannedAt: user.bannedAt,
    tokens: user.tokens,
    purchase: purchase?.status ?? null,
  };
}

async function attempt(action: Action, actor: SignedIn, target: SignedIn, purchaseId: string | null) {
  const path = `/api/players/${target.user.id}`;
  const http = as(actor);
  switch (action) {
    case 'ban':
      return http.post(`${path}/ban`, { reason: 'Rank matrix' });
    case 'unban':
      return http.post(`${path}/unban`, { reason: 'Rank matrix' });
    case 'tokens':
      return http.post(`${path}/tokens`, { direction: 'credit', amount: 5, reason: 'Rank matrix' });
    case 'role':
      return http.post(`${path}/role`, { role: target.user.role === 'player' ? 'staff' : 'player' });
    case 'permissions':
      return http.post(`${path}/permissions`, { grant: ['view-players'] });
    case 'refund':
      return http.post(`/api/purchases/${purchaseId}/refund`, { reason: 'Rank matrix' });
  }
}

describe('actor × target: who may act on whom', () => {
  beforeAll(async () => {
    server = await sharedTestServer();
  });

  for (const action of Object.keys(MATRIX) as Action[])
    it(`${action}: allowed only on accounts holding no permission the actor lacks`, async () => {
      const seen: Record<string, Expected[]> = {};
      for (const actorKind of Object.keys(MATRIX[action]) as Actor[]) {
        const actor = await account(actorKind, action);
        seen[actorKind] = [];
        for (const targetKind of TARGETS) {
          const target = await signIn(server, {
            role: targetKind === 'moderator' ? 'player' : targetKind,
            grant: targetKind === 'moderator' ? ['ban'] : [],
          });
          if (action === 'unban')
            await inContext(() =>
              server.system.core.players.ban.execute({ userId: target.user.id, reason: 'To be lifted' }, operator),
            );
          const purchaseId = action === 'refund' ? await paidPurchase(target) : null;
          const before = await stateOf(target.user.id, purchaseId);
          const response = await attempt(action, actor, target, purchaseId);
          const expected = MATRIX[action][actorKind][TARGETS.indexOf(targetKind)];
          seen[actorKind].push(response.status === 200 ? OK : response.body.code);
          if (expected === OK) {
            expect(response.status, `${actorKind} → ${targetKind}: ${JSON.stringify(response.body)}`).toBe(200);
            continue;
          }
          expect(response.status, `${actorKind} → ${targetKind}`).toBe(403);
          if (expected === OUTRANKED)
            expect(response.body.message).toMatch(
              /^This account holds permissions you do not: .+\. Ask someone who holds them\.$/,
            );
          expect(await stateOf(target.user.id, purchaseId), `${actorKind} → ${targetKind}`).toEqual(before);
        }
      }
      expect(seen).toEqual(MATRIX[action]);
    });

  it('names what the target holds beyond the actor: a refund moderator and a gift to an admin', async () => {
    server = await sharedTestServer();
    const moderator = await signIn(server, { grant: ['refund'] });
    const admin = await signIn(server, { role: 'admin' });
    const buyer = await signIn(server);
    const purchaseId = await paidPurchase(buyer, { giftTo: admin.user.discordId });
    const refused = await as(moderator).post(`/api/purchases/${purchaseId}/refund`, { reason: 'Rank matrix' });
    expect([refused.status, refused.body.code]).toEqual([403, OUTRANKED]);
    expect(refused.body.message).toContain('Ban and unban');
    expect(refused.body.message).toContain('Change roles and permissions');
    expect((await stateOf(buyer.user.id, purchaseId)).purchase).toBe('completed');
  });

  it('a manager hands out what they hold, and nothing more', async () => {
    server = await sharedTestServer();
    const manager = await signIn(server, { grant: ['manage-roles', 'view-players'] });
    const player = await signIn(server);
    const within = await as(manager).post(`/api/players/${player.user.id}/permissions`, { grant: ['view-players'] });
    expect(within.status).toBe(200);
    const beyond = await as(manager).post(`/api/players/${player.user.id}/permissions`, { grant: ['refund'] });
    expect([beyond.status, beyond.body.code]).toEqual([403, BEYOND_OWN]);
    expect(beyond.body.message).toBe(
      'You cannot give permissions you do not hold yourself: View purchases and revenue, Issue refunds.',
    );
    const self = await as(manager).post(`/api/players/${manager.user.id}/permissions`, { grant: ['ban'] });
    expect([self.status, self.body.code]).toEqual([403, BEYOND_OWN]);
    expect((await stateOf(player.user.id, null)).grants).toEqual(['view-players']);
    expect((await stateOf(manager.user.id, null)).grants).toEqual(['manage-roles', 'view-players']);
  });
});

describe('the last permission manager', () => {
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer();
    return () => own.stop();
  });

  it('is out of reach of everyone holding less; the terminal without --as is not limited', async () => {
    server = own;
    const owner = await signIn(own, { role: 'admin', username: 'Owner' });
    const actors = await Promise.all([
      signIn(own, { grant: ['ban'] }),
      signIn(own, { grant: ['adjust-tokens'] }),
      signIn(own, { grant: ['refund'] }),
      signIn(own, { role: 'admin', revoke: ['manage-roles'] }),
    ]);
    const purchaseId = await paidPurchase(owner);
    const before = await stateOf(owner.user.id, purchaseId);
    for (const actor of actors)
      for (const action of ['ban', 'tokens', 'role', 'permissions', 'refund'] as const) {
        const response = await attempt(action, actor, owner, purchaseId);
        expect(response.status, `${action}: ${JSON.stringify(response.body)}`).toBe(403);
        expect([NEEDS_PERMISSION, OUTRANKED]).toContain(response.body.code);
      }
    expect(await stateOf(owner.user.id, purchaseId)).toEqual(before);
    // the operator at the terminal is not limited by rank (the last manager's own rule still holds)
    await inContext(() =>
      own.system.core.players.adjustTokens.execute(
        { userId: owner.user.id, direction: 'credit', amount: 5, reason: 'Operator' },
        operator,
      ),
    );
    expect((await stateOf(owner.user.id, null)).tokens).toBe(before.tokens + 5);
  });
});
