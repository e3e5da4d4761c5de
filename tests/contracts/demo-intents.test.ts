import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { TransactionRunner } from '../../core/shared/ports.ts';
import { InMemoryDemoIntentStore } from '../../adapters/memory/in-memory-demo-intent-store.ts';
import { InMemoryTransactions } from '../../adapters/memory/in-memory-transactions.ts';
import type { DemoIntent, DemoIntentStore } from '../../adapters/payments/demo-payment-gateway.ts';
import { MikroOrmDemoIntentStore } from '../../adapters/persistence/mikro-orm-demo-intent-store.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';

interface Harness {
  intents: DemoIntentStore;
  transactions: TransactionRunner;
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => {
    const intents = new InMemoryDemoIntentStore();
    return { intents, transactions: new InMemoryTransactions([intents]), run: (work) => work() };
  },
  database: (db) => {
    return {
      intents: new MikroOrmDemoIntentStore(db.database),
      transactions: { run: (work) => db.database.transactional(work) },
      run: (work) => db.database.withContext(work),
    };
  },
};

function intent(overrides: Partial<DemoIntent> = {}): DemoIntent {
  const id = `pi_demo_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
  return {
    id,
    clientSecret: `${id}_secret_abc`,
    idempotencyKey: `checkout:${randomUUID()}`,
    status: 'requires_payment_method',
    amountCents: 6000,
    currency: 'usd',
    metadata: { purchaseId: randomUUID(), userId: randomUUID() },
    failureMessage: null,
    refunded: false,
    createdAt: new Date('2026-11-22T12:00:00Z'),
    ...overrides,
  };
}

describeRepositoryContract('demo intent store', adapters, (h) => {
  it('finds an intent by id and by idempotency key, and answers null for unknown ones', async () => {
    const stored = intent();
    await h.run(() => h.intents.insertOnce(stored));
    expect(await h.run(() => h.intents.findById(stored.id))).toEqual(stored);
    expect(await h.run(() => h.intents.findByKey(stored.idempotencyKey))).toEqual(stored);
    expect(await h.run(() => h.intents.findById('pi_demo_unknown'))).toBeNull();
    expect(await h.run(() => h.intents.findByKey('checkout:unknown'))).toBeNull();
  });

  it('answers the first intent stored under an idempotency key, storing no second one; refuses a taken id', async () => {
    const first = intent();
    expect(await h.run(() => h.intents.insertOnce(first))).toEqual(first);
    const retried = intent({ idempotencyKey: first.idempotencyKey, amountCents: 100 });
    expect(await h.run(() => h.intents.insertOnce(retried))).toEqual(first);
    expect(await h.run(() => h.intents.findById(retried.id))).toBeNull();
    await expect(h.run(() => h.intents.insertOnce(intent({ id: first.id, clientSecret: 'other' })))).rejects.toThrow();
    expect(await h.run(() => h.intents.findByKey(first.idempotencyKey))).toEqual(first);
    expect(await h.run(() => h.intents.findById(first.id))).toEqual(first);
  });

  it('stores one intent when two requests with the same key race, and both answer it', async () => {
    const key = `checkout:${randomUUID()}`;
    const [one, two] = await Promise.all([
      h.run(() => h.intents.insertOnce(intent({ idempotencyKey: key }))),
      h.run(() => h.intents.insertOnce(intent({ idempotencyKey: key }))),
    ]);
    expect(two).toEqual(one);
    expect(await h.run(() => h.intents.findByKey(key))).toEqual(one);
  });

  it('updates the status, failure, refund, amount and metadata, and nothing else', async () => {
    const stored = intent();
    await h.run(() => h.intents.insertOnce(stored));
    const changes = {
      status: 'succeeded',
      failureMessage: 'Your card was declined.',
      refunded: true,
      amountCents: 7500,
      metadata: { purchaseId: 'p2', userId: 'u2' },
    } as const;
    await h.run(() =>
      h.intents.update({
        ...stored,
        ...changes,
        clientSecret: 'changed',
        currency: 'eur',
        idempotencyKey: 'changed',
        createdAt: new Date(0),
      }),
    );
    expect(await h.run(() => h.intents.findById(stored.id))).toEqual({ ...stored, ...changes });
  });

  it('stores nothing when updating an intent that does not exist', async () => {
    const missing = intent();
    await h.run(() => h.intents.update(missing));
    expect(await h.run(() => h.intents.findById(missing.id))).toBeNull();
  });

  it("joins the caller's transaction: an intent inserted by work that then fails is gone", async () => {
    const lost = intent();
    await expect(
      h.run(() =>
        h.transactions.run(async () => {
          await h.intents.insertOnce(lost);
          throw new Error('the checkout failed');
        }),
      ),
    ).rejects.toThrow('the checkout failed');
    expect(await h.run(() => h.intents.findById(lost.id))).toBeNull();
    await h.run(() => h.intents.insertOnce(lost));
    expect(await h.run(() => h.intents.findByKey(lost.idempotencyKey))).toEqual(lost);
  });
});
