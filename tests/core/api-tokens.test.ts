import { describe, expect, it } from 'vitest';
import { apiTokenHash } from '../../core/api-tokens/model/secret.ts';
import { checkScope } from '../../core/api-tokens/model/caller.ts';
import { composeInMemory } from '../support/compose-in-memory.ts';

function fixture() {
  let now = new Date('2026-12-01T12:00:00Z');
  const memory = composeInMemory({ clock: { now: () => new Date(now) } });
  const { core, stores } = memory;
  const account = (discordId: string, admin = true) =>
    stores.users.upsertIdentity(
      { discordId, discordUsername: `owner${discordId.slice(-4)}`, username: null },
      { newId: crypto.randomUUID(), now, admin },
    );
  return {
    core,
    stores,
    account,
    advance: (seconds: number) => {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}

describe('API tokens', () => {
  it('stores the hash of a secret answered once, and finds the token by it with its creator', async () => {
    const { core, account } = fixture();
    const admin = await account('100000000000000001');
    const made = await core.apiTokens.create.execute({
      token: { name: 'Board', scopes: ['players:read', 'purchases:read', 'players:read'] },
      actor: admin,
    });
    expect(made.token.scopes).toEqual(['purchases:read', 'players:read']);
    expect(made.token.tokenHash).toBe(apiTokenHash(made.secret));
    expect(JSON.stringify(made.token)).not.toContain(made.secret);
    const caller = await core.apiTokens.authenticate.execute(made.secret);
    expect([caller.token.id, caller.creator?.id]).toEqual([made.token.id, admin.id]);
    expect(() => checkScope(caller, 'players:read')).not.toThrow();
    expect(() => checkScope(caller, 'memberships:read')).toThrow(
      'This token does not hold the memberships:read scope.',
    );
  });

  it('refuses a maker without the permission, and a creator banned since', async () => {
    const { core, account, stores } = fixture();
    const player = await account('100000000000000002', false);
    await expect(
      core.apiTokens.create.execute({ token: { name: 'Mine', scopes: ['players:read'] }, actor: player }),
    ).rejects.toThrow('API tokens need the "Manage webhooks and API tokens" permission.');
    const admin = await account('100000000000000003');
    const made = await core.apiTokens.create.execute({
      token: { name: 'Ops', scopes: ['players:read'] },
      actor: admin,
    });
    await stores.users.setBan(admin.id, { at: new Date(), reason: 'gone' }, new Date());
    const caller = await core.apiTokens.authenticate.execute(made.secret);
    expect(() => checkScope(caller, 'players:read')).toThrow(
      `The players:read scope needs the token's creator to hold "View players", and they no longer do.`,
    );
  });

  it('notes its last use at most once a minute', async () => {
    const { core, account, advance } = fixture();
    const admin = await account('100000000000000004');
    const made = await core.apiTokens.create.execute({
      token: { name: 'Poll', scopes: ['players:read'] },
      actor: admin,
    });
    const lastUse = async () => (await core.apiTokens.list.execute({ actor: admin }))[0]!.lastUsedAt?.toISOString();
    await core.apiTokens.authenticate.execute(made.secret);
    const first = await lastUse();
    expect(first).toBe('2026-12-01T12:00:00.000Z');
    advance(59);
    await core.apiTokens.authenticate.execute(made.secret);
    expect(await lastUse()).toBe(first);
    advance(1);
    await core.apiTokens.authenticate.execute(made.secret);
    expect(await lastUse()).toBe('2026-12-01T12:01:00.000Z');
  });

  it('refuses no token, an unknown one and a revoked one, and records the first revoke only', async () => {
    const { core, account, advance } = fixture();
    const admin = await account('100000000000000005');
    await expect(core.apiTokens.authenticate.execute(null)).rejects.toMatchObject({ code: 'API_TOKEN_REQUIRED' });
    await expect(core.apiTokens.authenticate.execute('bbt_unknown')).rejects.toMatchObject({
      code: 'API_TOKEN_INVALID',
    });
    const made = await core.apiTokens.create.execute({
      token: { name: 'Gone', scopes: ['players:read'] },
      actor: admin,
    });
    const revoked = await core.apiTokens.revoke.execute({ id: made.token.id, actor: admin });
    advance(5);
    const again = await core.apiTokens.revoke.execute({ id: made.token.id, actor: null });
    expect(again.revokedAt).toEqual(revoked.revokedAt);
    expect(again.revokedByName).toBe(revoked.revokedByName);
    await expect(core.apiTokens.authenticate.execute(made.secret)).rejects.toThrow('This API token was revoked.');
  });
});
