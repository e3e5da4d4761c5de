import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  realPostgresReachable,
  REAL_POSTGRES_URL,
  type TestDatabase,
} from '../support/databases.ts';
import { eventually } from '../support/eventually.ts';
import { FakeFiveM } from '../support/fake-fivem.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { devSignIn, randomDiscordId } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';

// the resource against two site workers sharing one Postgres: their polls land on either worker
const KEY = 'workers-grants-key-0123456789abcdef';
const reachable = await realPostgresReachable();

describe.skipIf(!reachable)('grants through the bayou-bridge resource, two site workers on Postgres', () => {
  let database: TestDatabase;
  let dir: string;
  let site: ServerProcess;
  const running: FakeFiveM[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres', REAL_POSTGRES_URL);
    dir = mkdtempSync(join(tmpdir(), 'bayou-grants-workers-'));
    writeFileSync(
      join(dir, 'grants.json'),
      JSON.stringify({ 'hood-package': { purchase: [{ command: 'addgang {discordId} hood' }] } }),
    );
    site = await startServerProcess({
      DATABASE_URL: database.url as string,
      DATA_DIR: dir,
      SESSION_SECRET: 'one-secret-shared-by-every-worker-0123456789',
      WEB_CONCURRENCY: '2',
      GAME_API_KEY: KEY,
      GAME_GRANTS_FILE: join(dir, 'grants.json'),
      GAME_GRANT_LEASE_SECONDS: '1',
      RATE_LIMIT_GAME_PER_MINUTE: '100000',
    });
  }, 60_000);
  afterEach(() => {
    for (const server of running.splice(0)) server.stop();
  });
  afterAll(async () => {
    if (site && site.child.exitCode === null) {
      site.child.kill('SIGTERM');
      await site.exited;
    }
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const fivem = (name: string) => {
    const server = new FakeFiveM({
      bayou_site_url: site.url,
      bayou_api_key: KEY,
      bayou_grants_poll_ms: '50',
      bayou_server_name: name,
    });
    running.push(server);
    return server;
  };
  const buyer = async () => {
    const discordId = randomDiscordId();
    return { discordId, cookie: await devSignIn(site.url, { discordId }) };
  };
  const count = (server: FakeFiveM, command: string) => server.state.commands.filter((c) => c === command).length;

  it('holds the grant of a player who is away, and runs it once when they join', async () => {
    const server = fivem('main');
    const player = await buyer();
    await buyWithDemoCard(site.url, player, { productType: 'gang', productId: 'hood-package' });
    const command = `addgang ${player.discordId} hood`;
    await new Promise((done) => setTimeout(done, 400));
    expect(count(server, command)).toBe(0);
    server.joined(server.seat([`discord:${player.discordId}`]));
    await eventually(() => expect(count(server, command)).toBe(1));
    await new Promise((done) => setTimeout(done, 1_500));
    expect(count(server, command)).toBe(1);
  }, 30_000);

  it('gives each grant to one of two game servers asking together', async () => {
    const player = await buyer();
    for (let i = 0; i < 4; i++)
      await buyWithDemoCard(site.url, player, { productType: 'gang', productId: 'hood-package' });
    const east = fivem('east');
    const west = fivem('west');
    east.seat([`discord:${player.discordId}`]);
    west.seat([`discord:${player.discordId}`]);
    const command = `addgang ${player.discordId} hood`;
    await eventually(() => expect(count(east, command) + count(west, command)).toBe(4));
    // past a lease: nothing reported is offered again
    await new Promise((done) => setTimeout(done, 1_500));
    expect(count(east, command) + count(west, command)).toBe(4);
  }, 30_000);
});
