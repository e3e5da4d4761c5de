import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { ApplicationRepository } from '../../core/applications/ports.ts';
import type { StaffApplication } from '../../core/applications/model/kinds/staff.ts';
import { staffKind } from '../../core/applications/model/kinds/staff.ts';
import type { WhitelistApplication } from '../../core/applications/model/kinds/whitelist.ts';
import { whitelistKind } from '../../core/applications/model/kinds/whitelist.ts';
import { type DashboardFigures, decisionsOf } from '../../core/dashboard/ports.ts';
import type { Membership } from '../../core/memberships/model/membership.ts';
import type { MembershipRepository } from '../../core/memberships/ports.ts';
import type { PurchaseRepository } from '../../core/purchases/ports.ts';
import type { Purchase, PurchaseStatus } from '../../core/purchases/model/purchase.ts';
import { InMemoryApplicationRepository } from '../../adapters/memory/in-memory-application-repository.ts';
import { InMemoryDashboardFigures } from '../../adapters/memory/in-memory-dashboard-figures.ts';
import { InMemoryMembershipRepository } from '../../adapters/memory/in-memory-membership-repository.ts';
import { InMemoryPurchaseRepository } from '../../adapters/memory/in-memory-purchase-repository.ts';
import { MikroOrmApplicationRepository } from '../../adapters/persistence/mikro-orm-application-repository.ts';
import { MikroOrmDashboardFigures } from '../../adapters/persistence/mikro-orm-dashboard-figures.ts';
import { MikroOrmMembershipRepository } from '../../adapters/persistence/mikro-orm-membership-repository.ts';
import { MikroOrmPurchaseRepository } from '../../adapters/persistence/mikro-orm-purchase-repository.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';
import { staffAnswers, storedWhitelistApplication } from '../support/application-builders.ts';
import { storedMembership } from '../support/membership-builders.ts';
import { pendingPurchase } from '../support/purchase-builders.ts';

interface Harness {
  figures: DashboardFigures;
  purchases: PurchaseRepository;
  memberships: MembershipRepository;
  whitelist: ApplicationRepository<WhitelistApplication, WhitelistApplication['status']>;
  staff: ApplicationRepository<StaffApplication, StaffApplication['status']>;
  addUser(): Promise<string>;
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => {
    const purchases = new InMemoryPurchaseRepository();
    const memberships = new InMemoryMembershipRepository();
    const whitelist = new InMemoryApplicationRepository(whitelistKind);
    const staff = new InMemoryApplicationRepository(staffKind);
    const all = { page: 1, pageSize: Number.MAX_SAFE_INTEGER };
    return {
      figures: new InMemoryDashboardFigures({
        purchases: () => purchases.list({}),
        memberships: async () =>
          Promise.all(
            (await memberships.list({ limit: Number.MAX_SAFE_INTEGER })).map(async (membership) => ({
              membership,
              events: (await memberships.eventsOf(membership.userId, 1000)).filter(
                (event) => event.membershipId === membership.id,
              ),
            })),
          ),
        applications: async () => [
          { decisions: decisionsOf(whitelistKind), rows: (await whitelist.list(all)).items },
          { decisions: decisionsOf(staffKind), rows: (await staff.list(all)).items },
        ],
        // the reviewer figures have a suite of their own (reviewer-figures.test.ts)
        reviews: async () => ({ applications: [], votes: [] }),
      }),
      purchases,
      memberships,
      whitelist,
      staff,
      addUser: async () => randomUUID(),
      run: (work) => work(),
    };
  },
  database: (db) => ({
    figures: new MikroOrmDashboardFigures(db.database),
    purchases: new MikroOrmPurchaseRepository(db.database),
    memberships: new MikroOrmMembershipRepository(db.database),
    whitelist: new MikroOrmApplicationRepository(db.database, whitelistKind),
    staff: new MikroOrmApplicationRepository(db.database, staffKind),
    addUser: db.addUser,
    run: (work) => db.database.withContext(work),
  }),
};

const at = (iso: string) => new Date(iso);
const NOV = { from: at('2026-11-01T00:00:00Z'), to: at('2026-12-01T00:00:00Z') };
const HOUR = 3600;

describeRepositoryContract('dashboard figures', adapters, (h) => {
  beforeAll(() => seed());

  /** a purchase completed at `completedAt` (money taken `paid`, else its price), then moved to `status` */
  const sold = async (
    productType: string,
    completedAt: Date | null,
    cents: { price: number; paid?: number },
    status: PurchaseStatus = 'completed',
    fields: Partial<Purchase> = {},
  ) => {
    const purchase = pendingPurchase({
      userId: await h.addUser(),
      productType,
      productId: `${productType}-item`,
      productName: 'An item',
      priceCents: cents.price,
      tokensGranted: 0,
      createdAt: at('2026-10-30T10:00:00Z'),
      ...fields,
    });
    await h.run(() => h.purchases.add(purchase));
    if (completedAt)
      await h.run(() =>
        h.purchases.update(purchase.id, () => ({
          status: 'completed',
          completedAt,
          updatedAt: completedAt,
          amountPaidCents: cents.paid ?? cents.price,
        })),
      );
    if (status !== 'completed' && status !== 'pending')
      await h.run(() => h.purchases.update(purchase.id, () => ({ status, updatedAt: at('2026-11-20T00:00:00Z') })));
  };

  const member = async (start: string, fields: Partial<Membership> = {}) => {
    const membership = storedMembership(await h.addUser(), at(start), fields);
    await h.run(() => h.memberships.add(membership));
    return membership;
  };

  const decide = async <S extends string>(
    repository: ApplicationRepository<never, S> | ApplicationRepository<unknown, S>,
    application: { id: string; status: S },
    status: S,
    when: string,
  ) => {
    const stored = await h.run(() => repository.findById(application.id));
    if (!stored) throw new Error('no such application');
    const saved = await h.run(() =>
      (repository as ApplicationRepository<unknown, S>).saveReview(
        { ...stored, status, reviewedAt: at(when), reviewedBy: 'Admin', reviewerId: null },
        stored.status,
      ),
    );
    expect(saved).toBe(true);
  };

  async function seed() {
    // money: two on Nov 2 (UTC; one discounted, the provider took 7000 of 8000), a pass's first month on Nov 5
    await sold('gang', at('2026-11-02T23:30:00Z'), { price: 5000 });
    await sold('gang', at('2026-11-02T00:10:00Z'), { price: 8000, paid: 7000 });
    await sold('whitelist', at('2026-11-05T09:00:00Z'), { price: 2000 }, 'completed', {
      productId: 'swamp-blood',
      billing: { reason: 'start', subscriptionId: 'sub_one', membershipId: null, periodStart: null, periodEnd: null },
    });
    // not money taken: refunded, disputed, pending, failed, or completed before the period
    await sold('unban', at('2026-11-05T10:00:00Z'), { price: 3000 }, 'refunded');
    await sold('addon', at('2026-11-06T10:00:00Z'), { price: 900 }, 'disputed');
    await sold('addon', null, { price: 1500 });
    await sold('addon', null, { price: 1500 }, 'failed');
    await sold('gang', at('2026-10-31T23:59:59Z'), { price: 4000 });

    // memberships: one upgraded on Oct 20, one ended on Nov 10, one started Nov 20
    const upgraded = await member('2026-09-10T12:00:00Z');
    await h.run(() =>
      h.memberships.update(upgraded.id, {}, { tierId: 'gator-gold', updatedAt: at('2026-10-20T00:00:00Z') }),
    );
    const ended = await member('2026-10-05T12:00:00Z');
    await h.run(() =>
      h.memberships.update(
        ended.id,
        {},
        {
          status: 'ended',
          endedAt: at('2026-11-10T00:00:00Z'),
          endReason: 'Canceled',
          updatedAt: at('2026-11-10T00:00:00Z'),
        },
      ),
    );
    await member('2026-11-20T12:00:00Z');

    // applications: two whitelist decided in the week of Nov 2 (24 h and 12 h), one pending; a staff one sent on
    // Sunday Nov 1 still under review, and one sent Oct 20 denied Nov 4
    const first = storedWhitelistApplication(await h.addUser(), at('2026-11-02T10:00:00Z'));
    const second = storedWhitelistApplication(await h.addUser(), at('2026-11-03T10:00:00Z'));
    const open = storedWhitelistApplication(await h.addUser(), at('2026-11-04T10:00:00Z'));
    for (const application of [first, second, open]) await h.run(() => h.whitelist.add(application));
    await decide(h.whitelist, first, 'approved', '2026-11-03T10:00:00Z');
    await decide(h.whitelist, second, 'rejected', '2026-11-03T22:00:00Z');
    const staffApplication = async (createdAt: string): Promise<StaffApplication> => {
      const userId = await h.addUser();
      const application: StaffApplication = {
        ...staffAnswers(),
        id: randomUUID(),
        userId,
        discordId: `d-${userId}`,
        discordUsername: 'heron',
        status: 'pending',
        reviewNotes: null,
        applicantMessage: null,
        reviewedBy: null,
        reviewerId: null,
        reviewedAt: null,
        createdAt: at(createdAt),
      };
      await h.run(() => h.staff.add(application));
      return application;
    };
    const reviewing = await staffApplication('2026-11-01T12:00:00Z');
    await decide(h.staff, reviewing, 'under_review', '2026-11-02T12:00:00Z');
    const denied = await staffApplication('2026-10-20T20:00:00Z');
    await decide(h.staff, denied, 'denied', '2026-11-04T20:00:00Z');
  }

  const byKey = <T>(rows: T[], key: (row: T) => string) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : 1));

  it('sums money taken per UTC day of completion: completed purchases only, at what was taken', async () => {
    const days = await h.run(() => h.figures.takenByDay(NOV));
    expect(byKey(days, (row) => row.day)).toEqual([
      { day: '2026-11-02', count: 2, cents: 12_000 },
      { day: '2026-11-05', count: 1, cents: 2000 },
    ]);
    expect(await h.run(() => h.figures.takenByDay({ from: at('2026-10-31T00:00:00Z'), to: NOV.from }))).toEqual([
      { day: '2026-10-31', count: 1, cents: 4000 },
    ]);
  });

  it('sums money taken per product type', async () => {
    const types = await h.run(() => h.figures.takenByProductType(NOV));
    expect(byKey(types, (row) => row.productType)).toEqual([
      { productType: 'gang', count: 2, cents: 12_000 },
      { productType: 'whitelist', count: 1, cents: 2000 },
    ]);
  });

  it("sums the pass's monthly charges per month and tier", async () => {
    expect(await h.run(() => h.figures.membershipTakenByMonth(NOV))).toEqual([
      { month: '2026-11', tierId: 'swamp-blood', cents: 2000 },
    ]);
  });

  it('counts the memberships live at each instant under the tier held then, and finds the first start', async () => {
    const points = [at('2026-10-01T00:00:00Z'), at('2026-11-01T00:00:00Z'), at('2026-12-01T00:00:00Z')];
    const members = await h.run(() => h.figures.membersByTier(points));
    expect(byKey(members, (row) => `${row.point} ${row.tierId}`)).toEqual([
      { point: 0, tierId: 'swamp-blood', members: 1 },
      { point: 1, tierId: 'gator-gold', members: 1 },
      { point: 1, tierId: 'swamp-blood', members: 1 },
      { point: 2, tierId: 'gator-gold', members: 1 },
      { point: 2, tierId: 'swamp-blood', members: 1 },
    ]);
    expect(await h.run(() => h.figures.membersByTier([]))).toEqual([]);
    expect(await h.run(() => h.figures.firstMembershipStart())).toEqual(at('2026-09-10T12:00:00Z'));
  });

  it('counts applications sent per week (Monday, UTC) and those decided with the median time to the decision', async () => {
    const weeks = await h.run(() => h.figures.applicationsByWeek(NOV));
    expect(byKey(weeks, (row) => row.week)).toEqual([
      // Sunday Nov 1 belongs to the week of Monday Oct 26; an under-review move is no decision
      { week: '2026-10-26', submitted: 1, decided: 0, medianDecisionSeconds: null },
      // 24 h, 12 h and the staff one's 15 days: the median is 24 h
      { week: '2026-11-02', submitted: 3, decided: 3, medianDecisionSeconds: 24 * HOUR },
    ]);
    const lastTwo = await h.run(() =>
      h.figures.applicationsByWeek({ from: at('2026-11-03T00:00:00Z'), to: at('2026-11-04T00:00:00Z') }),
    );
    // two decided that day: the median of an even count is the mean of the middle two
    expect(lastTwo).toEqual([{ week: '2026-11-02', submitted: 1, decided: 2, medianDecisionSeconds: 18 * HOUR }]);
  });
});
