import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { DEMO_CARDS } from '../../adapters/payments/demo-payment-gateway.ts';
import { composeInMemory } from '../support/compose-in-memory.ts';
import type { Catalogue } from '../../core/catalogue/model/catalogue.ts';
import { createCore } from '../../core/index.ts';
import type { MembershipRepository } from '../../core/memberships/ports.ts';
import type { PurchaseRepository } from '../../core/purchases/ports.ts';
import type { TransactionRunner } from '../../core/shared/ports.ts';
import type { UserRepository } from '../../core/users/ports.ts';
import { addBuyer } from './purchases-fixture.ts';
import { AGREED } from '../support/checkout-terms.ts';

/** the port calls that read a purchase's row, and the argument that names the row */
const PURCHASE_READS: Partial<Record<keyof PurchaseRepository, (args: unknown[]) => unknown>> = {
  findById: ([id]) => id,
  findByPaymentIntent: ([intentId]) => intentId,
  update: ([id]) => id,
  reviseCheckout: ([id]) => id,
};

/** the port calls that read one membership's row, and the argument that names the row (its id or its subscription) */
const MEMBERSHIP_READS: Partial<Record<keyof MembershipRepository, (args: unknown[]) => unknown>> = {
  findById: ([id]) => id,
  findBySubscription: ([subscriptionId]) => subscriptionId,
  findLive: ([userId]) => userId,
  latestOf: ([userId]) => userId,
  update: ([id]) => id,
};

interface Call {
  /** the outermost transaction it ran in; 0 outside any */
  transaction: number;
  port: string;
  method: string;
  row: unknown;
}

/**
 * The core on in-memory adapters whose purchase repository and catalogue are wrapped in counting proxies, and
 * whose transactions are numbered, so a test reads which port calls each transaction made.
 */
function countedCore() {
  let now = new Date('2026-11-22T12:00:00Z');
  const clock = { now: () => new Date(now) };
  const memory = composeInMemory({ clock });
  const calls: Call[] = [];
  const current = new AsyncLocalStorage<number>();
  let transactions = 0;
  const counting = <T extends object>(port: string, target: T, rowOf: (method: string, args: unknown[]) => unknown) =>
    new Proxy(target, {
      get(object, method, receiver) {
        const value = Reflect.get(object, method, receiver);
        if (typeof value !== 'function' || typeof method !== 'string') return value;
        return (...args: unknown[]) => {
          calls.push({ transaction: current.getStore() ?? 0, port, method, row: rowOf(method, args) });
          return value.apply(object, args);
        };
      },
    });
  const inner = memory.ports.transactions;
  const numbered: TransactionRunner = {
    run: (work) => (current.getStore() ? inner.run(work) : inner.run(() => current.run(++transactions, work))),
    isTransient: inner.isTransient,
  };
  const ports = {
    ...memory.ports,
    transactions: numbered,
    catalogue: counting<Catalogue>('catalogue', memory.ports.catalogue, (_method, [id]) => id),
    purchases: {
      ...memory.ports.purchases,
      purchases: counting<PurchaseRepository>('purchases', memory.stores.purchases, (method, args) =>
        PURCHASE_READS[method as keyof PurchaseRepository]?.(args),
      ),
    },
    users: {
      ...memory.ports.users,
      users: counting<UserRepository>('users', memory.stores.users, (method, [id]) =>
        method === 'findById' || method === 'setBan' ? id : undefined,
      ),
    },
    memberships: {
      ...memory.ports.memberships,
      memberships: counting<MembershipRepository>('memberships', memory.stores.memberships, (method, args) =>
        MEMBERSHIP_READS[method as keyof MembershipRepository]?.(args),
      ),
    },
  };
  const core = createCore(ports);
  const buyer = addBuyer(memory.stores.users, now);
  /** buys `productId` with the card that succeeds */
  const buy = async (productType: string, productId: string) => {
    const started = await core.purchases.startCheckout.execute({ ...AGREED, buyer, productType, productId });
    const intent = await memory.gateway.confirm(started.clientSecret, { number: DEMO_CARDS.success });
    return core.purchases.complete.execute({ buyerId: buyer.id, paymentIntentId: intent.id });
  };
  return {
    core,
    memory,
    buyer,
    buy,
    /** the calls made from now on */
    record() {
      const from = calls.length;
      return () => calls.slice(from);
    },
    moveTo(at: Date) {
      now = at;
    },
  };
}

/** how often each transaction read the row named by any of `row` (its id, or another key of it) through `port` */
function readsPerTransaction(calls: Call[], port: string, ...row: unknown[]): number[] {
  const counts = new Map<number, number>();
  for (const call of calls)
    if (call.port === port && row.includes(call.row) && call.transaction > 0)
      counts.set(call.transaction, (counts.get(call.transaction) ?? 0) + 1);
  return [...counts.values()];
}

describe('port calls of a refund and a renewal', () => {
  it("a refund reads the purchase's row once to check it and once in the transaction that takes it back", async () => {
    const system = countedCore();
    const { purchase } = await system.buy('addon', 'swamp-vehicles');
    const calls = system.record();

    const refunded = await system.core.purchases.refund.execute({ id: purchase.id, reason: 'goodwill' });

    expect(refunded).toMatchObject({ id: purchase.id, status: 'refunded', tokensAwarded: 0 });
    const reads = calls().filter((call) => call.port === 'purchases' && call.row === purchase.id);
    expect(reads.map((call) => call.method)).toEqual(['findById', 'update']);
    expect(readsPerTransaction(calls(), 'purchases', purchase.id)).toEqual([1]);
  });

  it("a membership month's refund reads the row once per transaction too", async () => {
    const system = countedCore();
    const { purchase } = await system.buy('whitelist', 'swamp-blood');
    const calls = system.record();

    await system.core.purchases.refund.execute({ id: purchase.id, reason: 'goodwill' });

    expect(readsPerTransaction(calls(), 'purchases', purchase.id)).toEqual([1]);
    expect(calls().filter((call) => call.port === 'purchases' && call.row === purchase.id)).toHaveLength(2);
  });

  it("a renewal reads its purchase's row once per transaction, and prices the tier once", async () => {
    const system = countedCore();
    await system.buy('whitelist', 'swamp-blood');
    const [membership] = await system.memory.stores.memberships.list({});
    system.moveTo(new Date(membership!.currentPeriodEnd.getTime() + 3_600_000));
    const calls = system.record();

    const report = await system.core.memberships.renewDue.execute({ now: system.memory.ports.clock.now() });

    expect(report).toMatchObject({ renewed: 1, errors: [] });
    const renewal = (await system.memory.stores.purchases.ofMembership(membership!.id)).find(
      (purchase) => purchase.billing?.reason === 'renewal',
    );
    expect(renewal?.status).toBe('completed');
    const perTransaction = readsPerTransaction(calls(), 'purchases', renewal!.id);
    expect(perTransaction.length).toBeGreaterThan(0);
    expect(perTransaction.every((reads) => reads === 1)).toBe(true);
    const pricings = calls().filter((call) => call.port === 'catalogue' && call.method === 'price');
    expect(pricings.map((call) => call.row)).toEqual(['swamp-blood']);
  });

  it("a demo renewal reads its membership's row at most once per transaction, and prices the tier once", async () => {
    const system = countedCore();
    await system.buy('whitelist', 'swamp-blood');
    const [membership] = await system.memory.stores.memberships.list({});
    const { id, subscriptionId, userId } = membership!;
    system.moveTo(new Date(membership!.currentPeriodEnd.getTime() + 3_600_000));
    const calls = system.record();

    const report = await system.core.memberships.renewDue.execute({ now: system.memory.ports.clock.now() });

    expect(report).toMatchObject({ renewed: 1, errors: [] });
    expect(await system.memory.stores.memberships.findById(id)).toMatchObject({
      status: 'active',
      currentPeriodStart: membership!.currentPeriodEnd,
    });
    const perTransaction = readsPerTransaction(calls(), 'memberships', id, subscriptionId, userId);
    expect(perTransaction.length).toBeGreaterThan(0);
    expect(perTransaction.every((reads) => reads === 1)).toBe(true);
    // the row is locked to price the month, then moved to the month paid for; the state each change answered is
    // carried on, and never read again
    const reads = calls().filter(
      (call) => call.port === 'memberships' && [id, subscriptionId, userId].includes(call.row as string),
    );
    expect(reads.map((call) => call.method)).toEqual(['update', 'update']);
    const pricings = calls().filter((call) => call.port === 'catalogue' && call.method === 'price');
    expect(pricings.map((call) => call.row)).toEqual(['swamp-blood']);
  });
});

describe('port calls of a ban', () => {
  it("a ban reads the account's row once, and takes the banned account from the ban's write", async () => {
    const system = countedCore();
    const calls = system.record();

    const banned = await system.core.players.ban.execute(
      { userId: system.buyer.id, reason: 'Cheating' },
      { actor: null, channel: 'cli' },
    );

    expect(banned).toMatchObject({ id: system.buyer.id, banReason: 'Cheating' });
    const reads = calls().filter((call) => call.port === 'users' && call.row === system.buyer.id);
    expect(reads.map((call) => call.method)).toEqual(['findById', 'setBan']);
  });
});
