import { codeKey, type Creator } from '../../core/creators/model/creator.ts';
import type { AddCreatorOutcome, CreatorRepository, CreatorSales } from '../../core/creators/ports.ts';
import type { Purchase } from '../../core/purchases/model/purchase.ts';
import { snapshotMap, type SnapshotStore } from './in-memory-transactions.ts';

const TAKEN_BACK = new Set(['refunded', 'disputed']);

/** Creators by id; their sales are read from the purchases `purchases` answers (the in-memory store's). */
export class InMemoryCreatorRepository implements CreatorRepository, SnapshotStore {
  private readonly rows = new Map<string, Creator>();

  constructor(private readonly purchases: () => Promise<Purchase[]>) {}

  snapshot(): () => void {
    return snapshotMap(this.rows);
  }

  // no await before the write: concurrent adds in this process cannot interleave
  async add(creator: Creator): Promise<AddCreatorOutcome> {
    const all = [...this.rows.values()];
    if (all.some((row) => row.userId === creator.userId)) return 'already_creator';
    if (all.some((row) => codeKey(row.code) === codeKey(creator.code))) return 'code_taken';
    this.rows.set(creator.id, structuredClone(creator));
    return 'added';
  }

  async findByCode(code: string): Promise<Creator | null> {
    const found = [...this.rows.values()].find((row) => codeKey(row.code) === codeKey(code));
    return found ? structuredClone(found) : null;
  }

  async findByUser(userId: string): Promise<Creator | null> {
    const found = [...this.rows.values()].find((row) => row.userId === userId);
    return found ? structuredClone(found) : null;
  }

  async list(): Promise<Creator[]> {
    return [...this.rows.values()]
      .sort((a, b) => (codeKey(a.code) < codeKey(b.code) ? -1 : 1))
      .map((row) => structuredClone(row));
  }

  async disable(code: string, at: Date): Promise<Creator | null> {
    const found = [...this.rows.values()].find((row) => codeKey(row.code) === codeKey(code));
    if (!found) return null;
    found.disabledAt ??= at;
    return structuredClone(found);
  }

  async sales(period: { from: Date; to: Date }, creatorId?: string): Promise<CreatorSales[]> {
    const totals = new Map<string, CreatorSales>();
    for (const purchase of await this.purchases()) {
      const id = purchase.creator?.id;
      const at = purchase.completedAt;
      if (!id || !at || at < period.from || at >= period.to) continue;
      if (creatorId !== undefined && id !== creatorId) continue;
      const row = totals.get(id) ?? { creatorId: id, sales: 0, takenCents: 0, refunds: 0, refundedCents: 0 };
      const cents = purchase.amountPaidCents ?? purchase.priceCents;
      if (purchase.status === 'completed') {
        row.sales += 1;
        row.takenCents += cents;
      } else if (TAKEN_BACK.has(purchase.status)) {
        row.refunds += 1;
        row.refundedCents += cents;
      } else continue;
      totals.set(id, row);
    }
    return [...totals.values()];
  }
}
