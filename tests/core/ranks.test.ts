import { describe, expect, it } from 'vitest';
import { composeInMemory } from '../support/compose-in-memory.ts';
import type { Permission } from '../../core/users/model/permissions.ts';
import { permissionsBeyond } from '../../core/users/model/ranks.ts';
import type { Role, User } from '../../core/users/model/user.ts';
import { appealAnswers } from '../support/application-builders.ts';

function fixture() {
  const memory = composeInMemory();
  const { core } = memory;
  let next = 3000;
  const operator = { actor: null, channel: 'cli' as const };
  const account = async (role: Role, grant: Permission[] = []): Promise<User> => {
    const name = `user${next}`;
    let user = await core.users.signIn.execute({ discordId: String(next++), discordUsername: name, username: name });
    if (role !== 'player') user = await core.users.changeRole.execute({ userId: user.id, role });
    if (grant.length) ({ user } = await core.users.changePermissions.execute({ userId: user.id, grant, revoke: [] }));
    return user;
  };
  return { ...memory, operator, account, fresh: (user: User) => core.users.get.execute(user.id) };
}

describe('the rank rule (core)', () => {
  it('counts what a target holds apart from a ban, in the order admins read permissions', () => {
    const admin = { role: 'admin' as const, bannedAt: new Date() };
    expect(permissionsBeyond({ role: 'player', permissionGrants: ['ban'] }, admin)).toEqual([
      'review-whitelist',
      'review-staff',
      'review-appeals',
      'view-purchases',
      'refund',
      'adjust-tokens',
      'manage-roles',
      'manage-promotions',
      'view-players',
      'decide-alone',
      'manage-templates',
      'manage-integrations',
      'manage-queue',
    ]);
    expect(permissionsBeyond({ role: 'admin' }, { role: 'staff' })).toEqual([]);
  });

  it('a moderator holding only ban cannot ban an admin, nor lift a banned admin’s ban; nothing changes', async () => {
    const f = fixture();
    const moderator = await f.account('player', ['ban']);
    const admin = await f.account('admin');
    await f.account('admin'); // another manager: the last one is never banned
    await expect(
      f.core.players.ban.execute({ userId: admin.id, reason: 'Takeover' }, { actor: moderator, channel: 'web' }),
    ).rejects.toMatchObject({ code: 'TARGET_OUTRANKS', kind: 'forbidden' });
    expect((await f.fresh(admin)).bannedAt).toBeNull();
    await f.core.players.ban.execute({ userId: admin.id, reason: 'Compromised account' }, f.operator);
    await expect(
      f.core.players.unban.execute({ userId: admin.id, reason: 'Back' }, { actor: moderator, channel: 'web' }),
    ).rejects.toMatchObject({ code: 'TARGET_OUTRANKS' });
    expect((await f.fresh(admin)).banReason).toBe('Compromised account');
    expect(await f.stores.accountActions.forUser(admin.id, 10)).toHaveLength(1);
  });

  it('approving the appeal of an account holding more than the reviewer is refused, and the appeal stays pending', async () => {
    const f = fixture();
    const staff = await f.account('staff');
    const admin = await f.account('admin');
    await f.account('admin'); // another manager: the last one is never banned
    await f.core.players.ban.execute({ userId: admin.id, reason: 'Compromised account' }, f.operator);
    const appeal = await f.core.appeals.submit.execute({ applicant: await f.fresh(admin), answers: appealAnswers() });
    await expect(
      f.core.appeals.review.execute({ id: appeal.id, status: 'approved', reviewer: staff, channel: 'web' }),
    ).rejects.toMatchObject({ code: 'TARGET_OUTRANKS' });
    expect((await f.core.appeals.show.execute({ id: appeal.id })).status).toBe('pending');
    expect((await f.fresh(admin)).bannedAt).not.toBeNull();
  });

  it('a manager cannot make someone staff without holding the staff preset, nor grant themselves more', async () => {
    const f = fixture();
    const manager = await f.account('player', ['manage-roles']);
    const player = await f.account('player');
    const web = { actor: manager, channel: 'web' as const };
    await expect(f.core.players.changeRole.execute({ userId: player.id, role: 'staff' }, web)).rejects.toMatchObject({
      code: 'GRANT_BEYOND_OWN',
    });
    await expect(
      f.core.players.changePermissions.execute({ userId: manager.id, grant: ['refund'] }, web),
    ).rejects.toMatchObject({ code: 'GRANT_BEYOND_OWN' });
    expect((await f.fresh(player)).role).toBe('player');
    expect((await f.fresh(manager)).permissionGrants).toEqual(['manage-roles']);
    // the terminal without --as is the operator, and is not limited
    await f.core.players.changeRole.execute({ userId: player.id, role: 'staff' }, f.operator);
    expect((await f.fresh(player)).role).toBe('staff');
  });
});
