import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config.ts';
import type { OfferedGrantDto } from '../../adapters/http/contract/game.ts';
import { runCliOn } from '../support/cli.ts';
import { client } from '../support/http.ts';
import { startServerProcess } from '../support/server-process.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const KEY = 'grants-key-0123456789abcdef';
const GRANTS = {
  'hood-package': { purchase: [{ command: 'addgang {discordId} hood' }, { event: 'bayou:grant' }] },
};

let site: TestServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bayou-grants-api-'));
  writeFileSync(join(dir, 'grants.json'), JSON.stringify(GRANTS));
  site = await startTestServer({
    env: {
      GAME_API_KEY: KEY,
      GAME_GRANTS_FILE: join(dir, 'grants.json'),
      RATE_LIMIT_WRITES_PER_MINUTE: '10000',
      RATE_LIMIT_GAME_PER_MINUTE: '100000',
    },
  });
});
afterAll(async () => {
  await site?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** what the game API answers: a poll, a report, or a refusal */
interface GameBody {
  grants: OfferedGrantDto[];
  more: boolean;
  leaseSeconds: number;
  results: { grantId: string; status: string }[];
  code: string;
  message: string;
}

async function game(path: string, body: unknown, key = KEY) {
  const response = await fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as GameBody };
}

async function buyer(): Promise<{ player: SignedIn; purchaseId: string }> {
  const player = await signIn(site);
  const { purchaseId } = await buyWithDemoCard(site.url, player, { productType: 'gang', productId: 'hood-package' });
  return { player, purchaseId };
}

const statusesOf = async (purchaseId: string) =>
  (await site.system.database.withContext(() => site.system.core.grants.show.execute([purchaseId]))).map(
    (grant) => grant.status,
  );

describe('the game server asking for grants and reporting them', () => {
  it('offers the grants of the players online, each with what to run, once', async () => {
    const { player, purchaseId } = await buyer();
    const offered = await game('/api/game/grants/poll', { server: 'east', online: [player.user.discordId] });
    expect(offered.status).toBe(200);
    expect(offered.body.more).toBe(false);
    expect(offered.body.leaseSeconds).toBe(60);
    const mine = offered.body.grants.filter(
      (grant: { discordId: string }) => grant.discordId === player.user.discordId,
    );
    expect(mine).toEqual([
      expect.objectContaining({
        kind: 'command',
        command: `addgang ${player.user.discordId} hood`,
        event: null,
        payload: null,
        needsOnline: true,
      }),
      expect.objectContaining({
        kind: 'event',
        command: null,
        event: 'bayou:grant',
        payload: {
          grantId: mine[1].id,
          purchaseId,
          product: 'hood-package',
          option: null,
          discordId: player.user.discordId,
          quantity: 1,
          action: 'purchase',
        },
      }),
    ]);
    const again = await game('/api/game/grants/poll', { server: 'west', online: [player.user.discordId] });
    expect(again.body.grants).toEqual([]);
  });

  it('refuses a wrong key, an unknown grant and a bad body, and changes nothing', async () => {
    const { player, purchaseId } = await buyer();
    expect(
      (await game('/api/game/grants/poll', { server: 'east', online: [] }, 'wrong-key-0123456789abcdef')).status,
    ).toBe(401);
    const offered = await game('/api/game/grants/poll', { server: 'east', online: [player.user.discordId] });
    const [first] = offered.body.grants.filter(
      (grant: { discordId: string }) => grant.discordId === player.user.discordId,
    );
    const report = { server: 'east', reports: [{ grantId: first.id, ok: true, message: 'ran' }] };

    const wrongKey = await game('/api/game/grants/reports', report, 'wrong-key-0123456789abcdef');
    expect(wrongKey.status).toBe(401);
    const unknown = await game('/api/game/grants/reports', {
      server: 'east',
      reports: [...report.reports, { grantId: '00000000-0000-4000-8000-000000000000', ok: true }],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('GRANT_NOT_FOUND');
    expect(unknown.body.message).toContain('00000000-0000-4000-8000-000000000000');
    for (const bad of [
      { server: 'east; quit', reports: report.reports },
      { server: 'east', reports: [{ grantId: 'not-an-id', ok: true }] },
      { server: 'east', reports: [] },
    ]) {
      const refused = await game('/api/game/grants/reports', bad);
      expect(refused.status).toBe(400);
    }
    expect((await game('/api/game/grants/poll', { server: 'east', online: ['12; quit'] })).status).toBe(400);
    expect(await statusesOf(purchaseId)).toEqual(['offered', 'offered']);

    const answered = await game('/api/game/grants/reports', report);
    expect(answered).toEqual({ status: 200, body: { results: [{ grantId: first.id, status: 'ran' }] } });
    expect(await game('/api/game/grants/reports', report)).toEqual(answered);
    expect(await statusesOf(purchaseId)).toEqual(['ran', 'offered']);
  });
});

describe('what staff and the player see', () => {
  it('shows the grants and their timeline to staff, the state to the player; resend takes the refund permission', async () => {
    const { player, purchaseId } = await buyer();
    const offered = await game('/api/game/grants/poll', { server: 'east', online: [player.user.discordId] });
    const mine = offered.body.grants.filter(
      (grant: { discordId: string }) => grant.discordId === player.user.discordId,
    );
    await game('/api/game/grants/reports', {
      server: 'east',
      reports: mine.map((grant: { id: string }) => ({ grantId: grant.id, ok: true, message: 'ran' })),
    });

    const own = await client(site.url, player.cookie).get(`/api/user/purchases/${purchaseId}`);
    expect(own.body.inGame).toEqual({ state: 'delivered', at: expect.any(String) });
    const list = await client(site.url, player.cookie).get('/api/user/purchases');
    expect(list.body.purchases[0].inGame.state).toBe('delivered');
    expect((await client(site.url, player.cookie).get('/api/grants')).status).toBe(403);

    const admin = await signIn(site, { role: 'admin' });
    const detail = await client(site.url, admin.cookie).get(`/api/purchases/${purchaseId}`);
    expect(detail.body.grants.map((grant: { status: string; server: string }) => [grant.status, grant.server])).toEqual(
      [
        ['ran', 'east'],
        ['ran', 'east'],
      ],
    );
    expect(detail.body.grants[0].timeline.map((line: { kind: string }) => line.kind)).toEqual([
      'queued',
      'offered',
      'ran',
    ]);
    const page = await client(site.url, admin.cookie).get(`/api/players/${player.user.id}`);
    expect(page.body.grants).toHaveLength(2);

    const staff = await signIn(site, { role: 'staff', grant: ['view-purchases'] });
    expect((await client(site.url, staff.cookie).post(`/api/grants/${mine[0].id}/resend`, {})).status).toBe(403);
    const resent = await client(site.url, admin.cookie).post(`/api/grants/${mine[0].id}/resend`, {});
    expect(resent.status).toBe(200);
    expect(resent.body.grant).toMatchObject({ status: 'queued', resendOf: mine[0].id });
    const waiting = await client(site.url, player.cookie).get(`/api/user/purchases/${purchaseId}`);
    expect(waiting.body.inGame).toEqual({ state: 'waiting' });
    const done = await client(site.url, admin.cookie).post(`/api/grants/${resent.body.grant.id}/done`, {
      note: 'Gave the gang by hand',
    });
    expect(done.body.grant).toMatchObject({ status: 'done_by_hand', result: 'Gave the gang by hand' });
    expect(done.body.grant.timeline.at(-1)).toMatchObject({ kind: 'done_by_hand', message: 'Gave the gang by hand' });
    // once done, it cannot be done again
    expect(
      (await client(site.url, admin.cookie).post(`/api/grants/${resent.body.grant.id}/done`, { note: 'x again' }))
        .status,
    ).toBe(409);
  });
});

describe('the grants file at start', () => {
  it('refuses a template naming a value the site does not fill, naming it', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({ 'hood-package': { purchase: [{ command: 'addgang {discordId} {gangName}' }] } }),
    );
    expect(() => loadConfig({ GAME_GRANTS_FILE: file })).toThrow(
      `GAME_GRANTS_FILE ${file}: "hood-package" purchase step 1: {gangName} is not a value the site fills`,
    );
    const start = startServerProcess({ GAME_GRANTS_FILE: file, DATA_DIR: mkdtempSync(join(dir, 'data-')) });
    await expect(start).rejects.toThrow('{gangName} is not a value the site fills');
  });
});

describe('the command-line tool', () => {
  it("lists a player's pending and failed grants, resends one, cancels one and marks one done by hand", async () => {
    const { player } = await buyer();
    const pending = await runCliOn(site.system, ['grants', 'list', '--pending', '--player', player.user.id]);
    expect(pending.code).toBe(0);
    expect(pending.stdout).toContain(`addgang ${player.user.discordId} hood`);
    expect(pending.stdout).toContain('2 grants');
    const offered = await game('/api/game/grants/poll', { server: 'east', online: [player.user.discordId] });
    const [command, event] = offered.body.grants.filter(
      (grant: { discordId: string }) => grant.discordId === player.user.discordId,
    );
    await game('/api/game/grants/reports', {
      server: 'east',
      reports: [{ grantId: command.id, ok: false, message: 'No gang slot free' }],
    });

    const failed = await runCliOn(site.system, ['grants', 'list', '--failed', '--player', player.user.id]);
    expect(failed.stdout).toContain(command.id);
    expect(failed.stdout).toContain('No gang slot free');
    const shown = await runCliOn(site.system, ['grants', 'show', command.id]);
    expect(shown.stdout).toMatch(/failed on east: No gang slot free/);

    // one out with a game server is on its way: it cannot be done by hand yet
    const busy = await runCliOn(site.system, ['grants', 'done', event.id, '--note', 'Given by hand']);
    expect(busy.code).not.toBe(0);
    expect(busy.stderr).toContain('This grant is out with a game server, so it cannot be marked done.');

    const resent = await runCliOn(site.system, ['grants', 'resend', command.id]);
    expect(resent.code).toBe(0);
    const again = /sent again as ([0-9a-f-]{36})/.exec(resent.stdout)?.[1] ?? '';
    expect(again).not.toBe('');
    const cancelled = await runCliOn(site.system, ['grants', 'cancel', again, '--reason', 'Slot given by hand']);
    expect(cancelled.stdout).toContain(`Grant ${again} cancelled.`);
    const done = await runCliOn(site.system, ['grants', 'done', command.id, '--note', 'Gang slot made by hand']);
    expect(done.stdout).toContain('marked done by hand');
    expect((await runCliOn(site.system, ['grants', 'show', command.id])).stdout).toContain(
      'done_by_hand by the terminal: Gang slot made by hand',
    );
  });
});
