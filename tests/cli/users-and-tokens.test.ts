import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../support/cli.ts';
import { randomDiscordId, signIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

describe('cli users and tokens', () => {
  let server: TestServer;
  let env: Record<string, string>;
  const dataDir = mkdtempSync(join(tmpdir(), 'cli-users-'));
  const remy = randomDiscordId();
  const cher = randomDiscordId();
  const ada = randomDiscordId();
  const unknown = '99999999999999';

  beforeAll(async () => {
    server = await sharedTestServer();
    // the CLI connects to the same database the running server uses (in this process: no start-up per command)
    env = { DATABASE_URL: server.system.database.url, DATA_DIR: dataDir };
    await signIn(server, { discordId: remy, username: 'Remy', email: 'remy@example.com' });
    await signIn(server, { discordId: cher, username: 'Cher', role: 'staff' });
    await signIn(server, { discordId: ada, username: 'Ada', role: 'admin' });
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = (...args: string[]) => runCliInProcess(args, env);
  const userNow = (discordId: string) =>
    server.system.database.withContext(() => server.system.core.users.findByDiscordId.execute(discordId));
  /** the account-action log rows about one user, oldest first */
  const actionsOf = async (discordId: string) =>
    server.system.database.query<Record<string, unknown>>(
      `select a."action", a."before", a."after", a."reason", a."actor_discord_id", a."actor_name", a."channel"
       from "account_actions" a join "users" u on u."id" = a."user_id" where u."discord_id" = ? order by a."seq"`,
      [discordId],
    );

  it('users list shows everyone, filters by role, and prints JSON', async () => {
    const all = await cli('users', 'list');
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(new RegExp(`${remy}\\s+player\\s+0 tokens  Remy <remy@example.com>`));
    expect(all.stdout).toMatch(new RegExp(`${cher}\\s+staff`));
    const staff = await cli('users', 'list', '--role', 'staff', '--json');
    expect(staff.code).toBe(0);
    expect(JSON.parse(staff.stdout).map((u: { discordId: string }) => u.discordId)).toEqual([cher]);
    const bad = await cli('users', 'list', '--role', 'owner');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('Allowed choices are player, staff, admin');
  });

  it('users show prints one account', async () => {
    const result = await cli('users', 'show', remy);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Discord:      Remy (${remy})`);
    expect(result.stdout).toContain('Role:         player');
  });

  it('users role changes the role, and the web session sees it at once', async () => {
    const session = await signIn(server, { discordId: remy, username: 'Remy' });
    const result = await cli('users', 'role', remy, 'admin', '--as', ada, '--reason', 'Runs the events');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('is now admin');
    const me = await fetch(`${server.url}/api/auth/user`, { headers: { Cookie: session.cookie } });
    expect((await me.json()).role).toBe('admin');
    const invalid = await cli('users', 'role', remy, 'owner');
    expect(invalid.code).toBe(3);
    expect(invalid.stderr).toContain('Choose a role: player, staff, admin');
    expect((await userNow(remy)).role).toBe('admin');
    const same = await cli('users', 'role', remy, 'admin');
    expect(same.code).toBe(5);
    expect(same.stderr).toContain('already has the admin role');
    await cli('users', 'role', remy, 'player');
    // one row per change (the refused ones write none), with the admin named by --as or nobody
    expect(await actionsOf(remy)).toEqual([
      {
        action: 'change_role',
        before: 'player',
        after: 'admin',
        reason: 'Runs the events',
        actor_discord_id: ada,
        actor_name: 'Ada',
        channel: 'cli',
      },
      {
        action: 'change_role',
        before: 'admin',
        after: 'player',
        reason: null,
        actor_discord_id: null,
        actor_name: 'Terminal (no --as)',
        channel: 'cli',
      },
    ]);
  });

  it('--as must name someone holding the permission, and an admin cannot demote or ban themselves', async () => {
    const staff = await cli('users', 'role', remy, 'staff', '--as', cher);
    expect(staff.code).not.toBe(0);
    expect(staff.stderr).toContain('This needs the "Change roles and permissions" permission.');
    const demote = await cli('users', 'role', ada, 'player', '--as', ada);
    expect(demote.code).toBe(5);
    expect(demote.stderr).toContain('You cannot remove your own admin role.');
    const selfBan = await cli('users', 'ban', ada, '--reason', 'Testing', '--as', ada);
    expect(selfBan.code).toBe(5);
    expect(selfBan.stderr).toContain('You cannot ban your own account.');
    expect((await userNow(ada)).role).toBe('admin');
    expect((await userNow(ada)).bannedAt).toBeNull();
    expect(await actionsOf(ada)).toEqual([]);
    expect((await userNow(remy)).role).toBe('player');
  });

  it('users ban needs a reason, bans, and users unban lifts it', async () => {
    const noReason = await cli('users', 'ban', cher);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain("required option '--reason <text>'");
    const ban = await cli('users', 'ban', cher, '--reason', 'Chargeback');
    expect(ban.code).toBe(0);
    expect(ban.stdout).toContain('is banned: Chargeback');
    expect((await userNow(cher)).banReason).toBe('Chargeback');
    const signInAgain = await fetch(`${server.url}/api/auth/dev-login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'Cher', discordId: cher }),
    });
    // a banned player signs in to a session that reaches only their appeal
    expect(signInAgain.status).toBe(200);
    expect((await signInAgain.json()).user.ban.reason).toBe('Chargeback');
    const noUnbanReason = await cli('users', 'unban', cher);
    expect(noUnbanReason.code).toBe(2);
    expect(noUnbanReason.stderr).toContain("required option '--reason <text>'");
    const unban = await cli('users', 'unban', cher, '--reason', 'Appeal accepted', '--as', ada);
    expect(unban.code).toBe(0);
    expect(unban.stdout).toContain('is no longer banned');
    expect((await userNow(cher)).bannedAt).toBeNull();
    const again = await cli('users', 'unban', cher, '--reason', 'Appeal accepted');
    expect(again.stdout).toContain('is not banned');
    expect(await actionsOf(cher)).toEqual([
      {
        action: 'ban',
        before: 'not banned',
        after: 'banned',
        reason: 'Chargeback',
        actor_discord_id: null,
        actor_name: 'Terminal (no --as)',
        channel: 'cli',
      },
      {
        action: 'unban',
        before: 'banned',
        after: 'not banned',
        reason: 'Appeal accepted',
        actor_discord_id: ada,
        actor_name: 'Ada',
        channel: 'cli',
      },
    ]);
  });

  it('tokens credit, debit and history keep the ledger and the balance together', async () => {
    const credit = await cli('tokens', 'credit', remy, '100', '--reason', 'Event prize', '--as', ada);
    expect(credit.code).toBe(0);
    expect(credit.stdout).toContain('Credited 100 tokens.');
    expect(credit.stdout).toContain('has 100 tokens');
    const debit = await cli('tokens', 'debit', remy, '30', '--reason', 'Correction');
    expect(debit.code).toBe(0);
    expect(debit.stdout).toContain('has 70 tokens');
    const tooMuch = await cli('tokens', 'debit', remy, '71', '--reason', 'Too much');
    expect(tooMuch.code).toBe(5);
    expect(tooMuch.stderr).toContain('Not enough tokens: the balance is 70');
    const history = await cli('tokens', 'history', remy);
    expect(history.code).toBe(0);
    const lines = history.stdout.trim().split('\n');
    // tokens given from the terminal are granted, not bought
    expect(lines[0]).toContain('70 tokens, 0 of them bought');
    expect(lines[1]).toMatch(/-30\s+=\s+70\s+Correction/);
    expect(lines[2]).toMatch(/\+100\s+=\s+100\s+Event prize/);
    expect((await userNow(remy)).tokens).toBe(70);
    const tokenRows = (await actionsOf(remy)).filter((row) => String(row.action).endsWith('_tokens'));
    expect(tokenRows).toEqual([
      {
        action: 'credit_tokens',
        before: '0',
        after: '100',
        reason: 'Event prize',
        actor_discord_id: ada,
        actor_name: 'Ada',
        channel: 'cli',
      },
      {
        action: 'debit_tokens',
        before: '100',
        after: '70',
        reason: 'Correction',
        actor_discord_id: null,
        actor_name: 'Terminal (no --as)',
        channel: 'cli',
      },
    ]);
    const web = await signIn(server, { discordId: remy, username: 'Remy' });
    expect(await (await fetch(`${server.url}/api/user/tokens`, { headers: { Cookie: web.cookie } })).json()).toEqual({
      tokens: 70,
      boughtTokens: 0,
      earnedTokens: 70,
    });
  });

  it('refuses amounts that are not whole positive numbers', async () => {
    for (const amount of ['0', '1.5', 'ten']) {
      const result = await cli('tokens', 'credit', remy, amount, '--reason', 'x');
      expect(result.code).toBe(3);
      expect(result.stderr).toContain('The amount must be a whole number from 1 to 1,000,000.');
    }
  });

  it('answers an unknown user with a clear message and exit code 4 on every command', async () => {
    const commands = [
      ['users', 'show', unknown],
      ['users', 'role', unknown, 'staff'],
      ['users', 'ban', unknown, '--reason', 'x'],
      ['users', 'unban', unknown, '--reason', 'x'],
      ['tokens', 'credit', unknown, '5', '--reason', 'x'],
      ['tokens', 'debit', unknown, '5', '--reason', 'x'],
      ['tokens', 'history', unknown],
    ];
    for (const args of commands) {
      const result = await cli(...args);
      expect(result.code).toBe(4);
      expect(result.stderr).toContain(`No user with Discord ID ${unknown}.`);
    }
  });
});
