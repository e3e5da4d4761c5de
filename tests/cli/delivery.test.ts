import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../support/pglite-template.ts';
import { composeSystem } from '../../adapters/compose.ts';
import { loadConfig } from '../../adapters/config.ts';
import { startServer } from '../../adapters/http/server.ts';
import { createLogger } from '../../adapters/logger.ts';
import { runCliInProcess as runCli } from '../support/cli.ts';
import { eventually } from '../support/eventually.ts';
import { FakeDiscord } from '../support/fake-discord.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import type { TestServer } from '../support/test-system.ts';

const SWAMP_BLOOD_ROLE = '500000000000000060';
const HOOD_ROLE = '500000000000000080';
const UNMANAGED_ROLE = '999999999999999999';
const ROLE_PUT = /^\/api\/v10\/guilds\/\d+\/members\/\d+\/roles\/\d+$/;

// The server runs on the embedded database; the CLI reaches the same database through DATA_DIR, and both
// talk to the same fake Discord. Commands run in this process (no start-up per command).
const dataDir = migratedDataDir('cli-delivery-');
let fake: FakeDiscord;
let env: Record<string, string>;
let server: TestServer;

beforeAll(async () => {
  fake = await FakeDiscord.start();
  env = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    STRIPE_SECRET_KEY: '',
    STRIPE_PUBLISHABLE_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    ...fake.env({
      DISCORD_ROLE_MAP: JSON.stringify({ 'swamp-blood': SWAMP_BLOOD_ROLE, 'hood-package': HOOD_ROLE }),
      DELIVERY_MAX_ATTEMPTS: '2',
      DELIVERY_RETRY_BASE_MS: '100',
      DELIVERY_POLL_MS: '50',
    }),
  };
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT_WRITES_PER_MINUTE: '1000',
    ...env,
  });
  const system = await composeSystem(config, { dataDir, logger: createLogger('silent') });
  const running = await startServer(system, { port: 0, host: '127.0.0.1' });
  server = { url: running.url, system, stop: running.stop };
});
afterAll(async () => {
  await server?.stop();
  await fake?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const adminList = async (status?: string) => {
  const admin = await signIn(server, { role: 'admin' });
  return (await client(server.url, admin.cookie).get(`/api/deliveries${status ? `?status=${status}` : ''}`)).body
    .deliveries as { id: string; kind: string; status: string; discordId: string }[];
};

describe('cli delivery and roles', () => {
  it('lists failed deliveries and retries one, which is sent at once', async () => {
    const buyer = await signIn(server);
    fake.addMember(buyer.user.discordId);
    fake.plan('PUT', ROLE_PUT, [{ status: 500, body: { message: 'Internal Server Error' } }], { always: true });
    await buyWithDemoCard(server.url, buyer, { productType: 'whitelist', productId: 'swamp-blood' });
    const failed = await eventually(async () => {
      const rows = (await adminList('failed')).filter((d) => d.discordId === buyer.user.discordId);
      expect(rows).toHaveLength(1);
      return rows[0];
    }, 15_000);
    fake.clearPlans();

    const listed = await runCli(['delivery', 'list', '--failed'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`${failed.id}.*failed\\s+grant role\\s+tries 2\\s+${buyer.user.discordId} role ${SWAMP_BLOOD_ROLE}`),
    );
    expect(listed.stdout).toContain('last error: Try 2: Discord answered 500: Internal Server Error.');
    expect(listed.stdout).toMatch(/\n1 failed deliveries\n$/);
    const json = JSON.parse((await runCli(['delivery', 'list', '--json'], env)).stdout);
    expect(json.find((d: { id: string }) => d.id === failed.id)).toMatchObject({
      status: 'failed',
      kind: 'grant_role',
      attempts: 2,
    });

    const retried = await runCli(['delivery', 'retry', failed.id], env);
    expect(retried.code).toBe(0);
    expect(retried.stdout).toMatch(new RegExp(`${failed.id}.*delivered`));
    expect(fake.members.get(buyer.user.discordId)?.has(SWAMP_BLOOD_ROLE)).toBe(true);
    expect((await runCli(['delivery', 'retry', '--all-failed'], env)).stdout).toContain('No failed deliveries.');

    const again = await runCli(['delivery', 'retry', failed.id], env);
    expect(again.code).toBe(5);
    expect(again.stderr).toContain('Only failed deliveries can be retried: it is delivered.');
    expect((await runCli(['delivery', 'retry'], env)).code).toBe(2);
    expect((await runCli(['delivery', 'retry', '00000000-0000-4000-8000-000000000000'], env)).code).toBe(4);
  }, 90_000);

  it('roles reconcile --dry-run prints the differences and changes nothing; without it, it fixes them', async () => {
    // a buyer who joined the Discord server only after paying: the grant failed (Unknown Member)
    const late = await signIn(server, { username: 'Late Joiner' });
    await buyWithDemoCard(server.url, late, { productType: 'gang', productId: 'hood-package' });
    await eventually(
      async () => expect((await adminList('failed')).some((d) => d.discordId === late.user.discordId)).toBe(true),
      15_000,
    );
    fake.addMember(late.user.discordId);
    // a member who holds a store role nobody paid for, and a role the store does not manage
    const stray = await signIn(server, { username: 'Stray Role' });
    fake.addMember(stray.user.discordId, [HOOD_ROLE, UNMANAGED_ROLE]);
    // a site user who is not in the Discord server
    const absent = await signIn(server, { username: 'Not Joined' });
    // a buyer whose account was erased since: an opaque id, no Discord member to ask about
    const erased = await signIn(server, { username: 'Gone Player' });
    await buyWithDemoCard(server.url, erased, { productType: 'gang', productId: 'starter-gang' });
    const outcome = await server.system.database.withContext(() =>
      server.system.core.privacy!.erase.execute({ userId: erased.user.id, channel: 'cli' }),
    );
    expect(outcome.erased).toBe(true);

    const changesBefore = fake.calls.filter((call) => call.method === 'PUT' || call.method === 'DELETE').length;
    const dry = await runCli(['roles', 'reconcile', '--dry-run'], env);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`+ Late Joiner (${late.user.discordId}) missing role ${HOOD_ROLE}`);
    expect(dry.stdout).toContain(`- Stray Role (${stray.user.discordId}) extra role ${HOOD_ROLE}`);
    expect(dry.stdout).toContain(`? Not Joined (${absent.user.discordId}) is not in the Discord server`);
    expect(dry.stdout).not.toContain(UNMANAGED_ROLE);
    expect(dry.stdout).not.toContain('erased-');
    expect(dry.stdout).toMatch(/\d+ members checked, 2 differences \(dry run: nothing changed\)/);
    expect(fake.calls.filter((call) => call.method === 'PUT' || call.method === 'DELETE').length).toBe(changesBefore);
    expect(fake.members.get(late.user.discordId)?.has(HOOD_ROLE)).toBe(false);
    expect(fake.members.get(stray.user.discordId)?.has(HOOD_ROLE)).toBe(true);

    const real = await runCli(['roles', 'reconcile'], env);
    expect(real.code).toBe(0);
    expect(real.stdout).toContain(`+ Late Joiner (${late.user.discordId}) missing role ${HOOD_ROLE}  (done)`);
    expect(fake.members.get(late.user.discordId)?.has(HOOD_ROLE)).toBe(true);
    expect([...fake.members.get(stray.user.discordId)!]).toEqual([UNMANAGED_ROLE]);

    const after = await runCli(['roles', 'reconcile', '--dry-run', '--json'], env);
    expect(JSON.parse(after.stdout).differences).toEqual([]);
  }, 90_000);

  it('roles reconcile says so when Discord is not configured', async () => {
    const result = await runCli(['roles', 'reconcile', '--dry-run'], {
      ...env,
      DISCORD_BOT_TOKEN: '',
      DISCORD_GUILD_ID: '',
    });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('Discord delivery is not configured: set DISCORD_BOT_TOKEN and DISCORD_GUILD_ID.');
  }, 30_000);
});
