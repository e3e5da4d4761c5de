import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { AccountAction, AccountActionLog } from '../../core/audit/model/account-action.ts';
import type { TransactionRunner } from '../../core/shared/ports.ts';
import { InMemoryAccountActionLog } from '../../adapters/memory/in-memory-account-action-log.ts';
import { InMemoryTransactions } from '../../adapters/memory/in-memory-transactions.ts';
import { MikroOrmAccountActionLog } from '../../adapters/persistence/mikro-orm-account-action-log.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';

interface Harness {
  log: AccountActionLog;
  transactions: TransactionRunner;
  /** a users row an action can be about (and an admin can be) */
  addUser(): Promise<string>;
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => {
    const log = new InMemoryAccountActionLog();
    return {
      log,
      transactions: new InMemoryTransactions([log]),
      addUser: async () => randomUUID(),
      run: (work) => work(),
    };
  },
  database: (db) => ({
    log: new MikroOrmAccountActionLog(db.database),
    transactions: { run: (work) => db.database.transactional(work) },
    addUser: db.addUser,
    run: (work) => db.database.withContext(work),
  }),
};

let minute = 0;
/** one minute after the last one: the log answers in the order it was written, which is also this order */
const next = () => new Date(Date.UTC(2026, 10, 29, 9, ++minute));

function action(userId: string, fields: Partial<AccountAction> = {}): AccountAction {
  return {
    id: randomUUID(),
    userId,
    action: 'credit_tokens',
    before: '0',
    after: '100',
    reason: 'Event prize',
    permission: null,
    actorId: null,
    actorDiscordId: null,
    actorName: 'terminal',
    channel: 'cli',
    createdAt: next(),
    ...fields,
  };
}

describeRepositoryContract('account-action log', adapters, (h) => {
  it("records every kind of action with who made it, and reads each field back on the player's page", async () => {
    const player = await h.addUser();
    const admin = await h.addUser();
    const byAdmin = { actorId: admin, actorDiscordId: '4242', actorName: 'Remy', channel: 'web' as const };
    const written = [
      action(player),
      action(player, { action: 'debit_tokens', before: '100', after: '40', reason: null }),
      action(player, { action: 'ban', before: 'not banned', after: 'banned', reason: 'Fraud', ...byAdmin }),
      action(player, { action: 'unban', before: 'banned', after: 'not banned', ...byAdmin }),
      action(player, { action: 'change_role', before: 'player', after: 'staff', ...byAdmin }),
      action(player, {
        action: 'grant_permission',
        before: 'refund: not held',
        after: 'refund: held',
        permission: 'refund',
        ...byAdmin,
      }),
      action(player, {
        action: 'revoke_permission',
        before: 'refund: held',
        after: 'refund: not held',
        permission: 'refund',
      }),
      action(player, { action: 'reset_second_factor', before: 'set', after: 'not set', ...byAdmin }),
    ];
    for (const each of written) await h.run(() => h.transactions.run(() => h.log.record(each)));
    expect(await h.run(() => h.log.forUser(player, 50))).toEqual(written.toReversed());
  });

  it("answers one player's actions, newest first, no more than the limit", async () => {
    const player = await h.addUser();
    const other = await h.addUser();
    const first = action(player);
    const theirs = action(other);
    const second = action(player, { action: 'debit_tokens', before: '100', after: '90' });
    const third = action(player, { before: '90', after: '190' });
    for (const each of [first, theirs, second, third]) await h.run(() => h.log.record(each));
    expect((await h.run(() => h.log.forUser(player, 10))).map((row) => row.id)).toEqual([
      third.id,
      second.id,
      first.id,
    ]);
    expect((await h.run(() => h.log.forUser(player, 2))).map((row) => row.id)).toEqual([third.id, second.id]);
    expect((await h.run(() => h.log.forUser(other, 10))).map((row) => row.id)).toEqual([theirs.id]);
  });

  it('answers no actions for a player without any, or an id that is no player', async () => {
    const player = await h.addUser();
    expect(await h.run(() => h.log.forUser(player, 10))).toEqual([]);
    expect(await h.run(() => h.log.forUser(randomUUID(), 10))).toEqual([]);
    expect(await h.run(() => h.log.forUser('not-an-id', 10))).toEqual([]);
  });

  it('writes in the transaction of the change it records: a change that fails leaves no row behind', async () => {
    const player = await h.addUser();
    const kept = action(player);
    const lost = action(player, { before: '100', after: '200' });
    await h.run(() => h.transactions.run(() => h.log.record(kept)));
    await expect(
      h.run(() =>
        h.transactions.run(async () => {
          await h.log.record(lost);
          throw new Error('the balance could not be written');
        }),
      ),
    ).rejects.toThrow('the balance could not be written');
    expect((await h.run(() => h.log.forUser(player, 10))).map((row) => row.id)).toEqual([kept.id]);
  });

  it('keeps a row as it was recorded: changing the object given or the one read back changes nothing stored', async () => {
    const player = await h.addUser();
    const written = action(player);
    const copy = structuredClone(written);
    await h.run(() => h.log.record(written));
    written.after = '999';
    const [read] = await h.run(() => h.log.forUser(player, 1));
    read.reason = 'rewritten';
    expect(await h.run(() => h.log.forUser(player, 1))).toEqual([copy]);
  });
});
