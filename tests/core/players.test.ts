import { describe, expect, it } from 'vitest';
import { composeInMemory } from '../support/compose-in-memory.ts';
import type { Purchase } from '../../core/purchases/model/purchase.ts';
import { pendingPurchase } from '../support/purchase-builders.ts';

function fixture() {
  let now = new Date('2026-11-22T12:00:00Z');
  const memory = composeInMemory({ clock: { now: () => new Date(now) } });
  const signIn = (discordId: string, name: string) =>
    memory.core.users.signIn.execute({ discordId, discordUsername: name, username: name });
  return {
    ...memory,
    signIn,
    advance: (minutes: number) => {
      now = new Date(now.getTime() + minutes * 60_000);
    },
    now: () => new Date(now),
  };
}

function purchase(userId: string, createdAt: Date, overrides: Partial<Purchase> = {}): Purchase {
  return pendingPurchase({
    userId,
    productType: 'whitelist',
    productId: 'bayou-basic',
    productName: 'Bayou Basic',
    priceCents: 2000,
    tokensGranted: 25,
    createdAt,
    ...overrides,
  });
}

describe('player page and account actions (core)', () => {
  it('reads a pending purchase as its buyer does: awaiting payment, then abandoned after 24 hours', async () => {
    const f = fixture();
    const user = await f.signIn('1001', 'Remy');
    await f.stores.purchases.add(purchase(user.id, f.now()));
    const statusNow = async () =>
      (await f.core.players.show.execute({ userId: user.id })).timeline.find((e) => e.kind === 'purchase');
    expect(await statusNow()).toMatchObject({ status: 'awaiting_payment' });
    f.advance(24 * 60);
    expect(await statusNow()).toMatchObject({ status: 'abandoned' });
  });

  it('lists entries newest first across sources', async () => {
    const f = fixture();
    const admin = await f.signIn('1', 'Ada');
    await f.core.users.changeRole.execute({ userId: admin.id, role: 'admin' });
    const actor = { ...admin, role: 'admin' as const };
    const user = await f.signIn('1002', 'Cher');
    await f.stores.purchases.add(purchase(user.id, f.now()));
    f.advance(5);
    await f.core.players.adjustTokens.execute(
      { userId: user.id, direction: 'credit', amount: 10, reason: 'Prize' },
      { actor, channel: 'web' },
    );
    f.advance(5);
    await f.core.players.ban.execute({ userId: user.id, reason: 'Cheating' }, { actor, channel: 'cli' });
    const page = await f.core.players.show.execute({ userId: user.id });
    expect(page.timeline.map((e) => e.kind)).toEqual(['account_action', 'ledger', 'account_action', 'purchase']);
    expect(page.truncated).toBe(false);
  });

  it('writes no change when the log cannot be written, and no row when the change is refused', async () => {
    const f = fixture();
    const user = await f.signIn('1003', 'Tom');
    const log = f.stores.accountActions;
    const record = log.record.bind(log);
    log.record = async () => {
      throw new Error('disk full');
    };
    await expect(
      f.core.players.adjustTokens.execute(
        { userId: user.id, direction: 'credit', amount: 10, reason: 'Prize' },
        { actor: null, channel: 'cli' },
      ),
    ).rejects.toThrow('disk full');
    expect((await f.core.users.get.execute(user.id)).tokens).toBe(0);
    expect(await f.core.tokens.history.execute({ userId: user.id })).toEqual([]);
    log.record = record;
    await expect(
      f.core.players.adjustTokens.execute(
        { userId: user.id, direction: 'debit', amount: 10, reason: 'Fix' },
        { actor: null, channel: 'cli' },
      ),
    ).rejects.toThrow('Not enough tokens');
    expect(await log.forUser(user.id, 10)).toEqual([]);
  });

  it('refuses an actor without the permission the action needs', async () => {
    const f = fixture();
    const staff = await f.signIn('1004', 'Sam');
    const user = await f.signIn('1005', 'Una');
    await expect(
      f.core.players.ban.execute(
        { userId: user.id, reason: 'x' },
        { actor: { ...staff, role: 'staff' }, channel: 'web' },
      ),
    ).rejects.toThrow('This needs the "Ban and unban" permission.');
    expect((await f.core.users.get.execute(user.id)).bannedAt).toBeNull();
    // a staff member granted 'ban' may ban, and nothing more
    await expect(
      f.core.players.ban.execute(
        { userId: user.id, reason: 'Griefing' },
        { actor: { ...staff, role: 'staff', permissionGrants: ['ban'] }, channel: 'web' },
      ),
    ).resolves.toMatchObject({ banReason: 'Griefing' });
    await expect(
      f.core.players.adjustTokens.execute(
        { userId: user.id, direction: 'credit', amount: 5, reason: 'x' },
        { actor: { ...staff, role: 'staff', permissionGrants: ['ban'] }, channel: 'web' },
      ),
    ).rejects.toThrow('This needs the "Adjust tokens" permission.');
  });
});
