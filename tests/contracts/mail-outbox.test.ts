import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { MailOutbox } from '../../core/mail/ports.ts';
import type { TransactionRunner } from '../../core/shared/ports.ts';
import { InMemoryMailOutbox } from '../../adapters/memory/in-memory-mail-outbox.ts';
import { InMemoryTransactions } from '../../adapters/memory/in-memory-transactions.ts';
import { MikroOrmMailOutbox } from '../../adapters/persistence/mikro-orm-mail-outbox.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';
import { storedEmail } from '../support/email-builders.ts';

interface Harness {
  outbox: MailOutbox;
  transactions: TransactionRunner;
  addPurchase(): Promise<string>;
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => {
    const outbox = new InMemoryMailOutbox();
    return {
      outbox,
      transactions: new InMemoryTransactions([outbox]),
      addPurchase: async () => randomUUID(),
      run: (work) => work(),
    };
  },
  database: (db) => ({
    outbox: new MikroOrmMailOutbox(db.database),
    transactions: { run: (work) => db.database.transactional(work) },
    addPurchase: db.addPurchase,
    run: (work) => db.database.withContext(work),
  }),
  poolMax: 6,
};

describeRepositoryContract('mail outbox', adapters, (h) => {
  let outbox: MailOutbox;
  const run = <T>(work: () => Promise<T>) => h.run(work);

  beforeAll(() => {
    outbox = h.outbox;
  });

  it('writes one email per dedupe key, whole, and nothing when the transaction that wrote it rolls back', async () => {
    const first = storedEmail({ html: '<p>Hi &amp; welcome</p>', text: 'Total paid    $1,234.50\n' });
    await run(() => outbox.add([first, storedEmail({ dedupeKey: first.dedupeKey })]));
    expect((await run(() => outbox.list({}))).filter((row) => row.dedupeKey === first.dedupeKey)).toHaveLength(1);
    expect(await run(() => outbox.findById(first.id))).toEqual(first);

    const lost = storedEmail();
    await expect(
      run(() =>
        h.transactions.run(async () => {
          await outbox.add([lost]);
          throw new Error('the purchase could not be completed');
        }),
      ),
    ).rejects.toThrow('the purchase could not be completed');
    expect(await run(() => outbox.findById(lost.id))).toBeNull();
  });

  it('hands each due email to one claimer only, however many claim at once', async () => {
    const rows = Array.from({ length: 30 }, () => storedEmail());
    const later = storedEmail({ nextAttemptAt: new Date(Date.now() + 60_000) });
    await run(() => outbox.add([...rows, later]));
    const now = new Date(Date.now() + 1000);
    const claims = await Promise.all(
      Array.from({ length: 5 }, () => run(() => outbox.claimDue(now, 10, new Date(now.getTime() + 60_000)))),
    );
    const claimed = claims.flat().map((row) => row.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    for (const id of rows.map((row) => row.id)) expect(claimed).toContain(id);
    expect(claimed).not.toContain(later.id);
    expect(claims.flat().every((row) => row.status === 'sending' && row.attempts === 1)).toBe(true);
    expect(await run(() => outbox.claimDue(now, 100, new Date(now.getTime() + 60_000)))).toEqual([]);
  });

  it('gives an email whose lease lapsed to the next claimer, and keeps the first outcome recorded', async () => {
    const row = storedEmail();
    await run(() => outbox.add([row]));
    const t0 = new Date(Date.now() + 1000);
    const [mine] = await run(() => outbox.claimDue(t0, 100, new Date(t0.getTime() + 10)));
    expect(mine?.id).toBe(row.id);
    const [taken] = (
      await run(() => outbox.claimDue(new Date(t0.getTime() + 20), 100, new Date(t0.getTime() + 60_000)))
    ).filter((email) => email.id === row.id);
    expect(taken?.attempts).toBe(2);
    const at = new Date();
    await run(() =>
      outbox.settle(row.id, { status: 'sent', nextAttemptAt: at, lastError: null, sentAt: at, updatedAt: at }),
    );
    await run(() =>
      outbox.settle(row.id, { status: 'pending', nextAttemptAt: at, lastError: 'late', sentAt: null, updatedAt: at }),
    );
    expect(await run(() => outbox.findById(row.id))).toMatchObject({ status: 'sent', lastError: null, sentAt: at });
  });

  it('requeues failed emails only, with a fresh count of tries', async () => {
    const failed = storedEmail({ status: 'failed', attempts: 8, lastError: 'Try 8: 550 mailbox unavailable' });
    const sent = storedEmail({ status: 'sent', sentAt: new Date() });
    await run(() => outbox.add([failed, sent]));
    expect(await run(() => outbox.requeueFailed([sent.id, 'not-a-uuid'], new Date()))).toEqual([]);
    expect(await run(() => outbox.requeueFailed([failed.id], new Date()))).toEqual([failed.id]);
    expect(await run(() => outbox.findById(failed.id))).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await run(() => outbox.findById(sent.id))).toMatchObject({ status: 'sent' });
  });

  it('lists newest first, by status, by purchase, within a limit', async () => {
    const purchaseId = await h.addPurchase();
    const base = Date.now() + 10_000;
    const receipt = storedEmail({ purchaseId, createdAt: new Date(base), status: 'sent' });
    const refund = storedEmail({ purchaseId, kind: 'refund', createdAt: new Date(base + 1), status: 'failed' });
    const other = storedEmail({ createdAt: new Date(base + 2), status: 'failed' });
    await run(() => outbox.add([receipt, refund, other]));
    expect((await run(() => outbox.list({ purchaseId }))).map((email) => email.id)).toEqual([refund.id, receipt.id]);
    expect((await run(() => outbox.list({ status: 'failed', limit: 2 }))).map((email) => email.id)).toEqual([
      other.id,
      refund.id,
    ]);
    expect(await run(() => outbox.list({ purchaseId: 'not-a-uuid' }))).toEqual([]);
    expect(await run(() => outbox.findById(randomUUID()))).toBeNull();
    expect(await run(() => outbox.findById('not-a-uuid'))).toBeNull();
  });
});
