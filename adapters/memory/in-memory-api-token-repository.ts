import type { ApiToken } from '../../core/api-tokens/model/api-token.ts';
import type { ApiTokenRepository } from '../../core/api-tokens/ports.ts';
import { snapshotMap, type SnapshotStore } from './in-memory-transactions.ts';

/** The API tokens, in memory. */
export class InMemoryApiTokenRepository implements ApiTokenRepository, SnapshotStore {
  private readonly rows = new Map<string, ApiToken>();

  snapshot(): () => void {
    return snapshotMap(this.rows);
  }

  async add(token: ApiToken): Promise<void> {
    if ([...this.rows.values()].some((row) => row.tokenHash === token.tokenHash))
      throw new Error('An API token with this hash exists.');
    this.rows.set(token.id, structuredClone(token));
  }

  async list(limit: number): Promise<ApiToken[]> {
    return [...this.rows.values()]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .slice(0, limit)
      .map((row) => structuredClone(row));
  }

  async findById(id: string): Promise<ApiToken | null> {
    const row = this.rows.get(id);
    return row ? structuredClone(row) : null;
  }

  async findByHash(tokenHash: string): Promise<ApiToken | null> {
    const row = [...this.rows.values()].find((candidate) => candidate.tokenHash === tokenHash);
    return row ? structuredClone(row) : null;
  }

  async revoke(id: string, by: { id: string | null; name: string }, at: Date): Promise<ApiToken | null> {
    const row = this.rows.get(id);
    if (!row) return null;
    if (!row.revokedAt) Object.assign(row, { revokedAt: at, revokedById: by.id, revokedByName: by.name });
    return structuredClone(row);
  }

  async touch(id: string, at: Date, staleBefore: Date): Promise<void> {
    const row = this.rows.get(id);
    if (row && (!row.lastUsedAt || row.lastUsedAt <= staleBefore)) row.lastUsedAt = at;
  }
}
