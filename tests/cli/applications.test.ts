import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../support/pglite-template.ts';
import { composeSystem } from '../../adapters/compose.ts';
import { loadConfig } from '../../adapters/config.ts';
import { startServer } from '../../adapters/http/server.ts';
import { createLogger } from '../../adapters/logger.ts';
import { staffAnswers, whitelistAnswers } from '../support/application-builders.ts';
import { browserAvailable, openBrowser } from '../support/browser.ts';
import { runCli, runCliInProcess } from '../support/cli.ts';
import { client } from '../support/http.ts';
import { signIn, signInBrowser, type SignedIn } from '../support/session.ts';
import type { TestServer } from '../support/test-system.ts';

// The server runs on an embedded database in its own data directory; the CLI reaches the same database through
// the address the server publishes there (the everyday setup): as its own process in the first test, then
// in-process with only its own environment, which is the same program without a process's start-up.
const dataDir = migratedDataDir('cli-applications-');
// staff applications are decided here without an interview (tests/api/interviews.test.ts holds one to it)
const env = { DATA_DIR: dataDir, DATABASE_URL: '', INTERVIEW_REQUIRED_FOR: 'none' };
let server: TestServer;
let staff: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
  const system = await composeSystem(config, { dataDir, logger: createLogger('silent') });
  const running = await startServer(system, { port: 0, host: '127.0.0.1', uiDir: 'ui/dist' });
  server = { url: running.url, system, stop: running.stop };
  staff = await signIn(server, { role: 'staff', username: 'Tante Marie' });
  admin = await signIn(server, { role: 'admin', username: 'Papa Legba' });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const audit = (kind: 'whitelist' | 'staff', applicationId: string) =>
  server.system.database.withContext(() => server.system.core.audit.list.execute({ kind, applicationId }));

async function whitelistApplication() {
  const player = await signIn(server);
  const http = client(server.url, player.cookie);
  const created = await http.post('/api/applications', whitelistAnswers());
  expect(created.status).toBe(201);
  return { player, http, id: created.body.id as string };
}

describe('cli applications', () => {
  it('lists and shows whitelist applications', async () => {
    const { id, player } = await whitelistApplication();
    const list = await runCli(['applications', 'list', '--status', 'pending', '--json'], env);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).applications.map((a: { id: string }) => a.id)).toContain(id);
    const show = await runCli(['applications', 'show', id], env);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain(`Whitelist application ${id}`);
    expect(show.stdout).toContain(`Discord ${player.user.discordId}`);
    expect(show.stdout).toContain('History: no decisions yet');
  }, 60_000);

  it('approves as the --as reviewer; the website shows the decision and one audit row records it', async () => {
    const { id, http } = await whitelistApplication();
    const result = await runCliInProcess(
      ['applications', 'approve', id, '--notes', 'Approved from the terminal.', '--as', staff.user.discordId],
      env,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Application ${id} approved by Tante Marie.`);

    expect((await http.get('/api/applications/mine')).body.applications[0]).toMatchObject({ id, status: 'approved' });
    const seenByStaff = await client(server.url, staff.cookie).get(`/api/applications/${id}`);
    expect(seenByStaff.body).toMatchObject({
      status: 'approved',
      reviewedBy: 'Tante Marie',
      reviewNotes: 'Approved from the terminal.',
    });
    expect(await audit('whitelist', id)).toEqual([
      expect.objectContaining({
        fromStatus: 'pending',
        toStatus: 'approved',
        channel: 'cli',
        reviewerDiscordId: staff.user.discordId,
        reviewerName: 'Tante Marie',
      }),
    ]);
    const show = await runCliInProcess(['applications', 'show', id], env);
    expect(show.stdout).toMatch(/pending -> approved {2}by Tante Marie \(\d+\) via cli: Approved from the terminal\./);
  }, 60_000);

  it('--message reaches the applicant on /mine while the notes stay with staff; a message over 1000 characters is refused', async () => {
    const { id, http } = await whitelistApplication();
    const tooLong = await runCliInProcess(
      [
        'applications',
        'reject',
        id,
        '--notes',
        'Backstory too thin.',
        '--message',
        'x'.repeat(1001),
        '--as',
        staff.user.discordId,
      ],
      env,
    );
    expect(tooLong.code).toBe(3);
    expect(tooLong.stderr).toContain('at most 1000 characters');
    const result = await runCliInProcess(
      [
        'applications',
        'reject',
        id,
        '--notes',
        'Internal: backstory copied from a wiki.',
        '--message',
        '  Please write your own backstory and apply again.  ',
        '--as',
        staff.user.discordId,
      ],
      env,
    );
    expect(result.code).toBe(0);
    const [mine] = (await http.get('/api/applications/mine')).body.applications;
    expect(mine).toMatchObject({
      id,
      status: 'rejected',
      applicantMessage: 'Please write your own backstory and apply again.',
    });
    expect(JSON.stringify(mine)).not.toContain('wiki');
    const show = await runCliInProcess(['applications', 'show', id], env);
    expect(show.stdout).toContain('To applicant:  Please write your own backstory and apply again.');
    expect(show.stdout).toContain('Review notes:  Internal: backstory copied from a wiki.');
  }, 60_000);

  it('refuses short notes (exit 3), a player reviewer (exit 6), an unknown id (exit 4) and a decided application (exit 5)', async () => {
    const { id } = await whitelistApplication();
    const player = await signIn(server);
    const short = await runCliInProcess(
      ['applications', 'reject', id, '--notes', 'too short', '--as', staff.user.discordId],
      env,
    );
    expect(short.code).toBe(3);
    expect(short.stderr).toContain('Review notes must be at least 10 characters');
    const notStaff = await runCliInProcess(
      ['applications', 'reject', id, '--notes', 'Not for you to decide.', '--as', player.user.discordId],
      env,
    );
    expect(notStaff.code).toBe(6);
    const unknown = await runCliInProcess(['applications', 'show', '00000000-0000-4000-8000-000000000000'], env);
    expect(unknown.code).toBe(4);
    expect(await audit('whitelist', id)).toEqual([]);
    expect(
      (
        await runCliInProcess(
          ['applications', 'reject', id, '--notes', 'Backstory is too thin.', '--as', staff.user.discordId],
          env,
        )
      ).code,
    ).toBe(0);
    const twice = await runCliInProcess(
      ['applications', 'approve', id, '--notes', 'Changed my mind now.', '--as', staff.user.discordId],
      env,
    );
    expect(twice.code).toBe(5);
    expect(await audit('whitelist', id)).toHaveLength(1);
  }, 90_000);
});

describe.runIf(browserAvailable)('a terminal decision in the browser', () => {
  it('shows approved on /apply for the applicant and on /admin-applications for staff', async () => {
    const browser = await openBrowser();
    try {
      const playerPage = await (await browser.newContext()).newPage();
      const player = await signInBrowser(playerPage, server, { username: 'Thibodeaux' });
      const created = await client(server.url, player.cookie).post('/api/applications', whitelistAnswers());
      expect(created.status).toBe(201);
      await playerPage.goto(`${server.url}/apply`);
      await expect.poll(() => playerPage.getByTestId('application-status').textContent()).toBe('pending');

      const result = await runCliInProcess(
        [
          'applications',
          'approve',
          created.body.id,
          '--notes',
          'Approved from the terminal.',
          '--as',
          staff.user.discordId,
        ],
        env,
      );
      expect(result.code).toBe(0);

      await playerPage.reload();
      await expect.poll(() => playerPage.getByTestId('application-status').textContent()).toBe('approved');
      const staffPage = await (await browser.newContext()).newPage();
      await signInBrowser(staffPage, server, { discordId: staff.user.discordId, username: 'Tante Marie' });
      await staffPage.goto(`${server.url}/admin-applications`);
      const row = staffPage.locator(`[data-application-id="${created.body.id}"]`);
      await expect.poll(() => row.getByTestId('status').textContent()).toBe('Approved');
    } finally {
      await browser.close();
    }
  }, 90_000);
});

describe('cli staff-applications', () => {
  it('moves a staff application under review then approves it, each change one audit row, visible on the website', async () => {
    const applicant = await signIn(server);
    const created = await client(server.url, applicant.cookie).post('/api/staff-applications', staffAnswers());
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    const staffTry = await runCliInProcess(
      ['staff-applications', 'review', id, 'approved', '--as', staff.user.discordId],
      env,
    );
    expect(staffTry.code).toBe(6);

    const underReview = await runCliInProcess(
      ['staff-applications', 'review', id, 'under_review', '--notes', 'Interview booked', '--as', admin.user.discordId],
      env,
    );
    expect(underReview.stderr).toBe('');
    expect(underReview.stdout).toContain('is now under review');
    const approved = await runCliInProcess(
      ['staff-applications', 'review', id, 'approved', '--as', admin.user.discordId],
      env,
    );
    expect(approved.code).toBe(0);

    const seen = await client(server.url, admin.cookie).get(`/api/staff-applications/${id}`);
    expect(seen.body).toMatchObject({ status: 'approved', reviewedBy: 'Papa Legba', reviewNotes: 'Interview booked' });
    expect((await audit('staff', id)).map((row) => [row.fromStatus, row.toStatus, row.channel])).toEqual([
      ['pending', 'under_review', 'cli'],
      ['under_review', 'approved', 'cli'],
    ]);

    const list = await runCliInProcess(['staff-applications', 'list', '--status', 'approved'], env);
    expect(list.stdout).toContain(id);
    const bad = await runCliInProcess(
      ['staff-applications', 'review', id, 'pending', '--as', admin.user.discordId],
      env,
    );
    expect(bad.code).toBe(2);
  }, 90_000);
});
