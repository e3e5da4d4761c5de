import { describe, expect, it } from 'vitest';
import { Catalogue } from '../../core/catalogue/model/catalogue.ts';
import { type GrantPlan, readGrantPlan, writeCommand } from '../../core/grants/model/grant-plan.ts';
import { DEMO_CARDS } from '../../adapters/payments/demo-payment-gateway.ts';
import { addBuyer, purchasesFixture } from './purchases-fixture.ts';
import { AGREED } from '../support/checkout-terms.ts';

const catalogue = new Catalogue();

function plan(raw: unknown): GrantPlan {
  const read = readGrantPlan(raw, catalogue);
  if ('problems' in read) throw new Error(read.problems.join('\n'));
  return read.plan;
}

const GANG = plan({
  'hood-package': {
    purchase: [{ command: 'addgang {discordId} hood' }, { event: 'bayou:grant', online: false }],
    refund: [{ command: 'removegang {discordId}' }],
  },
});

async function bought(fixture: ReturnType<typeof purchasesFixture>, buyer = fixture.buyer) {
  const started = await fixture.store.startCheckout.execute({
    ...AGREED,
    buyer,
    productType: 'gang',
    productId: 'hood-package',
  });
  const intent = await fixture.gateway.confirm(started.clientSecret, { number: DEMO_CARDS.success });
  return (await fixture.store.complete.execute({ buyerId: buyer.id, paymentIntentId: intent.id })).purchase;
}

/** the fixture's buyer's Discord id (purchases-fixture.ts) */
const BUYER_DISCORD_ID = '100000000000000001';

const poll = (fixture: ReturnType<typeof purchasesFixture>, online: string[], server = 'main') =>
  fixture.memory.core.grants.poll.execute({ server, online });
const report = (fixture: ReturnType<typeof purchasesFixture>, reports: { grantId: string; ok: boolean }[]) =>
  fixture.memory.core.grants.report.execute({
    server: 'main',
    reports: reports.map((each) => ({ ...each, message: each.ok ? 'ran' : 'no such gang' })),
  });
const statuses = async (fixture: ReturnType<typeof purchasesFixture>, purchaseId: string) =>
  (await fixture.memory.core.grants.show.execute([purchaseId])).map((grant) => `${grant.action}:${grant.status}`);

describe('the grants file', () => {
  it('is read against the catalogue, naming every problem where it is', () => {
    const read = readGrantPlan(
      {
        'no-such-thing': { purchase: [{ command: 'x' }] },
        'bayou-chains:gold-plated': { purchase: [{ command: 'x' }] },
        'starter-gang': {
          purchase: [
            { command: 'addgang {discordId} {gangName}' },
            { command: 'note {banReason}' },
            { command: 'x', event: 'y' },
          ],
          upgrade: [{ command: 'x' }],
        },
      },
      catalogue,
    );
    expect('problems' in read && read.problems).toEqual([
      '"no-such-thing" is not a product of the catalogue.',
      '"bayou-chains:gold-plated": Bayou Chains has no option "gold-plated".',
      '"starter-gang" purchase step 1: {gangName} is not a value the site fills; the values are {discordId}, {grantId}, {purchaseId}, {product}, {option}, {quantity}, {action}.',
      '"starter-gang" purchase step 2: {banReason} is what a player typed, and a console command may not carry it.',
      '"starter-gang" purchase step 3: give either "command" or "event".',
      '"starter-gang": "upgrade" is not an action; the actions are purchase, renewal, expiry, refund, dispute.',
    ]);
    expect(
      'plan' in readGrantPlan({ 'bayou-chains:iced-out': { purchase: [{ event: 'bayou:chain' }] } }, catalogue),
    ).toBe(true);
  });

  it('refuses to write a command whose value holds what a console splits on', () => {
    const values = {
      discordId: '123456789012345678',
      grantId: 'g',
      purchaseId: 'p',
      product: 'hood-package',
      option: '',
      quantity: '1',
      action: 'purchase' as const,
    };
    expect(writeCommand('addgang {discordId} hood', values)).toEqual({ command: 'addgang 123456789012345678 hood' });
    for (const bad of ['1; quit', '1\nquit', '1 quit', '"1"'])
      expect(writeCommand('addgang {discordId} hood', { ...values, discordId: bad })).toHaveProperty('refused');
  });
});

describe('grants written with their purchase', () => {
  it("writes each step once with the purchase, and never puts a player's odd Discord id into a command", async () => {
    const fixture = purchasesFixture({ grants: GANG });
    const started = await fixture.store.startCheckout.execute({
      ...AGREED,
      buyer: fixture.buyer,
      productType: 'gang',
      productId: 'hood-package',
    });
    const intent = await fixture.gateway.confirm(started.clientSecret, { number: DEMO_CARDS.success });
    const { purchase: completed } = await fixture.store.complete.execute({
      buyerId: fixture.buyer.id,
      paymentIntentId: intent.id,
    });
    // the same completion again writes nothing more
    await fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: intent.id });
    expect(await statuses(fixture, completed.id)).toEqual(['purchase:queued', 'purchase:queued']);

    const odd = addBuyer(fixture.users, new Date('2026-11-22T12:00:00Z'), {
      discordId: '1; quit',
      email: null,
      discordUsername: 'odd',
      username: null,
    });
    const oddPurchase = await bought(fixture, odd);
    const grants = await fixture.memory.core.grants.show.execute([oddPurchase.id]);
    const command = grants.find((grant) => grant.kind === 'command');
    expect(command).toMatchObject({ status: 'failed', command: null });
    expect(command?.result).toContain('{discordId}');
    // nothing of it is offered to a game server, and staff are told
    const offered = (await poll(fixture, ['1; quit'])).grants.filter((grant) => grant.purchaseId === oddPurchase.id);
    expect(offered.map((grant) => grant.kind)).toEqual(['event']);
    const told = (await fixture.memory.core.delivery.forPurchases.execute([oddPurchase.id])).get(oddPurchase.id);
    expect(told?.some((delivery) => delivery.kind === 'notify_staff')).toBe(true);
  });
});

describe('reports', () => {
  it('answer an unknown grant with 404 and change nothing; the same report twice gets the same answer', async () => {
    const fixture = purchasesFixture({ grants: GANG });
    const completed = await bought(fixture);
    const { grants } = await poll(fixture, [BUYER_DISCORD_ID]);
    expect(grants).toHaveLength(2);
    const [first, second] = grants;
    await expect(
      report(fixture, [
        { grantId: first!.id, ok: true },
        { grantId: '00000000-0000-4000-8000-000000000000', ok: true },
      ]),
    ).rejects.toMatchObject({ code: 'GRANT_NOT_FOUND', kind: 'not_found' });
    expect(await statuses(fixture, completed.id)).toEqual(['purchase:offered', 'purchase:offered']);

    const answer = await report(fixture, [
      { grantId: first!.id, ok: true },
      { grantId: second!.id, ok: false },
    ]);
    expect(answer).toEqual([
      { grantId: first!.id, status: 'ran' },
      { grantId: second!.id, status: 'failed' },
    ]);
    expect(
      await report(fixture, [
        { grantId: first!.id, ok: true },
        { grantId: second!.id, ok: false },
      ]),
    ).toEqual(answer);
    // a late word the other way changes nothing either
    expect(await report(fixture, [{ grantId: second!.id, ok: true }])).toEqual([
      { grantId: second!.id, status: 'failed' },
    ]);
  });

  it("hold a refund's steps while a grant is out: run them if it ran, cancel them if it failed", async () => {
    for (const ranFirst of [true, false]) {
      const fixture = purchasesFixture({ grants: GANG });
      const completed = await bought(fixture);
      const { grants } = await poll(fixture, [BUYER_DISCORD_ID]);
      await fixture.store.refund.execute({ id: completed.id, reason: 'Refund asked for' });
      expect(await statuses(fixture, completed.id)).toEqual(['purchase:offered', 'purchase:offered', 'refund:held']);
      // nothing held is offered
      expect((await poll(fixture, [BUYER_DISCORD_ID])).grants).toEqual([]);
      await report(
        fixture,
        grants.map((grant) => ({ grantId: grant.id, ok: ranFirst })),
      );
      expect(await statuses(fixture, completed.id)).toEqual(
        ranFirst
          ? ['purchase:ran', 'purchase:ran', 'refund:queued']
          : ['purchase:failed', 'purchase:failed', 'refund:cancelled'],
      );
    }
  });

  it('a grant out with one server is offered to another only once its lease has run out', async () => {
    const fixture = purchasesFixture({ grants: GANG });
    await bought(fixture);
    const online = [BUYER_DISCORD_ID];
    expect((await poll(fixture, online, 'east')).grants).toHaveLength(2);
    expect((await poll(fixture, online, 'west')).grants).toHaveLength(0);
    fixture.advance(2);
    const west = await poll(fixture, online, 'west');
    expect(west.grants.map((grant) => [grant.server, grant.offers])).toEqual([
      ['west', 2],
      ['west', 2],
    ]);
  });
});
