import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Membership } from '../../core/memberships/model/membership.ts';
import type { MembershipRepository } from '../../core/memberships/ports.ts';
import type { Purchase } from '../../core/purchases/model/purchase.ts';
import { pendingPurchase } from '../support/purchase-builders.ts';
import type { PurchaseRepository } from '../../core/purchases/ports.ts';
import { InMemoryMembershipRepository } from '../../adapters/memory/in-memory-membership-repository.ts';
import { InMemoryPurchaseRepository } from '../../adapters/memory/in-memory-purchase-repository.ts';
import { MikroOrmMembershipRepository } from '../../adapters/persistence/mikro-orm-membership-repository.ts';
import { MikroOrmPurchaseRepository } from '../../adapters/persistence/mikro-orm-purchase-repository.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';
import { storedMembership } from '../support/membership-builders.ts';
import { giftSubscriptionId } from '../../core/purchases/model/gift.ts';

interface Harness {
  memberships: MembershipRepository;
  purchases: PurchaseRepository;
  addUser(): Promise<string>;
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => ({
    memberships: new InMemoryMembershipRepository(),
    purchases: new InMemoryPurchaseRepository(),
    addUser: async () => randomUUID(),
    run: (work) => work(),
  }),
  database: (db) => ({
    memberships: new MikroOrmMembershipRepository(db.database),
    purchases: new MikroOrmPurchaseRepository(db.database),
    addUser: db.addUser,
    run: (work) => db.database.withContext(work),
  }),
};

const at = (iso: string) => new Date(iso);

function membership(userId: string, changes: Partial<Membership> = {}): Membership {
  return storedMembership(userId, at('2026-11-24T10:00:00Z'), { paymentRef: 'pi_demo_1', ...changes });
}

function renewal(m: Membership, periodStart: Date): Purchase {
  return pendingPurchase({
    userId: m.userId,
    productType: 'whitelist',
    productId: m.tierId,
    productName: 'Swamp Blood',
    priceCents: 6000,
    tokensGranted: 100,
    billing: {
      reason: 'renewal',
      subscriptionId: m.subscriptionId,
      membershipId: m.id,
      periodStart,
      periodEnd: new Date(periodStart.getTime() + 31 * 86_400_000),
    },
  });
}

describeRepositoryContract('membership repositories', adapters, (h) => {
  it('holds one live membership per player, answering the one that stands', async () => {
    await h.run(async () => {
      const userId = await h.addUser();
      const first = membership(userId);
      expect(await h.memberships.add(first)).toEqual({ added: true, membership: first });
      const second = await h.memberships.add(membership(userId, { tierId: 'gator-crown' }));
      expect(second.added).toBe(false);
      expect(second.membership.id).toBe(first.id);
      expect((await h.memberships.add({ ...first, id: randomUUID() })).added).toBe(false);
      expect(await h.memberships.findLive(userId)).toEqual(first);
      expect(await h.memberships.findBySubscription(first.subscriptionId)).toEqual(first);

      // once it has ended, another may start
      await h.memberships.update(
        first.id,
        { status: ['active'] },
        { status: 'ended', endedAt: new Date(), updatedAt: new Date() },
      );
      expect(await h.memberships.findLive(userId)).toBeNull();
      const next = membership(userId, { createdAt: at('2027-01-01T00:00:00Z') });
      expect((await h.memberships.add(next)).added).toBe(true);
      expect((await h.memberships.latestOf(userId))?.id).toBe(next.id);
    });
  });

  it('changes a membership only as expected (status, tier, period end, pending tier), answering it as it now stands and as it was', async () => {
    await h.run(async () => {
      const m = membership(await h.addUser());
      await h.memberships.add(m);
      const now = new Date();
      expect(
        await h.memberships.update(m.id, { status: ['past_due'] }, { cancelAtPeriodEnd: true, updatedAt: now }),
      ).toBeNull();
      expect(
        await h.memberships.update(m.id, { tierId: 'gator-crown' }, { tierId: 'bayou-basic', updatedAt: now }),
      ).toBeNull();
      expect(
        await h.memberships.update(
          m.id,
          { currentPeriodEnd: at('2026-12-25T10:00:00Z') },
          { status: 'past_due', updatedAt: now },
        ),
      ).toBeNull();
      expect(
        await h.memberships.update(m.id, { pendingTierId: 'bayou-basic' }, { status: 'past_due', updatedAt: now }),
      ).toBeNull();
      const moved = await h.memberships.update(
        m.id,
        { status: ['active'], currentPeriodEnd: m.currentPeriodEnd, pendingTierId: null },
        { status: 'past_due', graceUntil: at('2026-12-27T10:00:00Z'), updatedAt: now },
      );
      expect(moved?.previous).toEqual(m);
      expect(moved?.membership).toEqual({
        ...m,
        status: 'past_due',
        graceUntil: at('2026-12-27T10:00:00Z'),
        updatedAt: now,
      });
      // as it now stands is as it is stored
      expect(await h.memberships.findById(m.id)).toEqual(moved?.membership);
    });
  });

  it('finds what is due: active past its period end, past due past its grace', async () => {
    await h.run(async () => {
      const active = membership(await h.addUser(), { currentPeriodEnd: at('2030-01-10T00:00:00Z') });
      const graced = membership(await h.addUser(), {
        status: 'past_due',
        currentPeriodEnd: at('2030-01-05T00:00:00Z'),
        graceUntil: at('2030-01-08T00:00:00Z'),
      });
      await h.memberships.add(active);
      await h.memberships.add(graced);
      const ids = async (now: string) =>
        (await h.memberships.due(at(now), 1000)).map((m) => m.id).filter((id) => id === active.id || id === graced.id);
      expect(await ids('2030-01-07T00:00:00Z')).toEqual([]);
      expect(await ids('2030-01-08T00:00:00Z')).toEqual([graced.id]);
      expect(await ids('2030-01-10T00:00:00Z')).toEqual([graced.id, active.id]);
      const counts = await h.memberships.liveByTier();
      expect(counts['swamp-blood']).toBeGreaterThanOrEqual(2);
    });
  });

  it('lists the memberships that renew: active and not canceling, so neither a gifted pass nor a past-due one', async () => {
    await h.run(async () => {
      const renews = membership(await h.addUser());
      const canceling = membership(await h.addUser(), { cancelAtPeriodEnd: true });
      const pastDue = membership(await h.addUser(), { status: 'past_due', graceUntil: at('2026-12-27T10:00:00Z') });
      const gift = membership(await h.addUser(), {
        subscriptionId: giftSubscriptionId(randomUUID()),
        cancelAtPeriodEnd: true,
        paymentRef: null,
      });
      for (const one of [renews, canceling, pastDue, gift]) await h.memberships.add(one);
      const mine = new Set([renews.id, canceling.id, pastDue.id, gift.id]);
      const renewing = (await h.memberships.renewing()).filter((one) => mine.has(one.id));
      expect(renewing).toEqual([renews]);
    });
  });

  it('stores one renewal per subscription and month, even when twenty are stored at once', async () => {
    await h.run(async () => {
      const m = membership(await h.addUser());
      await h.memberships.add(m);
      const month = at('2026-12-24T10:00:00Z');
      const results = await Promise.all(Array.from({ length: 20 }, () => h.purchases.addBilled(renewal(m, month))));
      expect(results.filter((result) => result.added)).toHaveLength(1);
      expect(new Set(results.map((result) => result.purchase.id)).size).toBe(1);
      expect(results[0].purchase.billing).toEqual({
        reason: 'renewal',
        subscriptionId: m.subscriptionId,
        membershipId: m.id,
        periodStart: month,
        periodEnd: new Date(month.getTime() + 31 * 86_400_000),
      });
      const nextMonth = await h.purchases.addBilled(renewal(m, at('2027-01-24T10:00:00Z')));
      expect(nextMonth.added).toBe(true);
      expect((await h.purchases.ofMembership(m.id)).map((p) => p.id).sort()).toEqual(
        [nextMonth.purchase.id, results[0].purchase.id].sort(),
      );
    });
  });

  it('stores one renewal per month whatever tier it names: the month is the key, so a month is never billed twice', async () => {
    await h.run(async () => {
      const m = membership(await h.addUser());
      await h.memberships.add(m);
      const month = at('2026-12-24T10:00:00Z');
      const tiers = ['swamp-blood', 'bayou-basic', 'gator-crown'];
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          h.purchases.addBilled({ ...renewal(m, month), productId: tiers[i % tiers.length] }),
        ),
      );
      expect(results.filter((result) => result.added)).toHaveLength(1);
      expect(new Set(results.map((result) => result.purchase.id)).size).toBe(1);
      expect(await h.purchases.ofMembership(m.id)).toHaveLength(1);
    });
  });

  it("lists one provider's live memberships not asked about since a time, least recently asked first", async () => {
    await h.run(async () => {
      const never = { ...membership(await h.addUser()), gateway: 'stripe' as const };
      const asked = { ...membership(await h.addUser()), gateway: 'stripe' as const };
      const demo = membership(await h.addUser());
      const tebex = { ...membership(await h.addUser()), gateway: 'tebex' as const };
      // a gifted pass has no subscription at any provider to ask about
      const gifted = { ...membership(await h.addUser()), gateway: 'stripe' as const };
      gifted.subscriptionId = giftSubscriptionId(gifted.id);
      for (const m of [never, asked, demo, tebex, gifted]) await h.memberships.add(m);
      const checkedAt = at('2026-12-01T00:00:00Z');
      await h.memberships.update(asked.id, {}, { providerCheckedAt: checkedAt, updatedAt: checkedAt });
      const due = (gateway: Membership['gateway'], before: Date) =>
        h.memberships.providerCheckDue(gateway, before, 10).then((list) => list.map((m) => m.id));
      const ours = (ids: string[]) =>
        ids.filter((id) => [never.id, asked.id, demo.id, tebex.id, gifted.id].includes(id));
      // Stripe is asked about its own subscriptions only: never about a Tebex, a demo or a gifted one
      expect(ours(await due('stripe', at('2026-12-02T00:00:00Z')))).toEqual([never.id, asked.id]);
      expect(ours(await due('stripe', at('2026-11-30T00:00:00Z')))).toEqual([never.id]);
      expect(ours(await due('tebex', at('2026-12-02T00:00:00Z')))).toEqual([tebex.id]);
    });
  });
});
