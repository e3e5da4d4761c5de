import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { ApplicationRepository } from '../../core/applications/ports.ts';
import {
  whitelistKind,
  type WhitelistAnswers,
  type WhitelistStatus,
} from '../../core/applications/model/kinds/whitelist.ts';
import type { Entitlement, Entitlements } from '../../core/delivery/ports.ts';
import type { Membership } from '../../core/memberships/model/membership.ts';
import type { MembershipRepository } from '../../core/memberships/ports.ts';
import type { Purchase } from '../../core/purchases/model/purchase.ts';
import type { PurchaseRepository } from '../../core/purchases/ports.ts';
import type { UserRepository } from '../../core/users/ports.ts';
import { InMemoryApplicationRepository } from '../../adapters/memory/in-memory-application-repository.ts';
import { InMemoryEntitlements } from '../../adapters/memory/in-memory-entitlements.ts';
import { InMemoryMembershipRepository } from '../../adapters/memory/in-memory-membership-repository.ts';
import { InMemoryPurchaseRepository } from '../../adapters/memory/in-memory-purchase-repository.ts';
import { InMemoryUserRepository } from '../../adapters/memory/in-memory-user-repository.ts';
import { mikroOrmApplicationPorts } from '../../adapters/persistence/application-ports.ts';
import { MikroOrmEntitlements } from '../../adapters/persistence/mikro-orm-entitlements.ts';
import { MikroOrmMembershipRepository } from '../../adapters/persistence/mikro-orm-membership-repository.ts';
import { MikroOrmPurchaseRepository } from '../../adapters/persistence/mikro-orm-purchase-repository.ts';
import { MikroOrmUserRepository } from '../../adapters/persistence/mikro-orm-user-repository.ts';
import { storedWhitelistApplication } from '../support/application-builders.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';
import { storedMembership } from '../support/membership-builders.ts';

interface Harness {
  entitlements: Entitlements;
  users: UserRepository;
  purchases: PurchaseRepository;
  memberships: MembershipRepository;
  whitelist: ApplicationRepository<WhitelistAnswers, WhitelistStatus>;
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => {
    const users = new InMemoryUserRepository();
    const purchases = new InMemoryPurchaseRepository();
    const memberships = new InMemoryMembershipRepository();
    const whitelist = new InMemoryApplicationRepository(whitelistKind);
    return {
      entitlements: new InMemoryEntitlements(
        users,
        purchases,
        (userId) => whitelist.hasStatus(userId, 'approved'),
        memberships,
      ),
      users,
      purchases,
      memberships,
      whitelist,
      run: (work) => work(),
    };
  },
  database: (db) => {
    return {
      entitlements: new MikroOrmEntitlements(db.database),
      users: new MikroOrmUserRepository(db.database),
      purchases: new MikroOrmPurchaseRepository(db.database),
      memberships: new MikroOrmMembershipRepository(db.database),
      whitelist: mikroOrmApplicationPorts(db.database).whitelistApplications,
      run: (work) => db.database.withContext(work),
    };
  },
};

let clockMs = new Date('2026-11-01T12:00:00Z').getTime();
/** one minute later each time: members are answered oldest first */
const nextTime = () => {
  clockMs += 60_000;
  return new Date(clockMs);
};
let discordId = 7_000_000;

function purchase(userId: string, overrides: Partial<Purchase> = {}): Purchase {
  const at = nextTime();
  return {
    id: randomUUID(),
    userId,
    productType: 'gang',
    productId: 'hood-package',
    optionId: null,
    productName: 'Hood Package',
    priceCents: 5000,
    currency: 'usd',
    tokensGranted: 80,
    tokensAwarded: 80,
    buyerEmail: null,
    buyerDiscord: null,
    banReason: null,
    paymentIntentId: `pi_${randomUUID()}`,
    status: 'completed',
    failureReason: null,
    createdAt: at,
    updatedAt: at,
    completedAt: at,
    gateway: 'demo',
    ...overrides,
  };
}

function membership(userId: string, overrides: Partial<Membership> = {}): Membership {
  return storedMembership(userId, nextTime(), overrides);
}

/** the items in one order, whatever order the implementation answers them in */
const sorted = (entitlement: Entitlement | undefined) =>
  entitlement && {
    ...entitlement,
    items: [...entitlement.items].sort((a, b) =>
      `${a.productId}:${a.optionId ?? ''}`.localeCompare(`${b.productId}:${b.optionId ?? ''}`),
    ),
  };

describeRepositoryContract('entitlements', adapters, (h) => {
  const member = (name: { discordUsername: string; username?: string | null }) =>
    h.run(() =>
      h.users.upsertIdentity(
        { discordId: String(++discordId), ...name },
        { newId: randomUUID(), now: nextTime(), admin: false },
      ),
    );

  const approve = async (userId: string) => {
    const application = storedWhitelistApplication(userId, nextTime(), {
      discordId: String(discordId),
      discordUsername: 'applicant',
    });
    await h.run(async () => {
      await h.whitelist.add(application);
      await h.whitelist.saveReview({ ...application, status: 'approved', reviewedAt: nextTime() }, 'pending');
    });
  };

  it("answers what a member holds: completed one-time purchases, each item once, and the live membership's tier", async () => {
    const user = await member({ discordUsername: 'remy', username: 'Remy B.' });
    await h.run(async () => {
      await h.purchases.add(purchase(user.id));
      await h.purchases.add(purchase(user.id));
      await h.purchases.add(
        purchase(user.id, { productType: 'addon', productId: 'swamp-vehicles', optionId: 'airboat' }),
      );
      // not paid, or paid back: nothing is held
      await h.purchases.add(purchase(user.id, { productId: 'starter-gang', status: 'pending', completedAt: null }));
      await h.purchases.add(purchase(user.id, { productId: 'bayou-crew', status: 'refunded' }));
      const live = membership(user.id, { tierId: 'gator-crown' });
      await h.memberships.add(live);
      // a membership's month gives the tier through the membership, not for good
      await h.purchases.add(
        purchase(user.id, {
          productType: 'whitelist',
          productId: 'parish-life',
          billing: {
            reason: 'renewal',
            subscriptionId: live.subscriptionId,
            membershipId: live.id,
            periodStart: live.currentPeriodStart,
            periodEnd: live.currentPeriodEnd,
          },
        }),
      );
    });
    const [held] = await h.run(() => h.entitlements.of(user.id));
    expect(sorted(held)).toEqual({
      userId: user.id,
      discordId: user.discordId,
      displayName: 'remy',
      items: [
        { productId: 'gator-crown', optionId: null },
        { productId: 'hood-package', optionId: null },
        { productId: 'swamp-vehicles', optionId: 'airboat' },
      ],
      whitelistApproved: false,
    });
  });

  it('gives a tier while its membership is active or past due, and not once it has ended', async () => {
    const pastDue = await member({ discordUsername: 'odile' });
    const ended = await member({ discordUsername: 'fern' });
    await h.run(async () => {
      await h.memberships.add(membership(pastDue.id, { status: 'past_due', graceUntil: nextTime() }));
      await h.memberships.add(
        membership(ended.id, { status: 'ended', endedAt: nextTime(), endReason: 'it was canceled.' }),
      );
    });
    expect((await h.run(() => h.entitlements.of(pastDue.id)))[0].items).toEqual([
      { productId: 'swamp-blood', optionId: null },
    ]);
    expect((await h.run(() => h.entitlements.of(ended.id)))[0].items).toEqual([]);
  });

  it('gives a gift to its recipient once delivered, never to its buyer, and a gifted pass only through its membership', async () => {
    const buyer = await member({ discordUsername: 'giver' });
    const recipient = await member({ discordUsername: 'taker' });
    const gift = (months: number | null, delivered: boolean) => ({
      discordId: recipient.discordId,
      userId: delivered ? recipient.id : null,
      name: 'taker',
      months,
      deliveredAt: delivered ? nextTime() : null,
    });
    const given = purchase(buyer.id, { gift: gift(null, true) });
    await h.run(async () => {
      await h.purchases.add(given);
      await h.purchases.add(purchase(buyer.id, { productId: 'bayou-crew', gift: gift(null, false) }));
      await h.purchases.add(
        purchase(buyer.id, { productType: 'whitelist', productId: 'voodoo-experience', gift: gift(3, true) }),
      );
    });
    expect((await h.run(() => h.entitlements.of(buyer.id)))[0].items).toEqual([]);
    expect((await h.run(() => h.entitlements.of(recipient.id)))[0].items).toEqual([
      { productId: 'hood-package', optionId: null },
    ]);
    expect((await h.run(() => h.entitlements.of(recipient.id, { purchaseId: given.id })))[0].items).toEqual([]);
    const everyone = await h.run(() => h.entitlements.of());
    expect(everyone.find((entry) => entry.userId === recipient.id)?.items).toEqual([
      { productId: 'hood-package', optionId: null },
    ]);
  });

  it('says whether the member holds an approved whitelist application', async () => {
    const approved = await member({ discordUsername: 'lucien' });
    const pending = await member({ discordUsername: 'marie' });
    await approve(approved.id);
    expect((await h.run(() => h.entitlements.of(approved.id)))[0].whitelistApproved).toBe(true);
    expect((await h.run(() => h.entitlements.of(pending.id)))[0].whitelistApproved).toBe(false);
  });

  it('answers every member oldest first, and nothing for a user who does not exist', async () => {
    const first = await member({ discordUsername: 'first' });
    const second = await member({ discordUsername: 'second' });
    const everyone = await h.run(() => h.entitlements.of());
    const ids = everyone.map((entitlement) => entitlement.userId);
    expect(ids).toContain(first.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(await h.run(() => h.entitlements.of(randomUUID()))).toEqual([]);
  });

  it('answers as if a purchase being paid back, and the membership ending with it, were gone', async () => {
    const user = await member({ discordUsername: 'theo' });
    const bought = purchase(user.id);
    const live = membership(user.id);
    await h.run(async () => {
      await h.purchases.add(bought);
      await h.purchases.add(purchase(user.id, { productId: 'starter-gang' }));
      await h.memberships.add(live);
    });
    const held = async (without: { purchaseId?: string; membershipId?: string }) =>
      sorted((await h.run(() => h.entitlements.of(user.id, without)))[0])?.items.map((item) => item.productId);
    expect(await held({})).toEqual(['hood-package', 'starter-gang', 'swamp-blood']);
    expect(await held({ purchaseId: bought.id })).toEqual(['starter-gang', 'swamp-blood']);
    expect(await held({ membershipId: live.id })).toEqual(['hood-package', 'starter-gang']);
    expect(await held({ purchaseId: bought.id, membershipId: live.id })).toEqual(['starter-gang']);
  });

  it("answers a member's Discord id, and null for a user who does not exist", async () => {
    const user = await member({ discordUsername: 'claude' });
    expect(await h.run(() => h.entitlements.discordIdOf(user.id))).toBe(user.discordId);
    expect(await h.run(() => h.entitlements.discordIdOf(randomUUID()))).toBeNull();
  });
});
