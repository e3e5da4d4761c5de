import { beforeAll, describe, expect, it } from 'vitest';
import { runCliOn } from '../support/cli.ts';
import { withToken } from '../support/api-tokens.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

describe('cli api-tokens', () => {
  let server: TestServer;
  let admin: SignedIn;
  let staff: SignedIn;

  beforeAll(async () => {
    server = await sharedTestServer();
    admin = await signIn(server, { role: 'admin', username: 'Cli Admin' });
    staff = await signIn(server, { role: 'staff', username: 'Cli Staff' });
  });

  const cli = (...args: string[]) => runCliOn(server.system, args);

  it('creates a token for the admin named by --as, prints its secret once, lists and revokes it', async () => {
    const made = await cli(
      'api-tokens',
      'create',
      '--name',
      'Ticket desk',
      '--scope',
      'players:read',
      '--scope',
      'purchases:read',
      '--as',
      admin.user.discordId,
    );
    expect(made.code, made.stderr).toBe(0);
    const secret = made.stdout.match(/^bbt_[A-Za-z0-9_-]{43}$/m)?.[0];
    expect(secret).toBeDefined();
    expect(made.stdout).toContain('Token (shown once; the site keeps only its hash, so store it now):');
    expect(made.stdout).toMatch(
      /Created [0-9a-f-]{36} {2}Ticket desk {2}\[purchases:read, players:read\] {2}by Cli Admin/,
    );
    const id = made.stdout.match(/Created ([0-9a-f-]{36})/)![1]!;
    expect((await withToken(server, `/api/v1/players/${staff.user.discordId}`, secret)).status).toBe(200);

    const listed = await cli('api-tokens', 'list');
    expect(listed.stdout).toContain(`${id}  Ticket desk`);
    expect(listed.stdout).not.toContain(secret!);
    const json = JSON.parse((await cli('api-tokens', 'list', '--json')).stdout);
    expect(json.find((token: { id: string }) => token.id === id)).toMatchObject({
      name: 'Ticket desk',
      revokedAt: null,
    });

    const revoked = await cli('api-tokens', 'revoke', id, '--as', admin.user.discordId);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain('revoked');
    expect(revoked.stdout).toContain('by Cli Admin');
    expect((await withToken(server, `/api/v1/players/${staff.user.discordId}`, secret)).status).toBe(401);
  });

  it('refuses a scope the named admin does not hold, a missing --as, and an unknown token', async () => {
    const refused = await cli(
      'api-tokens',
      'create',
      '--name',
      'Till',
      '--scope',
      'purchases:read',
      '--as',
      staff.user.discordId,
    );
    expect(refused.code).toBe(6);
    expect(refused.stderr).toContain('API tokens need the "Manage webhooks and API tokens" permission.');
    const noActor = await cli('api-tokens', 'create', '--name', 'Till', '--scope', 'players:read');
    expect(noActor.code).toBe(2);
    expect(noActor.stderr).toContain("required option '--as <discordId>'");
    const badScope = await cli(
      'api-tokens',
      'create',
      '--name',
      'W',
      '--scope',
      'whitelist:write',
      '--as',
      admin.user.discordId,
    );
    expect(badScope.code).toBe(3);
    expect(badScope.stderr).toContain(
      'A scope is one of purchases:read, players:read, applications:read, memberships:read.',
    );
    const unknown = await cli('api-tokens', 'revoke', 'not-a-token');
    expect([unknown.code, unknown.stderr.trim()]).toEqual([4, 'Error: No API token with id not-a-token.']);
  });
});
