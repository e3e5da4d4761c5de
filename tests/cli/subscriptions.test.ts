import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliOn } from '../support/cli.ts';
import type { FakeStripe } from '../support/fake-stripe.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { startStripeTestServer } from '../support/stripe-server.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

let demo: TestServer;
let stripe: { server: TestServer; fake: FakeStripe; stop(): Promise<void> };
beforeAll(async () => {
  [demo, stripe] = await Promise.all([sharedTestServer(), startStripeTestServer()]);
});
afterAll(async () => {
  await stripe?.stop();
});

describe('subscriptions commands', () => {
  it('lists, shows, renews (demo) and cancels a membership', async () => {
    const buyer = await signIn(demo, { username: 'Marie Laveau' });
    await buyWithDemoCard(demo.url, buyer, { productType: 'whitelist', productId: 'parish-life' });
    const listed = await runCliOn(demo.system, ['subscriptions', 'list', '--status', 'active', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const row = (JSON.parse(listed.stdout) as Array<Record<string, unknown>>).find(
      (one) => one.discordId === buyer.user.discordId,
    );
    expect(row).toMatchObject({ tier: 'parish-life', status: 'active', cancelAtPeriodEnd: false });
    const id = row!.id as string;

    const periodEnd = new Date(row!.currentPeriodEnd as string);
    const renewed = await runCliOn(demo.system, [
      'subscriptions',
      'renew-due',
      '--now',
      new Date(periodEnd.getTime() + 60_000).toISOString(),
    ]);
    expect(renewed.code, renewed.stderr).toBe(0);
    expect(renewed.stdout).toMatch(/\d+ renewed, 0 failed/);
    const shown = await runCliOn(demo.system, ['subscriptions', 'show', id]);
    expect(shown.stdout).toContain('Marie Laveau');
    expect(shown.stdout.match(/renewal/g)).toHaveLength(1);
    expect(shown.stdout).toMatch(/Next charge: \$40\.00/);
    expect(await (await client(demo.url, buyer.cookie).get('/api/user/tokens')).body.tokens).toBe(100);

    const canceled = await runCliOn(demo.system, ['subscriptions', 'cancel', id]);
    expect(canceled.stdout).toMatch(/benefits last until .* and nothing more is charged/);
    const ended = await runCliOn(demo.system, ['subscriptions', 'cancel', id, '--now']);
    expect(ended.stdout).toContain(`Ended ${id}`);
    expect((await client(demo.url, buyer.cookie).get('/api/membership')).body.membership.status).toBe('ended');

    const bad = await runCliOn(demo.system, ['subscriptions', 'renew-due', '--now', 'tomorrow']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--now must be an ISO date and time');
  });

  it('prices: shows what is missing at Stripe (exit 5), --sync makes it, then every tier is ok', async () => {
    const checked = await runCliOn(stripe.server.system, ['subscriptions', 'prices']);
    expect(checked.code).toBe(5);
    expect(checked.stdout).toMatch(/swamp-blood\s+\$60\.00\/month\s+priority-pass-swamp-blood-monthly\s+missing/);
    expect(checked.stderr).toContain("run 'subscriptions prices --sync'");

    const synced = await runCliOn(stripe.server.system, ['subscriptions', 'prices', '--sync', '--json']);
    expect(synced.code, synced.stderr).toBe(0);
    const states = JSON.parse(synced.stdout) as Array<{ tierId: string; problem: string | null; priceId: string }>;
    expect(states.map((state) => [state.tierId, state.problem])).toEqual([
      ['bayou-basic', null],
      ['parish-life', null],
      ['swamp-blood', null],
      ['gator-crown', null],
      ['voodoo-experience', null],
    ]);

    // a price changed at Stripe is reported, and --sync moves the lookup key to a right one
    const swamp = [...stripe.fake.billing.prices.values()].find(
      (p) => p.lookup_key === 'priority-pass-swamp-blood-monthly',
    )!;
    swamp.unit_amount = 5500;
    const drifted = await runCliOn(stripe.server.system, ['subscriptions', 'prices']);
    expect(drifted.code).toBe(5);
    expect(drifted.stdout).toContain('bills 5500 cents, not 6000');
    expect((await runCliOn(stripe.server.system, ['subscriptions', 'prices', '--sync'])).code).toBe(0);
    expect(swamp.lookup_key).toBeNull();

    const onDemo = await runCliOn(demo.system, ['subscriptions', 'prices']);
    expect(onDemo.code).toBe(2);
    expect(onDemo.stderr).toContain('Stripe is not configured');
  });
});
