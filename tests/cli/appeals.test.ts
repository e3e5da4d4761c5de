import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appealAnswers } from '../support/application-builders.ts';
import { runCliOn } from '../support/cli.ts';
import { client } from '../support/http.ts';
import { randomDiscordId, signIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

// The commands run on the test server's own system: the same use cases as the reviewers' screens.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const cli = (...args: string[]) => runCliOn(server.system, args);

/** A player banned on the site, with an appeal sent from their restricted session. */
async function appealed() {
  const discordId = randomDiscordId();
  const first = await signIn(server, { discordId });
  const { core, database } = server.system;
  await database.withContext(() => core.users.ban.execute({ userId: first.user.id, reason: 'Combat logging' }));
  const player = await signIn(server, { discordId });
  const http = client(server.url, player.cookie);
  const created = await http.post('/api/appeals', appealAnswers());
  expect(created.status).toBe(201);
  return { player, http, id: created.body.id as string };
}

describe('appeals from the terminal', () => {
  it('lists, shows and approves an appeal: the ban is lifted and the site opens again', async () => {
    const staff = await signIn(server, { role: 'staff' });
    const { id, player, http } = await appealed();
    const list = await cli('appeals', 'list', '--status', 'pending');
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain(`${id}  pending  account`);
    expect(list.stdout).toMatch(/Pending \d+, approved \d+, denied \d+\./);
    const show = await cli('appeals', 'show', id);
    expect(show.stdout).toContain(`Ban appeal ${id}`);
    expect(show.stdout).toContain(`Discord ${player.user.discordId}`);
    expect(show.stdout).toContain('History: no decisions yet');
    const player403 = await http.get('/api/user/tokens');
    expect(player403.body.code).toBe('BANNED');
    const approved = await cli('appeals', 'approve', id, '--as', staff.user.discordId);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout.trim()).toBe(`Ban appeal ${id} approved by ${staff.user.username}.`);
    expect((await http.get('/api/user/tokens')).status).toBe(200);
    const history = await cli('appeals', 'show', id);
    expect(history.stdout).toMatch(/pending -> approved {2}by .* via cli/);
  });

  it('denies with a message to the player, and refuses a denial without one or by a player', async () => {
    const staff = await signIn(server, { role: 'staff' });
    const someone = await signIn(server);
    const { id, http } = await appealed();
    const byPlayer = await cli('appeals', 'deny', id, '--message', 'No.', '--as', someone.user.discordId);
    expect(byPlayer.code).not.toBe(0);
    expect(byPlayer.stderr).toContain('Review ban appeals');
    const bare = await cli('appeals', 'deny', id, '--as', staff.user.discordId);
    expect(bare.code).not.toBe(0);
    expect(bare.stderr).toContain('Write the player a message');
    const denied = await cli(
      'appeals',
      'deny',
      id,
      '--message',
      'The logs show a disconnect mid-fight.',
      '--as',
      staff.user.discordId,
    );
    expect(denied.code, denied.stderr).toBe(0);
    const mine = await http.get('/api/appeals/mine');
    expect(mine.body.applications[0]).toMatchObject({
      status: 'denied',
      applicantMessage: 'The logs show a disconnect mid-fight.',
    });
    expect((await http.get('/api/user/tokens')).body.code).toBe('BANNED');
  });
});
