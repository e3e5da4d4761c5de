import type { SignInIdentity } from '../../core/users/model/identity.ts';
import type { UserQuery, UserRepository } from '../../core/users/ports.ts';
import { hasPermission, PERMISSIONS, type Permission } from '../../core/users/model/permissions.ts';
import type { AgeDeclaration } from '../../core/users/model/age.ts';
import type { Role, User } from '../../core/users/model/user.ts';
import { snapshotMap, type SnapshotStore } from './in-memory-transactions.ts';

/** Users stored in a map; the token ledger beside it moves their balances. */
export class InMemoryUserRepository implements UserRepository, SnapshotStore {
  /** by id; shared with InMemoryUserTokenLedger */
  readonly rows = new Map<string, User>();

  snapshot(): () => void {
    return snapshotMap(this.rows);
  }

  async findById(id: string): Promise<User | null> {
    const row = this.rows.get(id);
    return row ? structuredClone(row) : null;
  }

  async findByDiscordId(discordId: string): Promise<User | null> {
    for (const row of this.rows.values()) if (row.discordId === discordId) return structuredClone(row);
    return null;
  }

  async list(query: UserQuery): Promise<User[]> {
    return [...this.rows.values()]
      .filter((row) => !query.role || row.role === query.role)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map((row) => structuredClone(row));
  }

  async countMembers(): Promise<number> {
    return [...this.rows.values()].filter((row) => row.bannedAt === null).length;
  }

  async search(text: string, limit: number): Promise<User[]> {
    const needle = text.toLowerCase();
    const name = (row: User) => (row.username ?? row.discordUsername ?? '').toLowerCase();
    return [...this.rows.values()]
      .filter(
        (row) =>
          row.discordId === text ||
          (row.username ?? '').toLowerCase().includes(needle) ||
          (row.discordUsername ?? '').toLowerCase().includes(needle),
      )
      .sort(
        (a, b) =>
          Number(b.discordId === text) - Number(a.discordId === text) ||
          name(a).localeCompare(name(b)) ||
          a.createdAt.getTime() - b.createdAt.getTime(),
      )
      .slice(0, limit)
      .map((row) => structuredClone(row));
  }

  async upsertIdentity(identity: SignInIdentity, options: { newId: string; now: Date; admin: boolean }): Promise<User> {
    const existing = [...this.rows.values()].find((row) => row.discordId === identity.discordId);
    const profile = {
      discordUsername: identity.discordUsername,
      discordAvatar: identity.discordAvatar ?? null,
      discordDiscriminator: identity.discordDiscriminator ?? null,
    };
    if (existing) {
      Object.assign(existing, profile, {
        username: identity.username ?? existing.username,
        email: identity.email ?? existing.email,
        role: options.admin ? 'admin' : existing.role,
        updatedAt: options.now,
      });
      return structuredClone(existing);
    }
    const user: User = {
      id: options.newId,
      discordId: identity.discordId,
      ...profile,
      username: identity.username ?? null,
      email: identity.email ?? null,
      role: options.admin ? 'admin' : 'player',
      tokens: 0,
      boughtTokens: 0,
      isWhitelisted: false,
      whitelistTier: null,
      gangTier: null,
      bannedAt: null,
      banReason: null,
      permissionGrants: [],
      permissionRevocations: [],
      createdAt: options.now,
      updatedAt: options.now,
    };
    this.rows.set(user.id, user);
    return structuredClone(user);
  }

  async setRole(id: string, role: Role, now: Date): Promise<User | null> {
    return this.change(id, { role, updatedAt: now });
  }

  async declareAge(id: string, declaration: AgeDeclaration): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.ageDeclaration) return false;
    row.ageDeclaration = { ...declaration };
    return true;
  }

  async setBan(id: string, ban: { at: Date; reason: string } | null, now: Date): Promise<User | null> {
    return this.change(id, { bannedAt: ban?.at ?? null, banReason: ban?.reason ?? null, updatedAt: now });
  }

  async setPermissions(
    id: string,
    permissions: { grants: readonly Permission[]; revocations: readonly Permission[] },
    now: Date,
  ): Promise<User | null> {
    return this.change(id, {
      permissionGrants: [...permissions.grants],
      permissionRevocations: [...permissions.revocations],
      updatedAt: now,
    });
  }

  async lockAccessChanges(): Promise<void> {
    // in-memory transactions already run one at a time
  }

  async withAccess(): Promise<User[]> {
    return (await this.list({})).filter((row) => PERMISSIONS.some((permission) => hasPermission(row, permission)));
  }

  private change(id: string, changes: Partial<User>): User | null {
    const row = this.rows.get(id);
    if (!row) return null;
    Object.assign(row, changes);
    return structuredClone(row);
  }
}
