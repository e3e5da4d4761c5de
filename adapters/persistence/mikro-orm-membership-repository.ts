import { GIFT_SUBSCRIPTION_PREFIX } from '../../core/purchases/model/gift.ts';
import type { InferEntity } from '@mikro-orm/core';
import type { Membership, MembershipStatus } from '../../core/memberships/model/membership.ts';
import type {
  MembershipChanges,
  MembershipExpectation,
  MembershipListQuery,
  MembershipRepository,
  MembershipUpdate,
} from '../../core/memberships/ports.ts';
import type { PaymentGatewayName } from '../../core/purchases/model/purchase.ts';
import type { Database } from './database.ts';
import {
  eventsOfChange,
  type MembershipEvent,
  type MembershipEventDraft,
  type MembershipEventKind,
  startEvent,
} from '../../core/memberships/model/membership-events.ts';
import { MembershipRow } from './purchase-entities.ts';

const FRESH = { disableIdentityMap: true } as const;
const LIVE = ['active', 'past_due'];

export class MikroOrmMembershipRepository implements MembershipRepository {
  constructor(private readonly database: Database) {}

  async add(membership: Membership): Promise<{ added: boolean; membership: Membership }> {
    return this.database.transactional(async () => {
      const inserted = await this.database.em.execute<Array<{ id: string }>>(
        `insert into "memberships" ("id", "user_id", "tier_id", "status", "cancel_at_period_end", "pending_tier_id", "gateway",
           "subscription_id", "payment_ref", "anchor", "current_period_start", "current_period_end", "grace_until", "started_at",
           "ended_at", "end_reason", "created_at", "updated_at")
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning "id"`,
        [
          membership.id,
          membership.userId,
          membership.tierId,
          membership.status,
          membership.cancelAtPeriodEnd,
          membership.pendingTierId,
          membership.gateway,
          membership.subscriptionId,
          membership.paymentRef,
          membership.anchor,
          membership.currentPeriodStart,
          membership.currentPeriodEnd,
          membership.graceUntil,
          membership.startedAt,
          membership.endedAt,
          membership.endReason,
          membership.createdAt,
          membership.updatedAt,
        ],
      );
      if (inserted.length > 0) {
        await this.record([startEvent(membership)]);
        return { added: true, membership };
      }
      const standing =
        (await this.findBySubscription(membership.subscriptionId)) ?? (await this.findLive(membership.userId));
      if (!standing) throw new Error('a membership conflicted with one that cannot be found');
      return { added: false, membership: standing };
    });
  }

  async findById(id: string): Promise<Membership | null> {
    const row = await this.database.em.findOne(MembershipRow, { id }, FRESH);
    return row ? toMembership(row) : null;
  }

  async findBySubscription(subscriptionId: string): Promise<Membership | null> {
    const row = await this.database.em.findOne(MembershipRow, { subscriptionId }, FRESH);
    return row ? toMembership(row) : null;
  }

  async findLive(userId: string): Promise<Membership | null> {
    const row = await this.database.em.findOne(MembershipRow, { userId, status: { $in: LIVE } }, FRESH);
    return row ? toMembership(row) : null;
  }

  async latestOf(userId: string): Promise<Membership | null> {
    const row = await this.database.em.findOne(
      MembershipRow,
      { userId },
      { ...FRESH, orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return row ? toMembership(row) : null;
  }

  async update(
    id: string,
    expected: MembershipExpectation,
    changes: MembershipChanges,
  ): Promise<MembershipUpdate | null> {
    return this.database.transactional(async () => {
      // the member's row first, then the membership (docs/decisions/0050-counts-lock-order-and-busy-503.md)
      await this.database.em.execute(
        `select 1 from "users" where "id" = (select "user_id" from "memberships" where "id" = ?) for no key update`,
        [id],
      );
      const rows = await this.database.em.execute<Array<{ id: string }>>(
        `select "id" from "memberships" where "id" = ? for no key update`,
        [id],
      );
      if (rows.length === 0) return null;
      const before = await this.findById(id);
      if (!before) return null;
      if (expected.status && !expected.status.includes(before.status)) return null;
      if (expected.tierId !== undefined && before.tierId !== expected.tierId) return null;
      if (expected.currentPeriodEnd && before.currentPeriodEnd.getTime() !== expected.currentPeriodEnd.getTime())
        return null;
      if (expected.pendingTierId !== undefined && before.pendingTierId !== expected.pendingTierId) return null;
      await this.database.em.nativeUpdate(MembershipRow, { id }, { ...changes });
      // the row read under the lock, with what was written: nothing else changes it before the lock is let go
      const after: Membership = { ...before, ...changes };
      await this.record(eventsOfChange(before, after, changes.updatedAt));
      return { membership: after, previous: before };
    });
  }

  async due(now: Date, limit: number): Promise<Membership[]> {
    const rows = await this.database.em.find(
      MembershipRow,
      {
        $or: [
          { status: 'active', currentPeriodEnd: { $lte: now } },
          { status: 'past_due', graceUntil: { $lte: now } },
        ],
      },
      { ...FRESH, orderBy: { currentPeriodEnd: 'asc', id: 'asc' }, limit },
    );
    return rows.map(toMembership);
  }

  async list(query: MembershipListQuery): Promise<Membership[]> {
    const rows = await this.database.em.find(MembershipRow, query.status ? { status: query.status } : {}, {
      ...FRESH,
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: query.limit ?? 500,
    });
    return rows.map(toMembership);
  }

  async renewing(): Promise<Membership[]> {
    const rows = await this.database.em.find(
      MembershipRow,
      { status: 'active', cancelAtPeriodEnd: false },
      { ...FRESH, orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return rows.map(toMembership);
  }

  async eventsOf(userId: string, limit: number): Promise<MembershipEvent[]> {
    const rows = await this.database.query<{
      id: string | number;
      membership_id: string;
      user_id: string;
      kind: string;
      tier_id: string;
      detail: string | null;
      created_at: string | Date;
    }>(
      `select "id", "membership_id", "user_id", "kind", "tier_id", "detail", "created_at" from "membership_events"
       where "user_id" = ? order by "created_at" desc, "id" desc limit ${Math.floor(limit)}`,
      [userId],
    );
    return rows.map((row) => ({
      id: String(row.id),
      membershipId: row.membership_id,
      userId: row.user_id,
      kind: row.kind as MembershipEventKind,
      tierId: row.tier_id,
      detail: row.detail,
      at: new Date(row.created_at),
    }));
  }

  private async record(events: MembershipEventDraft[]): Promise<void> {
    for (const event of events)
      await this.database.em.execute(
        `insert into "membership_events" ("membership_id", "user_id", "kind", "tier_id", "detail", "created_at") values (?, ?, ?, ?, ?, ?)`,
        [event.membershipId, event.userId, event.kind, event.tierId, event.detail, event.at],
      );
  }

  async providerCheckDue(gateway: PaymentGatewayName, before: Date, limit: number): Promise<Membership[]> {
    const rows = await this.database.em.find(
      MembershipRow,
      {
        status: { $in: LIVE },
        gateway,
        // a gifted pass has no subscription at any provider
        $not: { subscriptionId: { $like: `${GIFT_SUBSCRIPTION_PREFIX}%` } },
        $or: [{ providerCheckedAt: null }, { providerCheckedAt: { $lt: before } }],
      },
      { ...FRESH, orderBy: { providerCheckedAt: 'asc nulls first', id: 'asc' }, limit },
    );
    return rows.map(toMembership);
  }

  async liveByTier(): Promise<Record<string, number>> {
    const rows = await this.database.em.execute<Array<{ tier_id: string; count: string | number }>>(
      `select "tier_id", count(*) as "count" from "memberships" where "status" in ('active', 'past_due') group by "tier_id"`,
    );
    return Object.fromEntries(rows.map((row) => [row.tier_id, Number(row.count)]));
  }
}

function toMembership(row: InferEntity<typeof MembershipRow>): Membership {
  return {
    id: row.id,
    userId: row.userId,
    tierId: row.tierId,
    status: row.status as MembershipStatus,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    pendingTierId: row.pendingTierId ?? null,
    gateway: row.gateway as Membership['gateway'],
    subscriptionId: row.subscriptionId,
    paymentRef: row.paymentRef ?? null,
    anchor: row.anchor,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    graceUntil: row.graceUntil ?? null,
    startedAt: row.startedAt,
    endedAt: row.endedAt ?? null,
    endReason: row.endReason ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    // absent until the provider was heard from or asked, as on a membership just built
    ...(row.providerEventAt ? { providerEventAt: row.providerEventAt } : {}),
    ...(row.providerCheckedAt ? { providerCheckedAt: row.providerCheckedAt } : {}),
  };
}
