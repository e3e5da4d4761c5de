import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { InMemoryApiTokenRepository } from '../../adapters/memory/in-memory-api-token-repository.ts';
import { MikroOrmApiTokenRepository } from '../../adapters/persistence/mikro-orm-api-token-repository.ts';
import type { ApiToken } from '../../core/api-tokens/model/api-token.ts';
import { apiTokenHash, newApiTokenSecret } from '../../core/api-tokens/model/secret.ts';
import type { ApiTokenRepository } from '../../core/api-tokens/ports.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';

interface Harness {
  tokens: ApiTokenRepository;
  addUser(): Promise<string>;
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => ({
    tokens: new InMemoryApiTokenRepository(),
    addUser: async () => randomUUID(),
    run: (work) => work(),
  }),
  database: (db) => ({
    tokens: new MikroOrmApiTokenRepository(db.database),
    addUser: db.addUser,
    run: (work) => db.database.withContext(work),
  }),
};

const at = (iso: string) => new Date(iso);

describeRepositoryContract('API tokens', adapters, (h) => {
  const stored = async (fields: Partial<ApiToken> = {}): Promise<ApiToken> => {
    const creator = await h.addUser();
    const token: ApiToken = {
      id: randomUUID(),
      name: 'Stats board',
      scopes: ['purchases:read', 'players:read'],
      tokenHash: apiTokenHash(newApiTokenSecret()),
      createdById: creator,
      createdByName: 'Ada',
      createdAt: at('2026-12-01T10:00:00Z'),
      lastUsedAt: null,
      revokedAt: null,
      revokedById: null,
      revokedByName: null,
      ...fields,
    };
    await h.run(() => h.tokens.add(token));
    return token;
  };

  it('finds a token by the hash of its secret and by id, as it was stored', async () => {
    const token = await stored();
    expect(await h.run(() => h.tokens.findByHash(token.tokenHash))).toEqual(token);
    expect(await h.run(() => h.tokens.findById(token.id))).toEqual(token);
    expect(await h.run(() => h.tokens.findByHash(apiTokenHash('bbt_other')))).toBeNull();
  });

  it('refuses a second token with the same hash', async () => {
    const token = await stored();
    await expect(stored({ tokenHash: token.tokenHash })).rejects.toThrow();
  });

  it('lists the newest first, at most the limit', async () => {
    const older = await stored({ createdAt: at('2026-11-01T00:00:00Z') });
    const newer = await stored({ createdAt: at('2030-01-01T00:00:00Z') });
    const listed = await h.run(() => h.tokens.list(500));
    expect(listed[0]?.id).toBe(newer.id);
    expect(listed.findIndex((t) => t.id === older.id)).toBeGreaterThan(0);
    expect(await h.run(() => h.tokens.list(1))).toHaveLength(1);
  });

  it('records the first revoke only, and answers null for an unknown id', async () => {
    const token = await stored();
    const admin = await h.addUser();
    const first = await h.run(() => h.tokens.revoke(token.id, { id: admin, name: 'Ada' }, at('2026-12-01T11:00:00Z')));
    expect(first).toMatchObject({ revokedAt: at('2026-12-01T11:00:00Z'), revokedById: admin, revokedByName: 'Ada' });
    const second = await h.run(() =>
      h.tokens.revoke(token.id, { id: null, name: 'Terminal' }, at('2026-12-01T12:00:00Z')),
    );
    expect(second).toEqual(first);
    expect(await h.run(() => h.tokens.revoke(randomUUID(), { id: null, name: 'x' }, new Date()))).toBeNull();
  });

  it('writes the last use only where the stored one is none or old enough', async () => {
    const token = await stored();
    await h.run(() => h.tokens.touch(token.id, at('2026-12-01T10:05:00Z'), at('2026-12-01T10:04:00Z')));
    const lastUse = async () => (await h.run(() => h.tokens.findById(token.id)))?.lastUsedAt;
    expect(await lastUse()).toEqual(at('2026-12-01T10:05:00Z'));
    // thirty at once, within the minute: none of them writes
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        h.run(() => h.tokens.touch(token.id, at(`2026-12-01T10:05:${String(i + 10)}Z`), at('2026-12-01T10:04:30Z'))),
      ),
    );
    expect(await lastUse()).toEqual(at('2026-12-01T10:05:00Z'));
    await h.run(() => h.tokens.touch(token.id, at('2026-12-01T10:06:00Z'), at('2026-12-01T10:05:00Z')));
    expect(await lastUse()).toEqual(at('2026-12-01T10:06:00Z'));
  });
});
