import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../support/cli.ts';
import { randomDiscordId, signIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

describe('cli users permissions', () => {
  let server: TestServer;
  let env: Record<string, string>;
  const dataDir = mkdtempSync(join(tmpdir(), 'cli-permissions-'));
  const mod = randomDiscordId();
  const ada = randomDiscordId();
  const sam = randomDiscordId();

  beforeAll(async () => {
    server = await sharedTestServer();
    env = { DATABASE_URL: server.system.database.url, DATA_DIR: dataDir };
    await signIn(server, { discordId: mod, username: 'Mod', role: 'staff' });
    await signIn(server, { discordId: ada, username: 'Ada', role: 'admin' });
    await signIn(server, { discordId: sam, username: 'Sam', role: 'staff' });
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = (...args: string[]) => runCliInProcess(args, env);
  const actionsOf = (discordId: string) =>
    server.system.database.query<Record<string, unknown>>(
      `select a."action", a."permission", a."before", a."after", a."reason", a."actor_name", a."channel"
       from "account_actions" a join "users" u on u."id" = a."user_id" where u."discord_id" = ? order by a."seq"`,
      [discordId],
    );

  it('with no flags shows every permission, whether held, and where it comes from', async () => {
    const result = await cli('users', 'permissions', mod);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Permissions of Mod (${mod}), role staff:`);
    expect(result.stdout).toMatch(/yes\s+review-whitelist\s+from the role\s+Review whitelist applications/);
    expect(result.stdout).toMatch(/no\s+refund\s+-\s+Issue refunds/);
    // users show lists what they hold
    const shown = await cli('users', 'show', mod);
    expect(shown.stdout).toContain('Permissions:  review-whitelist, review-appeals, view-players');
  });

  it('grants and revokes on top of the role, writes the log, and the web session sees it at once', async () => {
    const session = await signIn(server, { discordId: mod, username: 'Mod' });
    const result = await cli(
      'users',
      'permissions',
      mod,
      '--grant',
      'refund',
      '--revoke',
      'review-appeals',
      '--as',
      ada,
      '--reason',
      'Handles refunds',
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Granted refund.');
    expect(result.stdout).toContain('Revoked review-appeals.');
    expect(result.stdout).toMatch(/yes\s+refund\s+granted/);
    expect(result.stdout).toMatch(/yes\s+view-purchases\s+comes with refund/);
    expect(result.stdout).toMatch(/no\s+review-appeals\s+revoked from the role/);
    const me = await fetch(`${server.url}/api/auth/user`, { headers: { Cookie: session.cookie } });
    expect((await me.json()).permissions.sort()).toEqual([
      'refund',
      'review-whitelist',
      'view-players',
      'view-purchases',
    ]);
    expect(await actionsOf(mod)).toEqual([
      {
        action: 'grant_permission',
        permission: 'refund',
        before: 'not held',
        after: 'held',
        reason: 'Handles refunds',
        actor_name: 'Ada',
        channel: 'cli',
      },
      {
        action: 'revoke_permission',
        permission: 'review-appeals',
        before: 'held',
        after: 'not held',
        reason: 'Handles refunds',
        actor_name: 'Ada',
        channel: 'cli',
      },
    ]);
    const again = await cli('users', 'permissions', mod, '--grant', 'refund');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Nothing changed');
    expect(await actionsOf(mod)).toHaveLength(2);
    const json = JSON.parse((await cli('users', 'permissions', mod, '--json')).stdout);
    expect(json.permissions.find((p: { permission: string }) => p.permission === 'refund')).toMatchObject({
      held: true,
      source: 'granted',
    });
  });

  it('refuses an unknown permission, and an acting admin without the permission, changing nothing', async () => {
    const unknown = await cli('users', 'permissions', mod, '--grant', 'fly');
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('Unknown permission "fly"');
    const notAllowed = await cli('users', 'permissions', mod, '--grant', 'ban', '--as', sam);
    expect(notAllowed.code).not.toBe(0);
    expect(notAllowed.stderr).toContain('"Change roles and permissions" permission');
    expect(await actionsOf(mod)).toHaveLength(2);
    const missing = await cli('users', 'permissions', '99999999999999');
    expect(missing.code).not.toBe(0);
  });
});
