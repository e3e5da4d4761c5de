import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../support/cli.ts';
import { randomDiscordId, signIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

describe('cli users and tokens', () => {
  let server: TestServer;
  let env: Record<string, string>;
  const dataDir = mkdtempSync(join(tmpdir(), 'cli-users-'));
  const remy = randomDiscordId();
  const cher = randomDiscordId();
  const unknown = '99999999999999';

  beforeAll(async () => {
    server = await startTestServer();
    // the CLI connects to the same database the running server uses (in this process: no start-up per command)
    env = { DATABASE_URL: server.system.database.url, DATA_DIR: dataDir };
    await signIn(server, { discordId: remy, username: 'Remy', email: 'remy@example.com' });
    await signIn(server, { discordId: cher, username: 'Cher', role: 'staff' });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = (...args: string[]) => runCliInProcess(args, env);
  const userNow = (discordId: string) =>
    server.system.database.withContext(() => server.system.core.users.findByDiscordId.execute(discordId));

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
    const result = await cli('users', 'role', remy, 'admin');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('is now admin');
    const me = await fetch(`${server.url}/api/auth/user`, { headers: { Cookie: session.cookie } });
    expect((await me.json()).role).toBe('admin');
    const invalid = await cli('users', 'role', remy, 'owner');
    expect(invalid.code).toBe(3);
    expect(invalid.stderr).toContain('Role must be one of player, staff, admin');
    expect((await userNow(remy)).role).toBe('admin');
    await cli('users', 'role', remy, 'player');
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
    expect(signInAgain.status).toBe(403);
    expect((await signInAgain.json()).message).toContain('banned: Chargeback');
    const unban = await cli('users', 'unban', cher);
    expect(unban.code).toBe(0);
    expect(unban.stdout).toContain('is no longer banned');
    expect((await userNow(cher)).bannedAt).toBeNull();
  });

  it('tokens credit, debit and history keep the ledger and the balance together', async () => {
    const credit = await cli('tokens', 'credit', remy, '100', '--reason', 'Event prize', '--as', cher);
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
    expect(lines[0]).toContain('70 tokens');
    expect(lines[1]).toMatch(/-30\s+=\s+70\s+Correction/);
    expect(lines[2]).toMatch(/\+100\s+=\s+100\s+Event prize/);
    expect((await userNow(remy)).tokens).toBe(70);
    const web = await signIn(server, { discordId: remy, username: 'Remy' });
    expect(await (await fetch(`${server.url}/api/user/tokens`, { headers: { Cookie: web.cookie } })).json()).toEqual({
      tokens: 70,
    });
  });

  it('refuses amounts that are not whole positive numbers', async () => {
    for (const amount of ['0', '1.5', 'ten']) {
      const result = await cli('tokens', 'credit', remy, amount, '--reason', 'x');
      expect(result.code).toBe(3);
      expect(result.stderr).toContain('Amount must be a whole number');
    }
  });

  it('answers an unknown user with a clear message and exit code 4 on every command', async () => {
    const commands = [
      ['users', 'show', unknown],
      ['users', 'role', unknown, 'staff'],
      ['users', 'ban', unknown, '--reason', 'x'],
      ['users', 'unban', unknown],
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
