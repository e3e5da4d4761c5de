import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whitelistAnswers } from '../support/application-builders.ts';
import { runCliOn } from '../support/cli.ts';
import { client } from '../support/http.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

describe('cli applications vote', () => {
  let server: TestServer;
  let ana: SignedIn;
  let ben: SignedIn;
  beforeAll(async () => {
    // whitelist applications need two approvals here
    server = await startTestServer({ env: { QUORUM_WHITELIST: '2' } });
    ana = await signIn(server, { role: 'staff', username: 'Tante Marie' });
    ben = await signIn(server, { role: 'staff', username: 'Oncle Jules' });
  });
  afterAll(() => server?.stop());

  async function application(): Promise<string> {
    const player = await signIn(server);
    const created = await client(server.url, player.cookie).post('/api/applications', whitelistAnswers());
    expect(created.status).toBe(201);
    return created.body.id;
  }

  it('records a vote, says where the votes stand, and decides on the vote that reaches the quorum', async () => {
    const id = await application();
    const first = await runCliOn(server.system, [
      'applications',
      'vote',
      id,
      'approve',
      '--note',
      'Good backstory.',
      '--as',
      ana.user.discordId,
    ]);
    expect(first.stderr).toBe('');
    expect(first.stdout.trim()).toBe(
      `Vote recorded on whitelist application ${id}: approve. Still pending: 1 of 2 approvals, 0 of 2 denials, 0 abstaining.`,
    );
    // the approve command is a vote too for a reviewer who may not decide alone
    const second = await runCliOn(server.system, [
      'applications',
      'approve',
      id,
      '--notes',
      'Agreed, welcome aboard.',
      '--as',
      ben.user.discordId,
    ]);
    expect(second.stderr).toBe('');
    expect(second.stdout.trim()).toBe(`Application ${id} approved by Oncle Jules.`);
    const show = await runCliOn(server.system, ['applications', 'show', id, '--json']);
    expect(JSON.parse(show.stdout).votes).toMatchObject({ cast: 2, count: { approve: 2, deny: 0, abstain: 0 } });
  });

  it('refuses a second vote, a vote on a decided application, and an unknown choice, with their exit codes', async () => {
    const id = await application();
    await runCliOn(server.system, ['applications', 'vote', id, 'abstain', '--as', ana.user.discordId]);
    const again = await runCliOn(server.system, ['applications', 'vote', id, 'deny', '--as', ana.user.discordId]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('You have already voted on this whitelist application');
    const admin = await signIn(server, { role: 'admin' });
    const decided = await runCliOn(server.system, ['applications', 'vote', id, 'deny', '--as', admin.user.discordId]);
    expect(decided.stdout.trim()).toBe(
      `Whitelist application ${id} rejected: 0 of 2 approvals, 1 of 2 denials, 1 abstaining.`,
    );
    const late = await runCliOn(server.system, ['applications', 'vote', id, 'approve', '--as', ben.user.discordId]);
    expect(late.code).not.toBe(0);
    expect(late.stderr).toContain('only a pending application can be decided');
    const unknown = await runCliOn(server.system, ['applications', 'vote', id, 'maybe', '--as', ben.user.discordId]);
    expect(unknown.code).toBe(2);
  });
});
