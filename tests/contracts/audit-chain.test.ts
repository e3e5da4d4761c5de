import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../core/applications/model/audit-entry.ts';
import type { AuditLog } from '../../core/applications/ports.ts';
import type { AccountAction, AccountActionLog } from '../../core/audit/model/account-action.ts';
import { type AuditChain, GENESIS_HASH } from '../../core/audit/model/audit-chain.ts';
import { ExportAuditLog } from '../../core/audit/use-cases/export-audit-log.ts';
import { VerifyAuditChain } from '../../core/audit/use-cases/verify-audit-chain.ts';
import { InMemoryAccountActionLog } from '../../adapters/memory/in-memory-account-action-log.ts';
import { InMemoryAuditChain } from '../../adapters/memory/in-memory-audit-chain.ts';
import { InMemoryAuditLog } from '../../adapters/memory/in-memory-audit-log.ts';
import { InMemoryTransactions } from '../../adapters/memory/in-memory-transactions.ts';
import { Database } from '../../adapters/persistence/database.ts';
import { MikroOrmAccountActionLog } from '../../adapters/persistence/mikro-orm-account-action-log.ts';
import { MikroOrmAuditChain } from '../../adapters/persistence/mikro-orm-audit-chain.ts';
import { MikroOrmAuditLog } from '../../adapters/persistence/mikro-orm-audit-log.ts';
import { contractTargets, openMigratedDatabase, type ContractTarget } from '../support/contract-databases.ts';

/** One worker's view of the logs: its own pool on the database, as each server process has. */
interface Worker {
  actions: AccountActionLog;
  reviews: AuditLog;
  transaction<T>(work: () => Promise<T>): Promise<T>;
}

interface Harness {
  workers: [Worker, Worker];
  chain: AuditChain;
  addUser(): Promise<string>;
  close(): Promise<void>;
}

async function harness(target: ContractTarget): Promise<Harness> {
  if (target === 'memory') {
    const chain = new InMemoryAuditChain();
    const actions = new InMemoryAccountActionLog(chain);
    const reviews = new InMemoryAuditLog(chain);
    const transactions = new InMemoryTransactions([actions, reviews]);
    const worker: Worker = { actions, reviews, transaction: (work) => transactions.run(work) };
    return { workers: [worker, worker], chain, addUser: async () => randomUUID(), close: async () => {} };
  }
  const db = await openMigratedDatabase(target);
  const second = await Database.open({ url: db.database.url, dataDir: 'memory' });
  const worker = (database: Database): Worker => ({
    actions: new MikroOrmAccountActionLog(database),
    reviews: new MikroOrmAuditLog(database),
    transaction: (work) => database.withContext(() => database.transactional(work)),
  });
  return {
    workers: [worker(db.database), worker(second)],
    chain: new MikroOrmAuditChain(db.database),
    addUser: db.addUser,
    close: async () => {
      await second.close();
      await db.close();
    },
  };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 10, minute));

function action(userId: string, createdAt: Date, reason = 'Event prize'): AccountAction {
  return {
    id: randomUUID(),
    userId,
    action: 'credit_tokens',
    before: '0',
    after: '100',
    reason,
    permission: null,
    actorId: null,
    actorDiscordId: null,
    actorName: 'Terminal (no --as)',
    channel: 'cli',
    createdAt,
  };
}

function review(createdAt: Date): AuditEntry {
  return {
    id: randomUUID(),
    kind: 'whitelist',
    applicationId: randomUUID(),
    fromStatus: 'pending',
    toStatus: 'approved',
    notes: 'Welcome to the bayou.',
    reviewerId: randomUUID(),
    reviewerDiscordId: '222222222222222222',
    reviewerName: 'Tante Marie',
    channel: 'web',
    createdAt,
  };
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe.each(contractTargets())('audit chain contract (%s)', (target) => {
  let h: Harness;
  let verify: VerifyAuditChain;
  beforeAll(async () => {
    h = await harness(target);
    verify = new VerifyAuditChain(h.chain);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('links the rows of both logs into one chain, in the order they were appended', async () => {
    const userId = await h.addUser();
    const [worker] = h.workers;
    const first = action(userId, at(1));
    const second = review(at(2));
    const third = action(userId, at(3), 'Correction');
    await worker.transaction(() => worker.actions.record(first));
    await worker.transaction(() => worker.reviews.record(second));
    await worker.transaction(() => worker.actions.record(third));

    const entries = await h.chain.read({ after: 0, limit: 10 });
    expect(entries.map((entry) => [entry.position, entry.log, entry.id])).toEqual([
      [1, 'account-action', first.id],
      [2, 'application-review', second.id],
      [3, 'account-action', third.id],
    ]);
    expect(entries[0].previousHash).toBe(GENESIS_HASH);
    expect(entries[1].previousHash).toBe(entries[0].hash);
    expect(entries[2].previousHash).toBe(entries[1].hash);
    expect(entries[2].fields).toMatchObject({ reason: 'Correction', created_at: '2026-11-29T10:03:00.000Z' });
    expect(await verify.execute()).toEqual({ intact: true, count: 3, head: { position: 3, hash: entries[2].hash } });
  });

  it('a rolled-back transaction leaves no link: the next row takes its place', async () => {
    const userId = await h.addUser();
    const [worker] = h.workers;
    await expect(
      worker.transaction(async () => {
        await worker.actions.record(action(userId, at(4)));
        throw new Error('the ban failed');
      }),
    ).rejects.toThrow('the ban failed');
    const kept = review(at(5));
    await worker.transaction(() => worker.reviews.record(kept));
    const [last] = (await h.chain.read({ after: 3, limit: 10 })).slice(-1);
    expect(last).toMatchObject({ position: 4, id: kept.id });
    expect(await verify.execute()).toMatchObject({ intact: true, count: 4 });
  });

  it('two workers appending at the same moment never link to the same row', async () => {
    const userId = await h.addUser();
    const before = await verify.execute();
    const count = before.intact ? before.count : Number.NaN;
    // each holds its transaction open after appending, so the other appends while it is still uncommitted
    const slow = (worker: Worker, record: (worker: Worker) => Promise<void>) =>
      worker.transaction(async () => {
        await record(worker);
        await pause(150);
      });
    await Promise.all([
      slow(h.workers[0], (w) => w.actions.record(action(userId, at(6)))),
      slow(h.workers[1], (w) => w.reviews.record(review(at(6)))),
    ]);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        h.workers[i % 2].transaction(() =>
          i % 3 === 0
            ? h.workers[i % 2].reviews.record(review(at(7)))
            : h.workers[i % 2].actions.record(action(userId, at(7))),
        ),
      ),
    );
    expect(await verify.execute()).toMatchObject({ intact: true, count: count + 14 });
  });

  it('exports the rows of a range of creation times in chain order, with their hashes', async () => {
    const exported = [];
    for await (const entry of new ExportAuditLog(h.chain).execute({ from: at(2), to: at(5) })) exported.push(entry);
    expect(exported.map((entry) => [entry.position, entry.createdAt.toISOString()])).toEqual([
      [2, '2026-11-29T10:02:00.000Z'],
      [3, '2026-11-29T10:03:00.000Z'],
    ]);
    const all = await h.chain.read({ after: 0, limit: 100 });
    expect(exported[1].hash).toBe(all[2].hash);
  });
});
