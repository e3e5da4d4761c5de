import { describe, expect, it } from 'vitest';
import { composeInMemory } from '../support/compose-in-memory.ts';
import type { Role, User } from '../../core/users/model/user.ts';
import { appealAnswers } from '../support/application-builders.ts';

function fixture() {
  let now = new Date('2026-11-29T12:00:00Z');
  const memory = composeInMemory({ clock: { now: () => new Date(now) } });
  const { core } = memory;
  let next = 2000;
  const account = async (role: Role, name: string): Promise<User> => {
    const user = await core.users.signIn.execute({ discordId: String(next++), discordUsername: name, username: name });
    return role === 'player' ? user : core.users.changeRole.execute({ userId: user.id, role });
  };
  const fresh = (user: User) => core.users.get.execute(user.id);
  return {
    ...memory,
    account,
    fresh,
    advance: (minutes: number) => {
      now = new Date(now.getTime() + minutes * 60_000);
    },
    appeal: async (player: User, ban: 'account' | 'store' = 'account') =>
      core.appeals.submit.execute({ applicant: await fresh(player), answers: appealAnswers({ ban }) }),
    approve: (id: string, reviewer: User) =>
      core.appeals.review.execute({ id, status: 'approved', reviewer, channel: 'web', applicantMessage: '' }),
    messagesAbout: async (player: User, applicationId: string) =>
      (await memory.stores.outbox.forUser(player.id, 50))
        .filter((delivery) => delivery.kind === 'message_user' && delivery.applicationId === applicationId)
        .map((delivery) => delivery.content),
  };
}

describe('an appeal answers for the ban it was filed against (core)', () => {
  it('records the ban: its time and reason', async () => {
    const f = fixture();
    const [admin, player] = [await f.account('admin', 'Ada'), await f.account('player', 'Remy')];
    await f.core.players.ban.execute(
      { userId: player.id, reason: 'Random death match' },
      { actor: admin, channel: 'web' },
    );
    const appeal = await f.appeal(player);
    const banned = await f.fresh(player);
    expect(appeal).toMatchObject({ appealedBanAt: banned.bannedAt, appealedBanReason: 'Random death match' });
    expect(await f.core.appeals.show.execute({ id: appeal.id })).toMatchObject({
      appealedBanReason: 'Random death match',
    });
  });

  it("the audit's sequence: ban, appeal, unban by hand, ban again, approve the old appeal: still banned, appeal closed", async () => {
    const f = fixture();
    const [admin, staff, player] = [
      await f.account('admin', 'Ada'),
      await f.account('staff', 'Sam'),
      await f.account('player', 'Remy'),
    ];
    const web = { actor: admin, channel: 'web' as const };
    await f.core.players.ban.execute({ userId: player.id, reason: 'Combat logging' }, web);
    const appeal = await f.appeal(player);
    f.advance(60);
    await f.core.players.unban.execute({ userId: player.id, reason: 'Served a day' }, web);
    const closed = await f.core.appeals.show.execute({ id: appeal.id });
    expect(closed).toMatchObject({ status: 'closed', reviewedBy: 'Ada', reviewerId: admin.id });
    expect(closed.applicantMessage).toContain('has been lifted');
    expect(await f.messagesAbout(player, appeal.id)).toEqual([expect.stringContaining('was closed')]);
    f.advance(60);
    await f.core.players.ban.execute({ userId: player.id, reason: 'Staff impersonation' }, web);
    await expect(f.approve(appeal.id, staff)).rejects.toMatchObject({ code: 'APPEAL_TRANSITION' });
    expect((await f.fresh(player)).banReason).toBe('Staff impersonation');
    expect((await f.core.appeals.show.execute({ id: appeal.id })).status).toBe('closed');
  });

  it('a new ban closes an appeal still pending from an earlier one, naming the new ban', async () => {
    const f = fixture();
    const [admin, player] = [await f.account('admin', 'Ada'), await f.account('player', 'Remy')];
    await f.core.users.ban.execute({ userId: player.id, reason: 'Combat logging' });
    const appeal = await f.appeal(player);
    // lifted below the account actions (no appeal is closed there), as before this rule
    await f.core.users.unban.execute({ userId: player.id });
    await f.core.players.ban.execute({ userId: player.id, reason: 'Exploiting' }, { actor: admin, channel: 'cli' });
    const closed = await f.core.appeals.show.execute({ id: appeal.id });
    expect(closed.status).toBe('closed');
    expect(closed.applicantMessage).toContain('a new ban was made on November 29, 2026 (Exploiting)');
  });

  it('approval closes the appeal, lifting nothing, when its ban is no longer the one in place', async () => {
    const f = fixture();
    const [staff, player] = [await f.account('staff', 'Sam'), await f.account('player', 'Remy')];
    await f.core.users.ban.execute({ userId: player.id, reason: 'Combat logging' });
    const appeal = await f.appeal(player);
    await f.core.users.unban.execute({ userId: player.id });
    f.advance(5);
    await f.core.users.ban.execute({ userId: player.id, reason: 'Hate speech' });
    const decided = await f.approve(appeal.id, staff);
    expect(decided.status).toBe('closed');
    expect(decided.applicantMessage).toContain('(Hate speech)');
    expect((await f.fresh(player)).banReason).toBe('Hate speech');
    const audit = await f.core.audit.list.execute({ kind: 'appeal', applicationId: appeal.id });
    expect(audit.map((row) => [row.fromStatus, row.toStatus])).toEqual([['pending', 'closed']]);
    expect(await f.stores.accountActions.forUser(player.id, 10)).toEqual([]);
  });

  it('approval lifts the ban the appeal was filed against, as before', async () => {
    const f = fixture();
    const [admin, staff, player] = [
      await f.account('admin', 'Ada'),
      await f.account('staff', 'Sam'),
      await f.account('player', 'Remy'),
    ];
    await f.core.players.ban.execute({ userId: player.id, reason: 'Combat logging' }, { actor: admin, channel: 'web' });
    const appeal = await f.appeal(player);
    expect((await f.approve(appeal.id, staff)).status).toBe('approved');
    expect((await f.fresh(player)).bannedAt).toBeNull();
  });

  it('a store appeal lifts only the store ban it was filed against', async () => {
    const f = fixture();
    const [staff, player, other] = [
      await f.account('staff', 'Sam'),
      await f.account('player', 'Remy'),
      await f.account('player', 'Cher'),
    ];
    await f.stores.bans.ban(player.id, 'Payment dispute on purchase 1');
    const appeal = await f.appeal(player, 'store');
    expect(appeal.appealedBanReason).toBe('Payment dispute on purchase 1');
    expect((await f.approve(appeal.id, staff)).status).toBe('approved');
    expect(await f.stores.bans.isBanned(player.id)).toBe(false);
    // filed with no store ban in place: a dispute's ban made after it is not the appealed one
    const early = await f.appeal(other, 'store');
    await f.stores.bans.ban(other.id, 'Payment dispute on purchase 2');
    expect((await f.approve(early.id, staff)).status).toBe('closed');
    expect(await f.stores.bans.isBanned(other.id)).toBe(true);
  });
});
