import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../support/cli.ts';
import { client } from '../support/http.ts';
import { randomDiscordId, signIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

describe('cli users 2fa-reset', () => {
  let server: TestServer;
  let env: Record<string, string>;
  const dataDir = mkdtempSync(join(tmpdir(), 'cli-2fa-reset-'));
  const ada = randomDiscordId();

  beforeAll(async () => {
    server = await sharedTestServer();
    env = { DATABASE_URL: server.system.database.url, DATA_DIR: dataDir };
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('removes a lost authenticator app and its recovery codes, with the reason in the account-action log', async () => {
    const admin = await signIn(server, { discordId: ada, username: 'Ada', role: 'admin' });
    const api = client(server.url, admin.cookie);
    const setup = await api.post('/api/security/authenticator-app', {});
    const code = new TOTP({ secret: Secret.fromBase32(setup.body.secret) }).generate();
    expect((await api.post('/api/security/authenticator-app/confirm', { code })).status).toBe(200);

    const missing = await runCliInProcess(['users', '2fa-reset', ada], env);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/--reason/);

    const result = await runCliInProcess(['users', '2fa-reset', ada, '--reason', 'Lost phone, checked on a call'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Second factor of Ada (${ada}) reset`);
    expect(result.stdout).toContain('the authenticator app and 10 unused recovery code(s) removed');
    const rows = await server.system.database.query<Record<string, unknown>>(
      `select a."action", a."before", a."after", a."reason", a."channel" from "account_actions" a
        join "users" u on u."id" = a."user_id" where u."discord_id" = ?`,
      [ada],
    );
    expect(rows).toEqual([
      {
        action: 'reset_second_factor',
        before: 'passkeys: 0, app: yes, recovery codes: 10',
        after: 'none',
        reason: 'Lost phone, checked on a call',
        channel: 'cli',
      },
    ]);
    expect((await api.get('/api/security/second-factor')).body).toMatchObject({
      enrolled: false,
      recoveryCodesLeft: 0,
    });

    const again = await runCliInProcess(['users', '2fa-reset', ada, '--reason', 'again'], env);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('This account has no second factor to reset.');
  });
});
