import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Purchase, PurchaseChanges, PurchaseStatus } from '../../core/purchases/model/purchase.ts';
import type { PaymentEventLog, PurchaseRepository } from '../../core/purchases/ports.ts';
import { InMemoryPaymentEventLog } from '../../adapters/memory/in-memory-payment-event-log.ts';
import { InMemoryPurchaseRepository } from '../../adapters/memory/in-memory-purchase-repository.ts';
import { MikroOrmPaymentEventLog } from '../../adapters/persistence/mikro-orm-payment-event-log.ts';
import { MikroOrmPurchaseRepository } from '../../adapters/persistence/mikro-orm-purchase-repository.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';

interface Harness {
  purchases: PurchaseRepository;
  events: PaymentEventLog;
  addUser(): Promise<string>;
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => ({
    purchases: new InMemoryPurchaseRepository(),
    events: new InMemoryPaymentEventLog(),
    addUser: async () => randomUUID(),
    run: (work) => work(),
  }),
  database: ({ database }) => ({
    purchases: new MikroOrmPurchaseRepository(database),
    events: new MikroOrmPaymentEventLog(database),
    addUser: async () => {
      const id = randomUUID();
      await database.withContext(() =>
        database.em.getConnection().execute(`insert into users (id, discord_id) values (?, ?)`, [id, `d-${id}`]),
      );
      return id;
    },
    run: (work) => database.withContext(work),
  }),
};

/** a change written only while the purchase's status is one of `statuses` */
const from =
  (statuses: readonly PurchaseStatus[], changes: PurchaseChanges) =>
  (current: Purchase): PurchaseChanges | null =>
    statuses.includes(current.status) ? changes : null;

function purchase(userId: string, overrides: Partial<Purchase> = {}): Purchase {
  const at = new Date('2026-11-22T12:00:00Z');
  return {
    id: randomUUID(),
    userId,
    productType: 'whitelist',
    productId: 'swamp-blood',
    optionId: null,
    productName: 'Swamp Blood',
    priceCents: 6000,
    currency: 'usd',
    tokensGranted: 100,
    tokensAwarded: 0,
    buyerEmail: 'jean@example.com',
    buyerDiscord: 'jean_baptiste',
    banReason: null,
    paymentIntentId: null,
    status: 'pending',
    failureReason: null,
    createdAt: at,
    updatedAt: at,
    completedAt: null,
    // not the default: the gateway is stored, not assumed
    gateway: 'stripe',
    ...overrides,
  };
}

describeRepositoryContract('purchase repositories', adapters, (h) => {
  it('stores a purchase and finds it by id and by payment intent', async () => {
    const userId = await h.addUser();
    const row = purchase(userId, { optionId: null });
    await h.run(() => h.purchases.add(row));
    await h.run(() => h.purchases.attachIntent(row.id, `pi_${row.id}`));
    expect(await h.run(() => h.purchases.findById(row.id))).toEqual({ ...row, paymentIntentId: `pi_${row.id}` });
    expect((await h.run(() => h.purchases.findByPaymentIntent(`pi_${row.id}`)))?.id).toBe(row.id);
    expect(await h.run(() => h.purchases.findByPaymentIntent('pi_unknown'))).toBeNull();
  });

  it("keeps an unban's ban reason, and revises it while the checkout is pending", async () => {
    const userId = await h.addUser();
    const row = purchase(userId, {
      productType: 'unban',
      productId: 'city-unban',
      productName: 'City Unban',
      banReason: 'Banned for VDM during a pursuit; I have read the rules since.',
    });
    await h.run(() => h.purchases.add(row));
    expect((await h.run(() => h.purchases.findById(row.id)))?.banReason).toBe(row.banReason);
    const at = new Date('2026-11-22T12:10:00Z');
    const revised = await h.run(() =>
      h.purchases.reviseCheckout(row.id, { banReason: 'Banned for RDM at the docks.', updatedAt: at }),
    );
    expect(revised?.banReason).toBe('Banned for RDM at the docks.');
    expect((await h.run(() => h.purchases.list({})))?.find((found) => found.id === row.id)?.banReason).toBe(
      'Banned for RDM at the docks.',
    );
  });

  it('discards a purchase only while it has no payment intent', async () => {
    const userId = await h.addUser();
    const unstarted = purchase(userId);
    const started = purchase(userId);
    for (const row of [unstarted, started]) await h.run(() => h.purchases.add(row));
    await h.run(() => h.purchases.attachIntent(started.id, `pi_${started.id}`));
    await h.run(() => h.purchases.discardUnstarted(unstarted.id));
    await h.run(() => h.purchases.discardUnstarted(started.id));
    expect(await h.run(() => h.purchases.findById(unstarted.id))).toBeNull();
    expect((await h.run(() => h.purchases.findById(started.id)))?.id).toBe(started.id);
  });

  it('writes what the change answers for the purchase as it stands, and answers it as it now stands and as it was', async () => {
    const userId = await h.addUser();
    const row = purchase(userId);
    await h.run(() => h.purchases.add(row));
    const at = new Date('2026-11-22T12:05:00Z');
    const seen: Purchase[] = [];
    const completed = await h.run(() =>
      h.purchases.update(row.id, (current) => {
        seen.push(current);
        return { status: 'completed', tokensAwarded: 100, completedAt: at, updatedAt: at };
      }),
    );
    expect(seen).toEqual([row]);
    expect(completed).toEqual({
      purchase: { ...row, status: 'completed', tokensAwarded: 100, completedAt: at, updatedAt: at },
      previous: row,
      changed: true,
    });
    expect(await h.run(() => h.purchases.findById(row.id))).toEqual(completed?.purchase);
    const declined = await h.run(() =>
      h.purchases.update(row.id, from(['pending'], { status: 'failed', updatedAt: new Date() })),
    );
    expect(declined).toEqual({ purchase: completed?.purchase, previous: completed?.purchase, changed: false });
    const history = (await h.run(() => h.purchases.statusHistory(row.id))).map((change) => change.status);
    expect(history).toContain('completed');
    expect(history).not.toContain('failed');
    expect(await h.run(() => h.purchases.update(randomUUID(), () => ({ updatedAt: at })))).toBeNull();
  });

  it('lets exactly one of many concurrent updates win, each seeing the winner', async () => {
    const userId = await h.addUser();
    const row = purchase(userId);
    await h.run(() => h.purchases.add(row));
    const at = new Date();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.run(() =>
          h.purchases.update(row.id, from(['pending'], { status: 'completed', tokensAwarded: 100, updatedAt: at })),
        ),
      ),
    );
    expect(results.filter((result) => result?.changed)).toHaveLength(1);
    expect(results.every((result) => result?.purchase.status === 'completed')).toBe(true);
  });

  it('lists newest first with a status filter, recent completed, and pending older than a date', async () => {
    const userId = await h.addUser();
    const old = purchase(userId, { createdAt: new Date('2026-11-20T10:00:00Z'), productName: 'Old' });
    const done = purchase(userId, {
      createdAt: new Date('2026-11-21T10:00:00Z'),
      status: 'completed',
      completedAt: new Date('2026-11-21T10:01:00Z'),
      productName: 'Done',
    });
    for (const row of [old, done]) await h.run(() => h.purchases.add(row));
    const all = await h.run(() => h.purchases.list({}));
    const ids = all.map((p) => p.id);
    expect(ids.indexOf(done.id)).toBeLessThan(ids.indexOf(old.id));
    expect((await h.run(() => h.purchases.list({ status: 'completed' }))).every((p) => p.status === 'completed')).toBe(
      true,
    );
    expect((await h.run(() => h.purchases.recentCompleted(50))).map((p) => p.id)).toContain(done.id);
    const stale = await h.run(() => h.purchases.pendingCreatedBefore(new Date('2026-11-21T00:00:00Z'), { limit: 100 }));
    expect(stale.map((p) => p.id)).toEqual([old.id]);
  });

  it('pages the pending purchases older than a date, oldest first (by creation, then id), after a given one', async () => {
    const userId = await h.addUser();
    const at = (minute: number) => new Date(Date.UTC(2001, 0, 1, 0, minute));
    const [third, first, second, fourth, done, newer] = [3, 1, 1, 2, 2, 9].map((minute) =>
      purchase(userId, { createdAt: at(minute) }),
    ) as [Purchase, Purchase, Purchase, Purchase, Purchase, Purchase];
    Object.assign(done, { status: 'completed', completedAt: at(3) });
    for (const row of [third, first, second, fourth, done, newer]) await h.run(() => h.purchases.add(row));
    // the two of the same moment by id, then the later ones; the completed one and the one after the date left out
    const expected = [...[first, second].sort((a, b) => (a.id < b.id ? -1 : 1)), fourth, third].map((p) => p.id);
    const page = (after?: Purchase) =>
      h.run(() =>
        h.purchases.pendingCreatedBefore(at(8), {
          limit: 2,
          ...(after ? { after: { createdAt: after.createdAt, id: after.id } } : {}),
        }),
      );
    const one = await page();
    const two = await page(one.at(-1));
    expect([...one, ...two].map((p) => p.id)).toEqual(expected);
    expect(await page(two.at(-1))).toEqual([]);
    // after the first of the two of the same moment: the second, then the later one
    const [earlier] = [first, second].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect((await page(earlier)).map((p) => p.id)).toEqual(expected.slice(1, 3));
    // no longer pending, for the counts of the tests after this one
    for (const row of [first, second, third, fourth, newer])
      await h.run(() => h.purchases.update(row.id, from(['pending'], { status: 'failed', updatedAt: at(10) })));
  });

  it('pages newest first by keyset (created, then id), and keeps per-status totals through inserts and transitions', async () => {
    const userId = await h.addUser();
    const before = await h.run(() => h.purchases.totals());
    const sameTime = new Date('2030-01-01T00:00:00Z');
    const rows = Array.from({ length: 5 }, (_, i) =>
      purchase(userId, { createdAt: i < 3 ? sameTime : new Date(sameTime.getTime() - i * 1000), priceCents: 1000 + i }),
    );
    for (const row of rows) await h.run(() => h.purchases.add(row));
    const expected = [...rows]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
    const first = await h.run(() => h.purchases.list({ limit: 2 }));
    const second = await h.run(() => h.purchases.list({ limit: 2, before: first.at(-1)!.id }));
    const third = await h.run(() => h.purchases.list({ limit: 1, before: second.at(-1)!.id }));
    expect([...first, ...second, ...third].map((p) => p.id)).toEqual(expected);
    expect(await h.run(() => h.purchases.list({ limit: 2, before: randomUUID() }))).toEqual([]);

    await h.run(() =>
      h.purchases.update(
        rows[0]!.id,
        from(['pending'], {
          status: 'completed',
          tokensAwarded: 10,
          updatedAt: new Date(),
        }),
      ),
    );
    const after = await h.run(() => h.purchases.totals());
    expect(after.pending.count - before.pending.count).toBe(4);
    expect(after.completed.count - before.completed.count).toBe(1);
    expect(after.completed.cents - before.completed.cents).toBe(rows[0]!.priceCents);
    expect(after.pending.cents - before.pending.cents).toBe(
      rows.slice(1).reduce((sum, row) => sum + row.priceCents, 0),
    );
  });

  it("lists one buyer's purchases newest first by keyset, and never another buyer's", async () => {
    const [buyer, other] = [await h.addUser(), await h.addUser()];
    const sameTime = new Date('2031-01-01T00:00:00Z');
    const rows = Array.from({ length: 5 }, (_, i) =>
      purchase(buyer, { createdAt: i < 2 ? sameTime : new Date(sameTime.getTime() - i * 60_000), priceCents: 100 + i }),
    );
    const theirs = purchase(other, { createdAt: new Date(sameTime.getTime() - 90_000) });
    for (const row of [...rows, theirs]) await h.run(() => h.purchases.add(row));
    const expected = [...rows]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
    const first = await h.run(() => h.purchases.listByBuyer(buyer, { limit: 2 }));
    const second = await h.run(() => h.purchases.listByBuyer(buyer, { limit: 2, before: first.at(-1)!.id }));
    const third = await h.run(() => h.purchases.listByBuyer(buyer, { limit: 2, before: second.at(-1)!.id }));
    expect([...first, ...second, ...third].map((p) => p.id)).toEqual(expected);
    expect(first[0]).toEqual(rows.find((row) => row.id === expected[0]));
    expect((await h.run(() => h.purchases.listByBuyer(other, { limit: 10 }))).map((p) => p.id)).toEqual([theirs.id]);
    // a cursor that is not one of the buyer's purchases gives an empty page, never the other buyer's rows
    expect(await h.run(() => h.purchases.listByBuyer(buyer, { limit: 10, before: theirs.id }))).toEqual([]);
    expect(await h.run(() => h.purchases.listByBuyer(other, { limit: 10, before: rows[0]!.id }))).toEqual([]);
    expect(await h.run(() => h.purchases.listByBuyer(buyer, { limit: 10, before: randomUUID() }))).toEqual([]);
    const newcomer = await h.addUser();
    expect(await h.run(() => h.purchases.listByBuyer(newcomer, { limit: 10 }))).toEqual([]);
  });

  it('claims a checkout: adds it, answers the open one for the same product and option, and refuses past the limit', async () => {
    const userId = await h.addUser();
    const rules = { openSince: new Date('2026-11-21T12:00:00Z'), limit: 3 };
    const first = purchase(userId);
    expect(await h.run(() => h.purchases.claimCheckout(first, rules))).toEqual({ outcome: 'added', purchase: first });
    await h.run(() => h.purchases.attachIntent(first.id, `pi_${first.id}`));
    const repeat = purchase(userId, { buyerDiscord: 'someone_else' });
    expect(await h.run(() => h.purchases.claimCheckout(repeat, rules))).toEqual({
      outcome: 'open',
      purchase: { ...first, paymentIntentId: `pi_${first.id}` },
    });
    expect(await h.run(() => h.purchases.findById(repeat.id))).toBeNull();

    const tattoos = (optionId: string) =>
      purchase(userId, {
        productType: 'addon',
        productId: 'custom-tattoos',
        optionId,
        productName: `Custom Tattoos (${optionId})`,
        priceCents: 7500,
      });
    const upper = tattoos('upper-body');
    expect((await h.run(() => h.purchases.claimCheckout(upper, rules))).outcome).toBe('added');
    expect(await h.run(() => h.purchases.claimCheckout(tattoos('upper-body'), rules))).toMatchObject({
      outcome: 'open',
      purchase: { id: upper.id },
    });
    expect((await h.run(() => h.purchases.claimCheckout(tattoos('lower-body'), rules))).outcome).toBe('added');
    const fourth = purchase(userId, { productId: 'bayou-basic' });
    expect(await h.run(() => h.purchases.claimCheckout(fourth, rules))).toEqual({ outcome: 'full', open: 3 });
    expect(await h.run(() => h.purchases.findById(fourth.id))).toBeNull();

    // another buyer's checkouts are theirs alone
    const other = purchase(await h.addUser());
    expect((await h.run(() => h.purchases.claimCheckout(other, rules))).outcome).toBe('added');
  });

  it('counts only pending checkouts started since the cut-off, and answers none of the others', async () => {
    const userId = await h.addUser();
    const rules = { openSince: new Date('2026-11-21T12:00:00Z'), limit: 2 };
    const paid = purchase(userId, { status: 'completed', completedAt: new Date('2026-11-22T12:01:00Z') });
    const failed = purchase(userId, { status: 'failed', failureReason: 'Your card was declined.' });
    const abandoned = purchase(userId, { createdAt: new Date('2026-11-21T11:59:59Z') });
    const refunded = purchase(userId, { productId: 'bayou-basic', status: 'refunded' });
    for (const row of [paid, failed, abandoned, refunded]) await h.run(() => h.purchases.add(row));
    const fresh = purchase(userId);
    expect(await h.run(() => h.purchases.claimCheckout(fresh, rules))).toEqual({ outcome: 'added', purchase: fresh });
    expect(
      (await h.run(() => h.purchases.claimCheckout(purchase(userId, { productId: 'bayou-basic' }), rules))).outcome,
    ).toBe('added');
    expect(
      (await h.run(() => h.purchases.claimCheckout(purchase(userId, { productId: 'parish-life' }), rules))).outcome,
    ).toBe('full');
    const atCutOff = purchase(await h.addUser(), { createdAt: rules.openSince });
    await h.run(() => h.purchases.add(atCutOff));
    expect(await h.run(() => h.purchases.claimCheckout(purchase(atCutOff.userId), rules))).toMatchObject({
      outcome: 'open',
      purchase: { id: atCutOff.id },
    });
  });

  it('lets exactly one of many concurrent claims for one item add it, and concurrent claims never pass the limit', async () => {
    const userId = await h.addUser();
    const rules = { openSince: new Date('2026-11-21T12:00:00Z'), limit: 4 };
    const same = await Promise.all(
      Array.from({ length: 10 }, () => h.run(() => h.purchases.claimCheckout(purchase(userId), rules))),
    );
    const added = same.flatMap((claim) => (claim.outcome === 'added' ? [claim.purchase.id] : []));
    expect(added).toHaveLength(1);
    expect(same.map((claim) => (claim.outcome === 'full' ? null : claim.purchase.id))).toEqual(
      Array(10).fill(added[0]),
    );

    const distinct = await Promise.all(
      ['bayou-basic', 'parish-life', 'gator-crown', 'voodoo-experience', 'starter-gang', 'hood-package'].map(
        (productId) => h.run(() => h.purchases.claimCheckout(purchase(userId, { productId }), rules)),
      ),
    );
    expect(distinct.filter((claim) => claim.outcome === 'added')).toHaveLength(3);
    expect(distinct.filter((claim) => claim.outcome === 'full')).toHaveLength(3);
    expect((await h.run(() => h.purchases.list({ limit: 100 }))).filter((p) => p.userId === userId)).toHaveLength(4);
  });

  it('revises a checkout only while it is pending, keeping the per-status sums', async () => {
    const userId = await h.addUser();
    const row = purchase(userId);
    await h.run(() => h.purchases.add(row));
    const before = await h.run(() => h.purchases.totals());
    const at = new Date('2026-11-22T12:10:00Z');
    const revised = await h.run(() =>
      h.purchases.reviseCheckout(row.id, {
        buyerDiscord: 'gator_queen',
        buyerEmail: 'queen@example.com',
        priceCents: 6500,
        productName: 'Swamp Blood+',
        tokensGranted: 110,
        updatedAt: at,
      }),
    );
    expect(revised).toEqual({
      ...row,
      buyerDiscord: 'gator_queen',
      buyerEmail: 'queen@example.com',
      priceCents: 6500,
      productName: 'Swamp Blood+',
      tokensGranted: 110,
      updatedAt: at,
    });
    expect(await h.run(() => h.purchases.findById(row.id))).toEqual(revised);
    const during = await h.run(() => h.purchases.totals());
    expect(during.pending.cents - before.pending.cents).toBe(500);

    await h.run(() =>
      h.purchases.update(row.id, from(['pending'], { status: 'completed', tokensAwarded: 110, updatedAt: at })),
    );
    const after = await h.run(() => h.purchases.totals());
    expect(after.pending.cents).toBe(before.pending.cents - row.priceCents);
    expect(after.completed.cents - before.completed.cents).toBe(6500);
    expect(await h.run(() => h.purchases.reviseCheckout(row.id, { buyerDiscord: 'late', updatedAt: at }))).toBeNull();
    expect(
      await h.run(() => h.purchases.reviseCheckout(randomUUID(), { buyerDiscord: 'nobody', updatedAt: at })),
    ).toBeNull();
    expect((await h.run(() => h.purchases.findById(row.id)))?.buyerDiscord).toBe('gator_queen');
  });

  it('counts lapsed checkouts as abandoned, and follows one paid late and a cut-off moved past another at once', async () => {
    const userId = await h.addUser();
    // years before every other test's purchases: only these two can be past the cut-offs below
    const base = Date.parse('2020-03-10T12:00:00Z');
    const hours = (n: number) => new Date(base - n * 3_600_000);
    const lapsed = purchase(userId, { createdAt: hours(30), updatedAt: hours(30), priceCents: 1000 });
    const young = purchase(userId, { createdAt: hours(1), updatedAt: hours(1), priceCents: 2500 });
    await h.run(() => h.purchases.add(lapsed));
    await h.run(() => h.purchases.add(young));
    const abandoned = async (cutOff: Date) =>
      (await h.run(() => h.purchases.summarize({ abandonedBefore: cutOff }))).abandoned;
    expect(await abandoned(hours(24))).toEqual({ count: 1, cents: 1000 });
    // paid late: at once neither awaiting payment nor abandoned
    await h.run(() =>
      h.purchases.update(
        lapsed.id,
        from(['pending'], {
          status: 'completed',
          completedAt: hours(0),
          updatedAt: hours(0),
        }),
      ),
    );
    expect(await abandoned(hours(24))).toEqual({ count: 0, cents: 0 });
    // a day later the young one has lapsed too; the cut-off moved back, it has not
    expect(await abandoned(hours(-24))).toEqual({ count: 1, cents: 2500 });
    expect(await abandoned(hours(24))).toEqual({ count: 0, cents: 0 });
  });

  it('takes in scope only the purchases: an attempt reported, or a checkout still open; lists and counts agree', async () => {
    const userId = await h.addUser();
    const tag = `scope_${randomUUID().slice(0, 8)}`;
    const now = Date.parse('2026-11-22T12:00:00Z');
    const ago = (minutes: number) => new Date(now - minutes * 60_000);
    const scope = { openSince: ago(15) };
    const abandonedBefore = ago(24 * 60);
    const add = async (minutes: number, changes?: Omit<PurchaseChanges, 'updatedAt'>) => {
      const row = purchase(userId, { buyerDiscord: tag, createdAt: ago(minutes), updatedAt: ago(minutes) });
      await h.run(() => h.purchases.add(row));
      if (changes) await h.run(() => h.purchases.update(row.id, () => ({ ...changes, updatedAt: ago(minutes - 1) })));
      return row.id;
    };
    const counts = async () => {
      const totals = await h.run(() => h.purchases.summarize({ abandonedBefore, scope }));
      return Object.fromEntries(Object.entries(totals).map(([status, { count }]) => [status, count]));
    };
    const before = await counts();
    const paid = await add(50, {
      status: 'completed',
      tokensAwarded: 100,
      completedAt: ago(49),
      amountPaidCents: 6000,
      paymentAttemptedAt: ago(49),
    });
    const declined = await add(40, {
      status: 'failed',
      failureReason: 'Your card was declined.',
      paymentAttemptedAt: ago(39),
    });
    const closed = await add(30, { status: 'failed', failureReason: 'No payment after 15 minutes.' });
    const beingPaid = await add(25, { paymentAttemptedAt: ago(24) });
    const lapsed = await add(20);
    const open = await add(5);

    const shown = [open, beingPaid, declined, paid];
    const ids = (rows: Purchase[]) => rows.map((row) => row.id);
    expect(ids(await h.run(() => h.purchases.listByBuyer(userId, { limit: 10, scope })))).toEqual(shown);
    expect(ids(await h.run(() => h.purchases.listByBuyer(userId, { limit: 10 })))).toEqual([
      open,
      lapsed,
      beingPaid,
      closed,
      declined,
      paid,
    ]);
    // a page after a checkout no longer open still goes on from it
    expect(ids(await h.run(() => h.purchases.listByBuyer(userId, { limit: 10, before: lapsed, scope })))).toEqual([
      beingPaid,
      declined,
      paid,
    ]);
    expect(ids(await h.run(() => h.purchases.search({ abandonedBefore, scope, buyer: tag }, { limit: 3 })))).toEqual(
      shown.slice(0, 3),
    );
    expect(ids(await h.run(() => h.purchases.search({ abandonedBefore, buyer: tag }, {})))).toHaveLength(6);
    const tagged = await h.run(() => h.purchases.summarize({ abandonedBefore, scope, buyer: tag }));
    expect(tagged).toMatchObject({
      awaiting_payment: { count: 2, cents: 12000 },
      completed: { count: 1, cents: 6000 },
      failed: { count: 1, cents: 6000 },
      abandoned: { count: 0, cents: 0 },
    });
    // the dashboard unfiltered (its own statements) counts the same rows
    const after = await counts();
    const added = Object.fromEntries(Object.entries(after).map(([status, count]) => [status, count - before[status]]));
    expect(added).toEqual({
      awaiting_payment: 2,
      completed: 1,
      failed: 1,
      abandoned: 0,
      refunded: 0,
      disputed: 0,
      underpaid: 0,
    });
  });

  it('attaches an intent only to a purchase that exists', async () => {
    const row = purchase(await h.addUser());
    await h.run(() => h.purchases.add(row));
    expect(await h.run(() => h.purchases.attachIntent(row.id, `pi_${row.id}`))).toBe(true);
    expect(await h.run(() => h.purchases.attachIntent(randomUUID(), 'pi_nowhere'))).toBe(false);
  });

  it('keeps a gift, lists its waiting gifts by Discord id, and lists a delivered gift with its recipient too', async () => {
    const [buyer, recipient] = [await h.addUser(), await h.addUser()];
    const discordId = `${Date.now()}${Math.floor(Math.random() * 1e6)}`.slice(0, 19);
    const at = new Date('2032-03-01T00:00:00Z');
    const gift = { discordId, userId: null, name: discordId, months: 3, deliveredAt: null };
    const waiting = purchase(buyer, { gift, status: 'completed', createdAt: at, completedAt: at });
    const older = purchase(buyer, {
      gift: { ...gift, months: null },
      status: 'completed',
      createdAt: new Date(at.getTime() - 60_000),
    });
    const unpaid = purchase(buyer, { gift, createdAt: new Date(at.getTime() + 60_000) });
    const elsewhere = purchase(buyer, { gift: { ...gift, discordId: `9${discordId.slice(1)}` }, status: 'completed' });
    for (const row of [waiting, older, unpaid, elsewhere]) await h.run(() => h.purchases.add(row));
    expect(await h.run(() => h.purchases.findById(waiting.id))).toEqual(waiting);
    expect((await h.run(() => h.purchases.giftsAwaiting(discordId))).map((row) => row.id)).toEqual([
      older.id,
      waiting.id,
    ]);
    // the recipient reads nothing of it until it is delivered to their account
    expect(await h.run(() => h.purchases.listByBuyer(recipient, { limit: 10 }))).toEqual([]);

    const deliveredAt = new Date('2032-03-02T00:00:00Z');
    const delivered = { ...gift, userId: recipient, name: 'Marigold', deliveredAt };
    const moved = await h.run(() =>
      h.purchases.update(waiting.id, (current) =>
        current.gift?.deliveredAt ? null : { gift: delivered, tokensAwarded: 100, updatedAt: deliveredAt },
      ),
    );
    expect(moved?.purchase.gift).toEqual(delivered);
    expect((await h.run(() => h.purchases.findById(waiting.id)))?.gift).toEqual(delivered);
    expect((await h.run(() => h.purchases.giftsAwaiting(discordId))).map((row) => row.id)).toEqual([older.id]);
    const theirs = await h.run(() => h.purchases.listByBuyer(recipient, { limit: 10 }));
    expect(theirs.map((row) => row.id)).toEqual([waiting.id]);
    expect(await h.run(() => h.purchases.listByBuyer(recipient, { limit: 10, before: waiting.id }))).toEqual([]);
    // the buyer still lists all four, newest first, paging through the gifts
    const first = await h.run(() => h.purchases.listByBuyer(buyer, { limit: 2 }));
    const rest = await h.run(() => h.purchases.listByBuyer(buyer, { limit: 10, before: first.at(-1)!.id }));
    expect([...first, ...rest].map((row) => row.id).sort()).toEqual(
      [waiting.id, older.id, unpaid.id, elsewhere.id].sort(),
    );
  });

  it('records a payment event once', async () => {
    const id = `evt_${randomUUID()}`;
    const event = { id, type: 'payment_succeeded', purchaseId: null, receivedAt: new Date() };
    expect(await h.run(() => h.events.record(event))).toBe(true);
    expect(await h.run(() => h.events.record(event))).toBe(false);
  });
});
