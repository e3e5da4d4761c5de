import { isGifted, isLive, type Membership } from '../../core/memberships/model/membership.ts';
import type {
  MembershipChanges,
  MembershipExpectation,
  MembershipListQuery,
  MembershipRepository,
  MembershipUpdate,
} from '../../core/memberships/ports.ts';
import type { PaymentGatewayName } from '../../core/purchases/model/purchase.ts';
import {
  eventsOfChange,
  type MembershipEvent,
  type MembershipEventDraft,
  startEvent,
} from '../../core/memberships/model/membership-events.ts';
import { snapshotMap, type SnapshotStore } from './in-memory-transactions.ts';

/** For core tests: one process, no awaits between a check and its write. */
export class InMemoryMembershipRepository implements MembershipRepository, SnapshotStore {
  private readonly rows = new Map<string, Membership>();
  private readonly events = new Map<string, MembershipEvent>();

  snapshot(): () => void {
    const rows = snapshotMap(this.rows);
    const events = snapshotMap(this.events);
    return () => {
      rows();
      events();
    };
  }

  private record(drafts: MembershipEventDraft[]): void {
    for (const event of drafts) {
      const id = String(this.events.size + 1);
      this.events.set(id, { ...event, id });
    }
  }

  async eventsOf(userId: string, limit: number): Promise<MembershipEvent[]> {
    return [...this.events.values()]
      .filter((event) => event.userId === userId)
      .sort((a, b) => b.at.getTime() - a.at.getTime() || Number(b.id) - Number(a.id))
      .slice(0, limit)
      .map((event) => structuredClone(event));
  }

  async add(membership: Membership): Promise<{ added: boolean; membership: Membership }> {
    const standing = [...this.rows.values()].find(
      (row) => row.subscriptionId === membership.subscriptionId || (row.userId === membership.userId && isLive(row)),
    );
    if (standing) return { added: false, membership: structuredClone(standing) };
    this.rows.set(membership.id, structuredClone(membership));
    this.record([startEvent(membership)]);
    return { added: true, membership: structuredClone(membership) };
  }

  async findById(id: string): Promise<Membership | null> {
    const row = this.rows.get(id);
    return row ? structuredClone(row) : null;
  }

  async findBySubscription(subscriptionId: string): Promise<Membership | null> {
    const row = [...this.rows.values()].find((candidate) => candidate.subscriptionId === subscriptionId);
    return row ? structuredClone(row) : null;
  }

  async findLive(userId: string): Promise<Membership | null> {
    const row = [...this.rows.values()].find((candidate) => candidate.userId === userId && isLive(candidate));
    return row ? structuredClone(row) : null;
  }

  async latestOf(userId: string): Promise<Membership | null> {
    const row = this.newestFirst().find((candidate) => candidate.userId === userId);
    return row ? structuredClone(row) : null;
  }

  async update(
    id: string,
    expected: MembershipExpectation,
    changes: MembershipChanges,
  ): Promise<MembershipUpdate | null> {
    const before = this.rows.get(id);
    if (!before) return null;
    if (expected.status && !expected.status.includes(before.status)) return null;
    if (expected.tierId !== undefined && before.tierId !== expected.tierId) return null;
    if (expected.currentPeriodEnd && before.currentPeriodEnd.getTime() !== expected.currentPeriodEnd.getTime())
      return null;
    if (expected.pendingTierId !== undefined && before.pendingTierId !== expected.pendingTierId) return null;
    const after = structuredClone({ ...before, ...changes });
    this.rows.set(id, after);
    this.record(eventsOfChange(before, after, changes.updatedAt));
    return { membership: structuredClone(after), previous: structuredClone(before) };
  }

  async due(now: Date, limit: number): Promise<Membership[]> {
    return [...this.rows.values()]
      .filter(
        (row) =>
          (row.status === 'active' && row.currentPeriodEnd <= now) ||
          (row.status === 'past_due' && row.graceUntil !== null && row.graceUntil <= now),
      )
      .sort((a, b) => a.currentPeriodEnd.getTime() - b.currentPeriodEnd.getTime() || a.id.localeCompare(b.id))
      .slice(0, limit)
      .map((row) => structuredClone(row));
  }

  async list(query: MembershipListQuery): Promise<Membership[]> {
    return this.newestFirst()
      .filter((row) => !query.status || row.status === query.status)
      .slice(0, query.limit ?? 500)
      .map((row) => structuredClone(row));
  }

  async liveByTier(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const row of this.rows.values()) if (isLive(row)) counts[row.tierId] = (counts[row.tierId] ?? 0) + 1;
    return counts;
  }

  async renewing(): Promise<Membership[]> {
    return this.newestFirst()
      .reverse()
      .filter((row) => row.status === 'active' && !row.cancelAtPeriodEnd)
      .map((row) => structuredClone(row));
  }

  async providerCheckDue(gateway: PaymentGatewayName, before: Date, limit: number): Promise<Membership[]> {
    const checked = (row: Membership) => row.providerCheckedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    return [...this.rows.values()]
      .filter((row) => isLive(row) && row.gateway === gateway && !isGifted(row) && checked(row) < before.getTime())
      .sort((a, b) => checked(a) - checked(b) || a.id.localeCompare(b.id))
      .slice(0, limit)
      .map((row) => structuredClone(row));
  }

  private newestFirst(): Membership[] {
    return [...this.rows.values()].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id),
    );
  }
}
