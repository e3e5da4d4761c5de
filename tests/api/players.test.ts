import { beforeAll, describe, expect, it } from 'vitest';
import { MikroOrmDeliveryOutbox } from '../../adapters/persistence/mikro-orm-delivery-outbox.ts';
import { MikroOrmStoreBans } from '../../adapters/persistence/mikro-orm-store-bans.ts';
import { whitelistAnswers } from '../support/application-builders.ts';
import { delivery } from '../support/delivery-builders.ts';
import { client } from '../support/http.ts';
import { randomDiscordId, signIn, type SignedIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

describe('player search, page and admin actions', () => {
  let server: TestServer;
  let admin: SignedIn;
  let staff: SignedIn;
  let player: SignedIn;
  const playerDiscordId = randomDiscordId();

  beforeAll(async () => {
    server = await sharedTestServer();
    admin = await signIn(server, { username: 'Ada Admin', role: 'admin' });
    staff = await signIn(server, { username: 'Sam Staff', role: 'staff' });
    player = await signIn(server, { discordId: playerDiscordId, username: 'Gator_Bait_Jones' });
  });

  const as = (who: SignedIn) => client(server.url, who.cookie);
  /** the account-action log rows about one user, oldest first */
  const actionRows = (userId: string) =>
    server.system.database.query<Record<string, unknown>>(
      `select "action", "before", "after", "reason", "actor_id", "actor_name", "channel" from "account_actions" where "user_id" = ? order by "seq"`,
      [userId],
    );
  const userNow = (id: string) => server.system.database.withContext(() => server.system.core.users.get.execute(id));

  describe('search', () => {
    it('finds by a part of the name in any case, and by the exact Discord id', async () => {
      const byName = await as(staff).get('/api/players?q=bait_JON');
      expect(byName.status).toBe(200);
      expect(byName.body.players).toEqual([
        {
          id: player.user.id,
          name: 'Gator_Bait_Jones',
          discordUsername: 'Gator_Bait_Jones',
          discordId: playerDiscordId,
          role: 'player',
        },
      ]);
      const byId = await as(admin).get(`/api/players?q=${playerDiscordId}`);
      expect(byId.body.players.map((p: { id: string }) => p.id)).toEqual([player.user.id]);
      // a part of an id is not an id
      const partOfId = await as(staff).get(`/api/players?q=${playerDiscordId.slice(0, 10)}`);
      expect(partOfId.body.players.map((p: { id: string }) => p.id)).not.toContain(player.user.id);
      // % and _ are letters, not wildcards
      expect((await as(staff).get('/api/players?q=%25')).body.players).toEqual([]);
    });

    it('answers at most 20 players', async () => {
      for (let i = 0; i < 22; i++) await signIn(server, { username: `Crowd${i}Member` });
      const many = await as(staff).get('/api/players?q=crowd');
      expect(many.status).toBe(200);
      expect(many.body.players).toHaveLength(20);
    });

    it('refuses an empty or too long query with a clear 400', async () => {
      for (const q of ['', '%20%20']) {
        const empty = await as(staff).get(`/api/players?q=${q}`);
        expect(empty.status).toBe(400);
        expect(empty.body.message).toBe('Type a name or a Discord ID to search.');
      }
      const long = await as(staff).get(`/api/players?q=${'x'.repeat(65)}`);
      expect(long.status).toBe(400);
      expect(long.body.message).toContain('at most 64 characters');
    });

    it('is for staff and admins only', async () => {
      expect((await as(player).get('/api/players?q=gator')).status).toBe(403);
      expect((await client(server.url).get('/api/players?q=gator')).status).toBe(401);
    });
  });

  describe('page', () => {
    it('shows the profile and every kind of entry, newest first', async () => {
      const { database } = server.system;
      const buyer = await signIn(server, { username: 'Timeline Tess' });
      const tess = as(buyer);
      // a purchase (checkout started, not paid)
      const checkout = await tess.post('/api/create-payment-intent', {
        ...AGREED,
        productType: 'whitelist',
        productId: 'bayou-basic',
      });
      expect(checkout.status).toBe(200);
      // an application and a decision with notes
      const application = await tess.post('/api/applications', whitelistAnswers());
      expect(application.status).toBe(201);
      const decision = await as(staff).patch(`/api/applications/${application.body.id}/review`, {
        status: 'approved',
        reviewNotes: 'Strong backstory, welcome aboard.',
      });
      expect(decision.status).toBe(200);
      // an admin action with its ledger entry
      const credit = await as(admin).post(`/api/players/${buyer.user.id}/tokens`, {
        direction: 'credit',
        amount: 40,
        reason: 'Event prize',
      });
      expect(credit.status).toBe(200);
      // a Discord delivery for this member and a store ban
      await database.withContext(() =>
        new MikroOrmDeliveryOutbox(database).add([
          delivery({
            kind: 'message_user',
            userId: buyer.user.id,
            discordId: buyer.user.discordId,
            content: 'Welcome!',
          }),
        ]),
      );
      await database.withContext(() => new MikroOrmStoreBans(database).ban(buyer.user.id, 'Chargeback on a card'));
      // an account ban and its lifting
      expect((await as(admin).post(`/api/players/${buyer.user.id}/ban`, { reason: 'Harassment' })).status).toBe(200);
      expect((await as(admin).post(`/api/players/${buyer.user.id}/unban`, { reason: 'Appeal accepted' })).status).toBe(
        200,
      );

      const page = await as(staff).get(`/api/players/${buyer.user.id}`);
      expect(page.status).toBe(200);
      expect(page.body.player).toMatchObject({
        id: buyer.user.id,
        name: 'Timeline Tess',
        discordId: buyer.user.discordId,
        role: 'player',
        tokens: 40,
        isWhitelisted: true,
        banned: false,
        storeBan: { reason: 'Chargeback on a card' },
      });
      const timeline = page.body.timeline as {
        kind: string;
        at: string;
        title: string;
        status: string | null;
        notes: string | null;
        actor: { name: string } | null;
        channel: string | null;
        purchaseId: string | null;
      }[];
      const times = timeline.map((entry) => Date.parse(entry.at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const kinds = new Set(timeline.map((entry) => entry.kind));
      expect([...kinds].sort()).toEqual(
        ['account_action', 'application', 'decision', 'delivery', 'ledger', 'purchase', 'store_ban'].sort(),
      );
      const of = (kind: string) => timeline.filter((entry) => entry.kind === kind);
      expect(of('purchase')[0]).toMatchObject({ status: 'awaiting_payment', purchaseId: checkout.body.purchaseId });
      expect(of('application')[0]).toMatchObject({ title: 'Whitelist application submitted', status: 'approved' });
      expect(of('decision')[0]).toMatchObject({
        status: 'approved',
        notes: 'Strong backstory, welcome aboard.',
        actor: { name: 'Sam Staff' },
        channel: 'web',
      });
      expect(of('ledger')[0]).toMatchObject({ title: 'Tokens +40', notes: 'Event prize' });
      expect(of('store_ban')[0]).toMatchObject({ notes: 'Chargeback on a card' });
      expect(of('delivery').map((entry) => entry.title)).toContain('Discord message');
      expect(of('account_action').map((entry) => [entry.title, entry.notes, entry.actor?.name, entry.channel])).toEqual(
        [
          ['Account unbanned', 'Appeal accepted', 'Ada Admin', 'web'],
          ['Account banned', 'Harassment', 'Ada Admin', 'web'],
          ['Tokens added by an admin', 'Event prize', 'Ada Admin', 'web'],
        ],
      );
      // the latest thing done is on top
      expect(timeline[0]).toMatchObject({ kind: 'account_action', title: 'Account unbanned' });
    });

    it('answers 404 for an unknown player and 403 to a player', async () => {
      expect((await as(staff).get('/api/players/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await as(staff).get('/api/players/not-an-id')).status).toBe(404);
      expect((await as(player).get(`/api/players/${player.user.id}`)).status).toBe(403);
    });
  });

  describe('admin actions', () => {
    it('each action changes the account and writes exactly one audit row', async () => {
      const target = await signIn(server, { username: 'Target Tom' });
      const id = target.user.id;
      const credit = await as(admin).post(`/api/players/${id}/tokens`, {
        direction: 'credit',
        amount: 25,
        reason: 'Prize',
      });
      expect(credit.body.player.tokens).toBe(25);
      const debit = await as(admin).post(`/api/players/${id}/tokens`, { direction: 'debit', amount: 5, reason: 'Fix' });
      expect(debit.body.player.tokens).toBe(20);
      const ban = await as(admin).post(`/api/players/${id}/ban`, { reason: 'Cheating' });
      expect(ban.body.player).toMatchObject({ banned: true, banReason: 'Cheating' });
      const unban = await as(admin).post(`/api/players/${id}/unban`, { reason: 'Appeal' });
      expect(unban.body.player.banned).toBe(false);
      const role = await as(admin).post(`/api/players/${id}/role`, { role: 'staff', reason: 'New moderator' });
      expect(role.body.player.role).toBe('staff');
      const who = { actor_id: admin.user.id, actor_name: 'Ada Admin', channel: 'web' };
      expect(await actionRows(id)).toEqual([
        { action: 'credit_tokens', before: '0', after: '25', reason: 'Prize', ...who },
        { action: 'debit_tokens', before: '25', after: '20', reason: 'Fix', ...who },
        { action: 'ban', before: 'not banned', after: 'banned', reason: 'Cheating', ...who },
        { action: 'unban', before: 'banned', after: 'not banned', reason: 'Appeal', ...who },
        { action: 'change_role', before: 'player', after: 'staff', reason: 'New moderator', ...who },
      ]);
      expect((await userNow(id)).role).toBe('staff');
    });

    it('answers 403 to staff on every action, and nothing changes', async () => {
      const target = await signIn(server, { username: 'Untouched Una' });
      const id = target.user.id;
      const attempts = [
        ['tokens', { direction: 'credit', amount: 5, reason: 'Prize' }],
        ['ban', { reason: 'Cheating' }],
        ['unban', { reason: 'Appeal' }],
        ['role', { role: 'admin' }],
      ] as const;
      for (const [action, body] of attempts) {
        expect((await as(staff).post(`/api/players/${id}/${action}`, body)).status).toBe(403);
        expect((await as(player).post(`/api/players/${id}/${action}`, body)).status).toBe(403);
      }
      const now = await userNow(id);
      expect([now.tokens, now.bannedAt, now.role]).toEqual([0, null, 'player']);
      expect(await actionRows(id)).toEqual([]);
    });

    it('refuses bad input with a clear 4xx, changes nothing and writes no row', async () => {
      const target = await signIn(server, { username: 'Careful Cal' });
      const id = target.user.id;
      const post = (action: string, body: unknown) => as(admin).post(`/api/players/${id}/${action}`, body);
      const refusals: [string, unknown, number, string][] = [
        ['tokens', { direction: 'credit', amount: 5, reason: '  ' }, 400, 'Give a reason.'],
        ['tokens', { direction: 'credit', amount: 5 }, 400, 'Give a reason.'],
        ['tokens', { direction: 'credit', amount: 0, reason: 'Prize' }, 400, 'whole number from 1 to 1,000,000'],
        ['tokens', { direction: 'credit', amount: 2.5, reason: 'Prize' }, 400, 'whole number'],
        ['tokens', { direction: 'sideways', amount: 5, reason: 'Prize' }, 400, 'Choose to add or take tokens.'],
        ['tokens', { direction: 'debit', amount: 5, reason: 'Fix' }, 409, 'Not enough tokens'],
        ['ban', { reason: '' }, 400, 'Give a reason.'],
        ['ban', { reason: 'x'.repeat(501) }, 400, 'at most 500 characters'],
        ['unban', { reason: 'Appeal' }, 409, 'This player is not banned.'],
        ['role', { role: 'owner' }, 400, 'Choose a role'],
        ['role', { role: 'player' }, 409, 'already has the player role'],
      ];
      for (const [action, body, status, message] of refusals) {
        const answer = await post(action, body);
        expect([action, answer.status]).toEqual([action, status]);
        expect(JSON.stringify(answer.body)).toContain(message);
      }
      const unknown = await as(admin).post('/api/players/00000000-0000-4000-8000-000000000000/ban', { reason: 'x' });
      expect(unknown.status).toBe(404);
      const now = await userNow(id);
      expect([now.tokens, now.bannedAt, now.role]).toEqual([0, null, 'player']);
      expect(await actionRows(id)).toEqual([]);
    });

    it('keeps the account-action log append-only in the database', async () => {
      const target = await signIn(server, { username: 'Logged Lou' });
      await as(admin).post(`/api/players/${target.user.id}/ban`, { reason: 'Cheating' });
      const { database } = server.system;
      await expect(
        database.query(`update "account_actions" set "reason" = 'edited' where "user_id" = ?`, [target.user.id]),
      ).rejects.toThrow('append-only');
      await expect(
        database.query(`delete from "account_actions" where "user_id" = ?`, [target.user.id]),
      ).rejects.toThrow('append-only');
      expect((await actionRows(target.user.id)).map((row) => row.reason)).toEqual(['Cheating']);
    });

    it('an admin cannot ban themselves or remove their own admin role', async () => {
      const self = admin.user.id;
      const ban = await as(admin).post(`/api/players/${self}/ban`, { reason: 'Testing' });
      expect(ban.status).toBe(409);
      expect(ban.body.message).toBe('You cannot ban your own account.');
      const demote = await as(admin).post(`/api/players/${self}/role`, { role: 'staff' });
      expect(demote.status).toBe(409);
      expect(demote.body.message).toBe('You cannot remove your own admin role.');
      const now = await userNow(self);
      expect([now.role, now.bannedAt]).toEqual(['admin', null]);
      expect(await actionRows(self)).toEqual([]);
    });
  });
});
