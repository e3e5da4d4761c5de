import { GIVING_ACTIONS, type Grant, type GrantEvent, type GrantWithTimeline } from '../../core/grants/model/grant.ts';
import type { GrantChange, GrantClaim, GrantQueue, GrantSettlement } from '../../core/grants/ports.ts';
import { snapshotMap, type SnapshotStore } from './in-memory-transactions.ts';

/** The grants in memory, for the core's tests; the same rules as the Postgres queue. */
export class InMemoryGrantQueue implements GrantQueue, SnapshotStore {
  private readonly grants = new Map<string, Grant>();
  private readonly events: GrantEvent[] = [];

  snapshot(): () => void {
    const restoreGrants = snapshotMap(this.grants);
    const length = this.events.length;
    return () => {
      restoreGrants();
      this.events.length = length;
    };
  }

  async add(grants: readonly Grant[], events: readonly GrantEvent[]): Promise<void> {
    const taken = new Set([...this.grants.values()].map((grant) => grant.dedupeKey));
    const added = new Set<string>();
    for (const grant of grants) {
      if (taken.has(grant.dedupeKey)) continue;
      taken.add(grant.dedupeKey);
      this.grants.set(grant.id, { ...grant });
      added.add(grant.id);
    }
    const adding = new Set(grants.map((grant) => grant.id));
    this.events.push(...events.filter((event) => !adding.has(event.grantId) || added.has(event.grantId)));
  }

  async claim(claim: GrantClaim): Promise<{ grants: Grant[]; more: boolean }> {
    const online = new Set(claim.online);
    const due = this.sorted()
      .filter(
        (grant) =>
          (grant.status === 'queued' ||
            (grant.status === 'offered' && (grant.leaseUntil?.getTime() ?? 0) <= claim.now.getTime())) &&
          (!grant.needsOnline || online.has(grant.discordId)),
      )
      .slice(0, claim.limit);
    const claimed = due.map((grant) =>
      this.put({
        ...grant,
        status: 'offered',
        offers: grant.offers + 1,
        leaseUntil: claim.leaseUntil,
        server: claim.server,
        updatedAt: claim.now,
      }),
    );
    for (const grant of claimed) this.line(grant, 'offered', claim.now, null);
    return { grants: claimed, more: claimed.length >= claim.limit };
  }

  async lock(ids: readonly string[]): Promise<Grant[]> {
    return ids.flatMap((id) => {
      const grant = this.grants.get(id);
      return grant ? [{ ...grant }] : [];
    });
  }

  async settle(settlement: GrantSettlement): Promise<Grant[]> {
    return settlement.outcomes.flatMap(({ id, ok, message }) => {
      const grant = this.grants.get(id);
      if (grant?.status !== 'offered') return [];
      const settled = this.put({
        ...grant,
        status: ok ? 'ran' : 'failed',
        ranAt: ok ? settlement.now : null,
        server: settlement.server,
        result: message,
        leaseUntil: null,
        updatedAt: settlement.now,
      });
      this.line(settled, settled.status === 'ran' ? 'ran' : 'failed', settlement.now, message);
      return [settled];
    });
  }

  async releaseHeld(purchaseId: string, now: Date): Promise<Grant[]> {
    const giving = this.sorted().filter(
      (grant) => grant.purchaseId === purchaseId && GIVING_ACTIONS.includes(grant.action),
    );
    if (giving.some((grant) => grant.status === 'offered')) return [];
    const gave = giving.some((grant) => grant.status === 'ran' || grant.status === 'done_by_hand');
    return this.sorted()
      .filter((grant) => grant.purchaseId === purchaseId && grant.status === 'held')
      .map((grant) => {
        const result = gave ? null : 'Nothing was given in the game, so there is nothing to reverse.';
        const moved = this.put({ ...grant, status: gave ? 'queued' : 'cancelled', result, updatedAt: now });
        this.line(moved, gave ? 'released' : 'cancelled', now, result);
        return moved;
      });
  }

  async givingGrantsOf(purchaseId: string): Promise<Grant[]> {
    return this.sorted().filter((grant) => grant.purchaseId === purchaseId && GIVING_ACTIONS.includes(grant.action));
  }

  async change(change: GrantChange): Promise<Grant | null> {
    const grant = this.grants.get(change.id);
    if (!grant || !change.from.includes(grant.status)) return null;
    const moved = this.put({
      ...grant,
      status: change.to,
      result: change.result ?? grant.result,
      leaseUntil: null,
      updatedAt: change.event.at,
    });
    this.events.push({ ...change.event, grantId: grant.id });
    return moved;
  }

  async findById(id: string): Promise<GrantWithTimeline | null> {
    const grant = this.grants.get(id);
    return grant ? this.withTimeline(grant) : null;
  }

  async list(query: { statuses?: readonly string[]; userId?: string; limit: number }): Promise<GrantWithTimeline[]> {
    return this.sorted()
      .reverse()
      .filter((grant) => !query.statuses || query.statuses.includes(grant.status))
      .filter((grant) => !query.userId || grant.userId === query.userId)
      .slice(0, query.limit)
      .map((grant) => this.withTimeline(grant));
  }

  async forPurchases(purchaseIds: readonly string[]): Promise<GrantWithTimeline[]> {
    return this.sorted()
      .filter((grant) => grant.purchaseId !== null && purchaseIds.includes(grant.purchaseId))
      .map((grant) => this.withTimeline(grant));
  }

  private withTimeline(grant: Grant): GrantWithTimeline {
    return { ...grant, timeline: this.events.filter((event) => event.grantId === grant.id) };
  }

  private sorted(): Grant[] {
    return [...this.grants.values()]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.dedupeKey.localeCompare(b.dedupeKey))
      .map((grant) => ({ ...grant }));
  }

  private put(grant: Grant): Grant {
    this.grants.set(grant.id, grant);
    return { ...grant };
  }

  private line(grant: Grant, kind: GrantEvent['kind'], at: Date, message: string | null): void {
    this.events.push({ grantId: grant.id, kind, at, server: grant.server, message, actor: null });
  }
}
