import type { InferEntity } from '@mikro-orm/core';
import type { SignInIdentity } from '../../core/users/model/identity.ts';
import type { UserQuery, UserRepository } from '../../core/users/ports.ts';
import type { Permission } from '../../core/users/model/permissions.ts';
import type { AgeAnswer, AgeDeclaration } from '../../core/users/model/age.ts';
import type { Role, User } from '../../core/users/model/user.ts';
import type { Database } from './database.ts';
import { UserRow } from './entities.ts';
import { fromColumns } from './list-rows.ts';

// reads skip the identity map: a role changed or tokens credited moments ago must read as changed
const FRESH = { disableIdentityMap: true } as const;

export class MikroOrmUserRepository implements UserRepository {
  constructor(private readonly database: Database) {}

  async findById(id: string): Promise<User | null> {
    if (!isUuid(id)) return null;
    const row = await this.database.em.findOne(UserRow, { id }, FRESH);
    return row ? toUser(row) : null;
  }

  async findByDiscordId(discordId: string): Promise<User | null> {
    const row = await this.database.em.findOne(UserRow, { discordId }, FRESH);
    return row ? toUser(row) : null;
  }

  async list(query: UserQuery): Promise<User[]> {
    const rows = await this.database.em.find(UserRow, query.role ? { role: query.role } : {}, {
      ...FRESH,
      orderBy: { createdAt: 'asc', id: 'asc' },
    });
    return rows.map(toUser);
  }

  async countMembers(): Promise<number> {
    return this.database.em.count(UserRow, { bannedAt: null });
  }

  async search(text: string, limit: number): Promise<User[]> {
    const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await this.database.em.execute<Record<string, unknown>[]>(
      `select * from "users"
       where "discord_id" = ? or lower("username") like ? or lower("discord_username") like ?
       order by ("discord_id" = ?) desc, lower(coalesce("username", "discord_username", '')), "created_at", "id"
       limit ?`,
      [text, pattern, pattern, text, limit],
    );
    return rows.map(userFromColumns);
  }

  async upsertIdentity(identity: SignInIdentity, options: { newId: string; now: Date; admin: boolean }): Promise<User> {
    // one statement, so two sign-ins racing for a new discordId still give one user
    const [row] = await this.database.em.execute<{ id: string }[]>(
      `insert into "users" ("id", "discord_id", "discord_username", "username", "email", "discord_avatar", "discord_discriminator", "role", "created_at", "updated_at")
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict ("discord_id") do update set
         "discord_username" = excluded."discord_username",
         "username" = coalesce(excluded."username", "users"."username"),
         "email" = coalesce(excluded."email", "users"."email"),
         "discord_avatar" = excluded."discord_avatar",
         "discord_discriminator" = excluded."discord_discriminator",
         "role" = case when ? then 'admin' else "users"."role" end,
         "updated_at" = excluded."updated_at"
       returning "id"`,
      [
        options.newId,
        identity.discordId,
        identity.discordUsername,
        identity.username ?? null,
        identity.email ?? null,
        identity.discordAvatar ?? null,
        identity.discordDiscriminator ?? null,
        options.admin ? 'admin' : 'player',
        options.now,
        options.now,
        options.admin,
      ],
    );
    this.database.changed(`user:${row.id}`);
    const user = await this.findById(row.id);
    if (!user) throw new Error('The signed-in user vanished right after it was stored.');
    return user;
  }

  async setRole(id: string, role: Role, now: Date): Promise<User | null> {
    return this.change(id, { role, updatedAt: now });
  }

  async declareAge(id: string, declaration: AgeDeclaration): Promise<boolean> {
    if (!isUuid(id)) return false;
    const written = await this.database.em.nativeUpdate(
      UserRow,
      { id, ageDeclaredAt: null },
      { ageDeclaration: declaration.answer, ageDeclaredAt: declaration.at },
    );
    // the account's pages read it at once, in every process
    if (written === 1) this.database.changed(`user:${id}`);
    return written === 1;
  }

  async setBan(id: string, ban: { at: Date; reason: string } | null, now: Date): Promise<User | null> {
    return this.change(id, { bannedAt: ban?.at ?? null, banReason: ban?.reason ?? null, updatedAt: now });
  }

  async setPermissions(
    id: string,
    permissions: { grants: readonly Permission[]; revocations: readonly Permission[] },
    now: Date,
  ): Promise<User | null> {
    if (!isUuid(id)) return null;
    await this.database.em.execute(
      `update "users" set "permission_grants" = ?::jsonb, "permission_revocations" = ?::jsonb, "updated_at" = ? where "id" = ?`,
      [JSON.stringify(permissions.grants), JSON.stringify(permissions.revocations), now, id],
    );
    this.database.changed(`user:${id}`);
    return this.findById(id);
  }

  async lockAccessChanges(): Promise<void> {
    // one transaction-scoped advisory lock for every change of who holds which permission
    await this.database.em.execute(`select pg_advisory_xact_lock(${ACCESS_LOCK})`);
  }

  async withAccess(): Promise<User[]> {
    const rows = await this.database.em.execute<Record<string, unknown>[]>(
      `select * from "users" where "banned_at" is null and ("role" <> 'player' or "permission_grants" <> '[]'::jsonb)
       order by "created_at", "id"`,
    );
    return rows.map(userFromColumns);
  }

  private async change(id: string, changes: Partial<InferEntity<typeof UserRow>>): Promise<User | null> {
    if (!isUuid(id)) return null;
    const changed = await this.database.em.nativeUpdate(UserRow, { id }, changes);
    // a role or a ban applies to the user's very next request, in this process too
    this.database.changed(`user:${id}`);
    return changed === 1 ? this.findById(id) : null;
  }
}

/** the advisory lock key of changes to who holds which permission ('bayou access' in the key's digits) */
const ACCESS_LOCK = 7_370_001;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id finds nobody (rather than a database cast error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A users row as plain SQL returns it (snake_case columns). */
export function userFromColumns(row: Record<string, unknown>): User {
  return toUser(fromColumns<InferEntity<typeof UserRow>>(row));
}

function toUser(row: InferEntity<typeof UserRow>): User {
  return {
    id: row.id,
    discordId: row.discordId,
    discordUsername: row.discordUsername ?? null,
    username: row.username ?? null,
    email: row.email ?? null,
    discordAvatar: row.discordAvatar ?? null,
    discordDiscriminator: row.discordDiscriminator ?? null,
    role: row.role as Role,
    tokens: row.tokens,
    boughtTokens: row.boughtTokens,
    isWhitelisted: row.isWhitelisted,
    whitelistTier: row.whitelistTier ?? null,
    gangTier: row.gangTier ?? null,
    bannedAt: row.bannedAt ?? null,
    banReason: row.banReason ?? null,
    permissionGrants: jsonList(row.permissionGrants),
    permissionRevocations: jsonList(row.permissionRevocations),
    ageDeclaration:
      row.ageDeclaration && row.ageDeclaredAt
        ? { answer: row.ageDeclaration as AgeAnswer, at: row.ageDeclaredAt }
        : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A jsonb list of names as either driver hands it over (parsed, or as its text). */
function jsonList(value: unknown): string[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}
