import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { composeInMemory } from '../support/compose-in-memory.ts';
import type { PurchaseStatus } from '../../core/purchases/model/purchase.ts';
import { storedWhitelistApplication } from '../support/application-builders.ts';
import { storedMembership } from '../support/membership-builders.ts';
import { pendingPurchase } from '../support/purchase-builders.ts';

const at = (iso: string) => new Date(iso);
/** Friday Nov 27 2026, 02:00 UTC: still Thursday evening in Louisiana */
const NOW = at('2026-11-27T02:00:00Z');

function fixture(now = NOW) {
  const memory = composeInMemory({ clock: { now: () => now } });
  const { purchases, memberships, whitelistApplications } = memory.stores;
  return {
    charts: memory.core.dashboard.charts,
    async sold(
      productType: string,
      completedAt: string,
      cents: { price: number; paid?: number },
      status: PurchaseStatus = 'completed',
      productId = `${productType}-item`,
    ) {
      const purchase = pendingPurchase({
        userId: randomUUID(),
        productType,
        productId,
        productName: 'An item',
        priceCents: cents.price,
        tokensGranted: 0,
        createdAt: at(completedAt),
        ...(productType === 'whitelist'
          ? {
              billing: {
                reason: 'start' as const,
                subscriptionId: `sub_${randomUUID()}`,
                membershipId: null,
                periodStart: null,
                periodEnd: null,
              },
            }
          : {}),
      });
      await purchases.add(purchase);
      await purchases.update(purchase.id, () => ({
        status: 'completed',
        completedAt: at(completedAt),
        updatedAt: at(completedAt),
        amountPaidCents: cents.paid ?? cents.price,
      }));
      if (status !== 'completed') await purchases.update(purchase.id, () => ({ status, updatedAt: now }));
    },
    member: (start: string, tierId = 'swamp-blood') =>
      memberships.add(storedMembership(randomUUID(), at(start), { tierId })),
    applied: (createdAt: string, decided?: { status: 'approved' | 'rejected'; at: string }) =>
      whitelistApplications.add(
        storedWhitelistApplication(randomUUID(), at(createdAt), {
          ...(decided ? { status: decided.status, reviewedAt: at(decided.at) } : {}),
        }),
      ),
  };
}

describe('the dashboard charts', () => {
  it('lays money taken out over every UTC day of the window, today last, days without sales at zero', async () => {
    const f = fixture();
    // 01:00 UTC on the 27th is the 26th in Louisiana: the chart's days are UTC, so it is the 27th's
    await f.sold('gang', '2026-11-27T01:00:00Z', { price: 5000 });
    await f.sold('gang', '2026-11-26T23:30:00Z', { price: 8000, paid: 6000 });
    await f.sold('unban', '2026-11-26T12:00:00Z', { price: 3000 }, 'refunded');
    // the first day of the 30 is Oct 29; the 28th is outside it
    await f.sold('addon', '2026-10-29T00:00:00Z', { price: 700 });
    await f.sold('addon', '2026-10-28T23:59:59Z', { price: 900 });

    const charts = await f.charts.execute({ days: 30 });
    expect(charts.days).toBe(30);
    expect(charts.money).toHaveLength(30);
    expect(charts.money[0]).toEqual({ day: '2026-10-29', count: 1, cents: 700 });
    expect(charts.money.at(-2)).toEqual({ day: '2026-11-26', count: 1, cents: 6000 });
    expect(charts.money.at(-1)).toEqual({ day: '2026-11-27', count: 1, cents: 5000 });
    expect(charts.money.filter((day) => day.cents === 0)).toHaveLength(27);

    const longer = await f.charts.execute({ days: 90 });
    expect(longer.money).toHaveLength(90);
    expect(longer.money[0].day).toBe('2026-08-30');
    expect(longer.money.find((day) => day.day === '2026-10-28')).toEqual({ day: '2026-10-28', count: 1, cents: 900 });
  });

  it('refuses a window other than 30 or 90 days', async () => {
    await expect(fixture().charts.execute({ days: 7 })).rejects.toMatchObject({
      code: 'INVALID_CHART_WINDOW',
      kind: 'invalid',
    });
  });

  it('names every product type in the catalogue order, with counts and money taken over the window', async () => {
    const f = fixture();
    await f.sold('gang', '2026-11-20T10:00:00Z', { price: 5000 });
    await f.sold('gang', '2026-11-21T10:00:00Z', { price: 5000, paid: 4000 });
    await f.sold('unban', '2026-11-22T10:00:00Z', { price: 3000 });
    await f.sold('addon', '2026-11-22T10:00:00Z', { price: 3000 }, 'disputed');
    const { productTypes } = await f.charts.execute({ days: 30 });
    expect(productTypes).toEqual([
      { productType: 'whitelist', count: 0, cents: 0 },
      { productType: 'gang', count: 2, cents: 9000 },
      { productType: 'addon', count: 0, cents: 0 },
      { productType: 'unban', count: 1, cents: 3000 },
    ]);
  });

  it('shows no membership months before the first membership, then each month since it, at most twelve', async () => {
    const none = await fixture().charts.execute({ days: 30 });
    expect(none.memberships).toEqual({ tiers: [], months: [] });

    const f = fixture();
    await f.member('2026-09-15T00:00:00Z', 'gator-crown');
    await f.member('2026-11-02T00:00:00Z');
    await f.sold('whitelist', '2026-11-02T00:00:00Z', { price: 6000, paid: 5400 }, 'completed', 'swamp-blood');
    const { memberships } = await f.charts.execute({ days: 30 });
    expect(memberships.tiers).toEqual([
      { id: 'swamp-blood', name: 'Swamp Blood' },
      { id: 'gator-crown', name: 'Gator Crown' },
    ]);
    expect(memberships.months).toEqual([
      {
        month: '2026-09',
        mrrCents: { 'swamp-blood': 0, 'gator-crown': 0 },
        members: { 'swamp-blood': 0, 'gator-crown': 1 },
      },
      {
        month: '2026-10',
        mrrCents: { 'swamp-blood': 0, 'gator-crown': 0 },
        members: { 'swamp-blood': 0, 'gator-crown': 1 },
      },
      {
        month: '2026-11',
        mrrCents: { 'swamp-blood': 5400, 'gator-crown': 0 },
        members: { 'swamp-blood': 1, 'gator-crown': 1 },
      },
    ]);

    const old = fixture();
    await old.member('2024-01-15T00:00:00Z');
    const twelve = (await old.charts.execute({ days: 90 })).memberships.months;
    expect(twelve.map((month) => month.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
  });

  it('counts applications per week from the Monday the window starts in, with the median hours to a decision', async () => {
    const f = fixture();
    await f.applied('2026-11-23T10:00:00Z', { status: 'approved', at: '2026-11-24T10:00:00Z' });
    await f.applied('2026-11-23T12:00:00Z', { status: 'rejected', at: '2026-11-23T18:30:00Z' });
    await f.applied('2026-11-25T12:00:00Z');
    const { applications } = await f.charts.execute({ days: 30 });
    // Oct 29 is a Thursday: its week starts Monday Oct 26; this week started Monday Nov 23
    expect(applications.map((week) => week.week)).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
    ]);
    expect(applications[0]).toEqual({ week: '2026-10-26', submitted: 0, decided: 0, medianDecisionHours: null });
    // 24 h and 6.5 h: the median is their mean, 15.25 h, shown to a tenth
    expect(applications.at(-1)).toEqual({ week: '2026-11-23', submitted: 3, decided: 2, medianDecisionHours: 15.3 });
    expect((await f.charts.execute({ days: 90 })).applications).toHaveLength(14);
  });
});
