import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { whitelistAnswers } from '../support/application-builders.ts';
import { runCliInProcess, runCliOn } from '../support/cli.ts';
import { client } from '../support/http.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

interface ExportedRow {
  position: number;
  log: string;
  id: string;
  createdAt: string;
  fields: Record<string, string | null>;
  previousHash: string;
  hash: string;
}

let server: TestServer;
let admin: SignedIn;
let player: SignedIn;
let applicationId: string;

const cli = (...args: string[]) => runCliOn(server.system, args);
/** a statement as a database superuser runs it: the append-only triggers do not fire for them in replica mode */
const asSuperuser = (statement: string, params: unknown[] = []) =>
  server.system.database.withContext(() =>
    server.system.database.transactional(async () => {
      const { em } = server.system.database;
      await em.execute(`set local session_replication_role = replica`);
      await em.execute(statement, params);
    }),
  );
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  server = await sharedTestServer();
  admin = await signIn(server, { role: 'admin', username: 'Papa Legba' });
  player = await signIn(server, { username: 'Remy' });
  const staff = await signIn(server, { role: 'staff', username: 'Tante Marie' });
  const created = await client(server.url, player.cookie).post('/api/applications', whitelistAnswers());
  expect(created.status).toBe(201);
  applicationId = created.body.id;
  const as = admin.user.discordId;
  for (const args of [
    ['tokens', 'credit', player.user.discordId, '100', '--reason', 'Event prize', '--as', as],
    ['applications', 'approve', applicationId, '--notes', 'Welcome to the bayou.', '--as', staff.user.discordId],
    ['users', 'ban', player.user.discordId, '--reason', 'Chargeback', '--as', as],
    ['users', 'unban', player.user.discordId, '--reason', 'Paid back', '--as', as],
  ]) {
    const result = await cli(...args);
    expect(result.code, result.stderr).toBe(0);
  }
});

describe('cli audit', () => {
  it('verify reports the chain intact with its count and last hash', async () => {
    const result = await runCliInProcess(['audit', 'verify'], { DATABASE_URL: server.system.database.url });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^OK: the audit chain holds over 4 rows; its last hash \(row 4\) is [0-9a-f]{64}\.$/m,
    );
  });

  it('export --json writes every row with its hashes, each hash checkable by the documented recipe', async () => {
    const result = await cli('audit', 'export', '--json', '--from', today, '--to', today);
    expect(result.code, result.stderr).toBe(0);
    const rows = JSON.parse(result.stdout) as ExportedRow[];
    expect(rows.map((row) => [row.position, row.log])).toEqual([
      [1, 'account-action'],
      [2, 'application-review'],
      [3, 'account-action'],
      [4, 'account-action'],
    ]);
    expect(rows[0].fields).toMatchObject({ action: 'credit_tokens', reason: 'Event prize', actor_name: 'Papa Legba' });
    expect(rows[1].fields).toMatchObject({
      application_id: applicationId,
      to_status: 'approved',
      notes: 'Welcome to the bayou.',
    });
    let previous = '0'.repeat(64);
    for (const row of rows) {
      expect(row.previousHash).toBe(previous);
      const recomputed = createHash('sha256')
        .update(`${row.previousHash}\n${JSON.stringify([row.position, row.log, row.fields])}`)
        .digest('hex');
      expect(recomputed).toBe(row.hash);
      previous = row.hash;
    }
  });

  it('export --csv writes a header and a row a decision; a range before the rows has only the header', async () => {
    const csv = await cli('audit', 'export', '--csv');
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^position,log,id,created_at,user_id,action,.*,previous_hash,hash$/);
    expect(lines).toHaveLength(5);
    expect(lines[2]).toContain(`2,application-review,`);
    expect(lines[2]).toContain(`,${applicationId},pending,approved,Welcome to the bayou.,`);
    const before = await cli('audit', 'export', '--csv', '--to', '2020-01-01');
    expect(before.code, before.stderr).toBe(0);
    expect(before.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('refuses bad dates, a reversed range and a missing format with exit code 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--json', '--from', '2026-13-01'], /--from takes a date as YYYY-MM-DD \(UTC\)/],
      [['--json', '--to', '2026-02-30'], /--to takes a date as YYYY-MM-DD \(UTC\)/],
      [['--csv', '--from', 'yesterday'], /--from takes a date/],
      [['--json', '--from', '2026-11-29', '--to', '2026-11-01'], /--from 2026-11-29 comes after --to 2026-11-01/],
      [['--from', '2026-11-01'], /Choose --csv or --json/],
    ];
    for (const [args, message] of cases) {
      const result = await cli('audit', 'export', ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(message);
    }
  });

  it('verify names the first row that was changed, or the row after one removed, and exits 1', async () => {
    const [, , banRow] = JSON.parse((await cli('audit', 'export', '--json')).stdout) as ExportedRow[];
    await asSuperuser(`update "account_actions" set "reason" = 'Mistake' where "id" = ?`, [banRow.id]);
    const edited = await cli('audit', 'verify');
    expect(edited.code).toBe(1);
    expect(edited.stdout).toContain(`BROKEN at row 3: account-action ${banRow.id}, written ${banRow.createdAt}:`);
    expect(edited.stdout).toContain('it was changed after it was written');
    expect(edited.stderr).toMatch(/The audit chain is broken at row 3 .*; the 2 rows before it hold\./);

    await asSuperuser(`update "account_actions" set "reason" = 'Chargeback' where "id" = ?`, [banRow.id]);
    expect((await cli('audit', 'verify')).code).toBe(0);
    await asSuperuser(`delete from "application_reviews" where "application_id" = ?`, [applicationId]);
    const removed = await cli('audit', 'verify', '--json');
    expect(removed.code).toBe(1);
    expect(JSON.parse(removed.stdout)).toMatchObject({
      intact: false,
      checked: 1,
      broken: { position: 3, log: 'account-action', id: banRow.id },
    });
    expect(JSON.parse(removed.stdout).broken.problem).toMatch(/position 2 was due/);
  });
});
