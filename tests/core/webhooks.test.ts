import { describe, expect, it } from 'vitest';
import { DEMO_CARDS } from '../../adapters/payments/demo-payment-gateway.ts';
import type { WebhookBody } from '../../core/webhooks/model/webhook-events.ts';
import { AGREED } from '../support/checkout-terms.ts';
import { Catalogue } from '../../core/catalogue/model/catalogue.ts';
import { readGrantPlan } from '../../core/grants/model/grant-plan.ts';
import { person, whitelistAnswers } from '../support/application-builders.ts';
import { composeInMemory } from '../support/compose-in-memory.ts';
import { coreFixture } from './core-fixture.ts';
import { addBuyer, purchasesFixture } from './purchases-fixture.ts';

const hood = { productType: 'gang', productId: 'hood-package' };
type Fixture = ReturnType<typeof purchasesFixture>;

async function buy(fixture: Fixture) {
  const started = await fixture.store.startCheckout.execute({ ...AGREED, buyer: fixture.buyer, ...hood });
  const intent = await fixture.gateway.confirm(started.clientSecret, { number: DEMO_CARDS.success });
  return {
    intent,
    purchase: (await fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: intent.id }))
      .purchase,
  };
}

const webhooksOf = (fixture: Fixture) => fixture.memory.core.webhooks;
const register = (fixture: Fixture, events: string[], url = 'https://hooks.example.com/in') =>
  webhooksOf(fixture).add.execute({
    endpoint: { url, description: 'Stats board', events: events as never },
    by: 'Admin',
  });
const messagesOf = (fixture: Fixture, endpointId: string) => webhooksOf(fixture).messages.execute({ endpointId });

describe('outbound webhooks in the core', () => {
  it('a purchase with no endpoint registered writes no message', async () => {
    const fixture = purchasesFixture();
    await buy(fixture);
    expect(await fixture.memory.stores.webhookMessages.lastResults()).toEqual(new Map());
  });

  it('gives a whsec_ secret of 24 random bytes once, and keeps only its sealed form', async () => {
    const fixture = purchasesFixture();
    const { endpoint, secret } = await register(fixture, ['purchase.completed']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    expect(JSON.stringify(endpoint)).not.toContain(secret.slice(6));
    const [listed] = await webhooksOf(fixture).list.execute();
    expect(JSON.stringify(listed)).not.toContain(secret.slice(6));
  });

  it('refuses an endpoint with no events, an unknown event or a bad address, with a clear message', async () => {
    const fixture = purchasesFixture();
    await expect(register(fixture, [])).rejects.toMatchObject({
      code: 'WEBHOOK_ENDPOINT_INVALID',
      message: 'Choose at least one event.',
    });
    await expect(register(fixture, ['purchase.eaten'])).rejects.toMatchObject({ code: 'WEBHOOK_ENDPOINT_INVALID' });
    await expect(register(fixture, ['purchase.completed'], 'ftp://x.example.com')).rejects.toMatchObject({
      message: 'The address must start with https:// (or http:// where plain HTTP is allowed).',
    });
    expect(await webhooksOf(fixture).list.execute()).toEqual([]);
  });

  it('writes one message per subscribed endpoint with the public facts, and a completion twice writes it once', async () => {
    const fixture = purchasesFixture();
    const board = await register(fixture, ['purchase.completed']);
    const tickets = await register(fixture, ['purchase.refunded']);
    const { purchase, intent } = await buy(fixture);
    // the provider's webhook completes the same purchase again
    await fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: intent.id });

    const messages = await messagesOf(fixture, board.endpoint.id);
    expect(messages).toHaveLength(1);
    const body = JSON.parse(messages[0]!.body) as WebhookBody<'purchase.completed'>;
    expect(body).toMatchObject({
      type: 'purchase.completed',
      data: {
        purchaseId: purchase.id,
        productId: 'hood-package',
        priceCents: purchase.priceCents,
        status: 'completed',
        userId: fixture.buyer.id,
        discordId: '100000000000000001',
      },
    });
    expect(messages[0]!.body).not.toContain(intent.id);
    expect(messages[0]!.body).not.toContain('jean@example.com');
    expect(await messagesOf(fixture, tickets.endpoint.id)).toEqual([]);
  });

  it('signs every try with the secret shown, retries a 500 with a growing wait, then delivers', async () => {
    const fixture = purchasesFixture();
    const { endpoint, secret } = await register(fixture, ['purchase.completed']);
    await buy(fixture);
    const sender = fixture.memory.webhookSender;
    sender.answerWith(() => ({ statusCode: 500, body: 'x'.repeat(900), durationMs: 12 }));
    expect(await webhooksOf(fixture).sendDue.execute()).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    // not due yet: the wait after the first try
    expect(await webhooksOf(fixture).sendDue.execute()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    fixture.advance(1);
    sender.answerWith(() => ({ statusCode: 204, body: '', durationMs: 3 }));
    expect(await webhooksOf(fixture).sendDue.execute()).toEqual({ delivered: 1, retrying: 0, failed: 0 });

    // both tries are the same message, signed with the secret the admin was shown
    expect(sender.sent.map((request) => [request.id, request.secret, request.url])).toEqual([
      [sender.sent[0]!.id, secret, 'https://hooks.example.com/in'],
      [sender.sent[0]!.id, secret, 'https://hooks.example.com/in'],
    ]);
    const [message] = await messagesOf(fixture, endpoint.id);
    expect(message).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(message!.tries.map((t) => [t.number, t.statusCode, t.responseBody?.length])).toEqual([
      [1, 500, 500],
      [2, 204, 0],
    ]);
  });

  it('leaves a message failed after its last try, and a resend sends it again as a fresh message', async () => {
    const fixture = purchasesFixture();
    const { endpoint } = await register(fixture, ['purchase.completed']);
    await buy(fixture);
    fixture.memory.webhookSender.answerWith(() => ({ error: 'connect ECONNREFUSED', durationMs: 2 }));
    for (let tried = 0; tried < 8; tried++) {
      await webhooksOf(fixture).sendDue.execute();
      fixture.advance(20);
    }
    const [failed] = await messagesOf(fixture, endpoint.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 8, lastError: 'Try 8: connect ECONNREFUSED' });

    fixture.memory.webhookSender.answerWith(() => ({ statusCode: 200, body: 'ok', durationMs: 1 }));
    const fresh = await webhooksOf(fixture).resend.execute({ messageId: failed!.id });
    expect(fresh).toMatchObject({ status: 'pending', resendOf: failed!.id, attempts: 0, body: failed!.body });
    expect(fresh.id).not.toBe(failed!.id);
    await webhooksOf(fixture).sendDue.execute();
    const [resent, original] = await messagesOf(fixture, endpoint.id);
    expect([resent!.status, original!.status]).toEqual(['delivered', 'failed']);
    await expect(webhooksOf(fixture).resend.execute({ messageId: fresh.id })).resolves.toMatchObject({
      status: 'pending',
    });
  });

  it('tells of a ban, its lifting and a refund to the endpoint hearing them', async () => {
    const fixture = purchasesFixture();
    const { endpoint } = await register(fixture, ['player.banned', 'player.unbanned', 'purchase.refunded']);
    const { purchase, intent } = await buy(fixture);
    const core = fixture.memory.core;
    await core.players.ban.execute(
      { userId: fixture.buyer.id, reason: 'Chargeback fraud' },
      { actor: null, channel: 'cli' },
    );
    fixture.advance(1);
    await core.players.unban.execute(
      { userId: fixture.buyer.id, reason: 'Paid back' },
      { actor: null, channel: 'cli' },
    );
    fixture.advance(1);
    await fixture.store.handleEvent.execute({
      id: 'evt_r',
      type: 'refunded',
      intentId: intent.id,
      reason: 'requested',
    });
    const bodies = (await messagesOf(fixture, endpoint.id)).map((m) => JSON.parse(m.body));
    expect(bodies.map((b) => b.type)).toEqual(['purchase.refunded', 'player.unbanned', 'player.banned']);
    expect(bodies[2].data).toMatchObject({
      userId: fixture.buyer.id,
      discordId: '100000000000000001',
      reason: 'Chargeback fraud',
      actor: 'Terminal (no --as)',
    });
    expect(bodies[0].data).toMatchObject({ purchaseId: purchase.id, status: 'refunded' });
  });

  it('removing an endpoint fails its waiting messages; it hears nothing more', async () => {
    const fixture = purchasesFixture();
    const { endpoint } = await register(fixture, ['purchase.completed']);
    await buy(fixture);
    await webhooksOf(fixture).remove.execute({ id: endpoint.id, by: 'Admin' });
    expect(await webhooksOf(fixture).list.execute()).toEqual([]);
    const [message] = await fixture.memory.stores.webhookMessages.listForEndpoint(endpoint.id, 10);
    expect(message).toMatchObject({ status: 'failed', lastError: 'The endpoint was removed by Admin.' });
    await expect(webhooksOf(fixture).remove.execute({ id: endpoint.id, by: 'Admin' })).rejects.toMatchObject({
      code: 'WEBHOOK_ENDPOINT_NOT_FOUND',
    });
  });
});

describe('the events recorded where they happen', () => {
  const bodiesOf = async (core: Fixture['memory']['core'], endpointId: string) =>
    (await core.webhooks.messages.execute({ endpointId })).map((m) => JSON.parse(m.body) as WebhookBody).reverse();

  it('tells of a Priority Pass started, renewed and ended', async () => {
    const fixture = purchasesFixture();
    const { endpoint } = await register(fixture, ['membership.started', 'membership.renewed', 'membership.ended']);
    const started = await fixture.store.startCheckout.execute({
      ...AGREED,
      buyer: fixture.buyer,
      productType: 'whitelist',
      productId: 'swamp-blood',
    });
    const intent = await fixture.gateway.confirm(started.clientSecret, { number: DEMO_CARDS.success });
    await fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: intent.id });
    const [membership] = await fixture.memory.stores.memberships.due(new Date(Date.now() + 400 * 86_400_000), 10);
    fixture.advance(1);
    await fixture.memberships.renewDue.execute({ now: new Date(membership!.currentPeriodEnd.getTime() + 3_600_000) });
    fixture.advance(1);
    await fixture.memberships.cancelAsAdmin.execute(membership!.id, { now: true, reason: 'asked to stop' });

    const bodies = await bodiesOf(fixture.memory.core, endpoint.id);
    expect(bodies.map((b) => b.type)).toEqual(['membership.started', 'membership.renewed', 'membership.ended']);
    for (const body of bodies)
      expect(body.data).toMatchObject({
        membershipId: membership!.id,
        userId: fixture.buyer.id,
        discordId: '100000000000000001',
        tierId: 'swamp-blood',
      });
    expect(bodies[2]!.data).toMatchObject({ status: 'ended', endedAt: expect.any(String) });
  });

  it("tells of a game server's grant that ran and one that failed, in the report's transaction", async () => {
    const read = readGrantPlan(
      { 'hood-package': { purchase: [{ command: 'addgang {discordId} hood' }, { event: 'bayou:grant' }] } },
      new Catalogue(),
    );
    if ('problems' in read) throw new Error(read.problems.join('\n'));
    const fixture = purchasesFixture({ grants: read.plan });
    const { endpoint } = await register(fixture, ['grant.delivered', 'grant.failed']);
    const { purchase } = await buy(fixture);
    const { grants } = await fixture.memory.core.grants.poll.execute({
      server: 'main',
      online: ['100000000000000001'],
    });
    const [ran, failed] = grants.filter((grant) => grant.purchaseId === purchase.id);
    await fixture.memory.core.grants.report.execute({
      server: 'main',
      reports: [
        { grantId: ran!.id, ok: true, message: 'ran' },
        { grantId: failed!.id, ok: false, message: 'no such gang' },
      ],
    });
    const bodies = await bodiesOf(fixture.memory.core, endpoint.id);
    expect(bodies.map((b) => [b.type, (b.data as { grantId: string }).grantId]).sort()).toEqual(
      [
        ['grant.delivered', ran!.id],
        ['grant.failed', failed!.id],
      ].sort(),
    );
    expect(bodies.find((b) => b.type === 'grant.failed')!.data).toMatchObject({
      channel: 'game',
      purchaseId: purchase.id,
      productId: 'hood-package',
      action: 'purchase',
      message: 'no such gang',
    });
  });

  it('tells of a Discord role given, once its delivery is settled', async () => {
    const memory = composeInMemory({
      discord: { bot: true, staffChannel: false },
      roles: { products: { 'hood-package': '500000000000000080' }, whitelistRoleId: null },
      clock: { now: () => new Date('2026-11-22T12:00:00Z') },
    });
    const buyer = addBuyer(memory.stores.users, new Date('2026-11-22T12:00:00Z'));
    const { endpoint } = await memory.core.webhooks.add.execute({
      endpoint: { url: 'https://hooks.example.com/roles', events: ['grant.delivered'] },
      by: 'Admin',
    });
    const started = await memory.core.purchases.startCheckout.execute({ ...AGREED, buyer, ...hood });
    const intent = await memory.gateway.confirm(started.clientSecret, { number: DEMO_CARDS.success });
    await memory.core.purchases.complete.execute({ buyerId: buyer.id, paymentIntentId: intent.id });
    expect(await memory.core.webhooks.messages.execute({ endpointId: endpoint.id })).toEqual([]);
    await memory.core.delivery.deliverDue.execute();
    const [message] = await memory.core.webhooks.messages.execute({ endpointId: endpoint.id });
    expect(JSON.parse(message!.body)).toMatchObject({
      type: 'grant.delivered',
      data: {
        channel: 'discord',
        roleId: '500000000000000080',
        discordId: '100000000000000001',
        purchaseId: started.purchase.id,
      },
    });
  });

  it('tells of an application decided, approved or denied, and not of one put under review', async () => {
    const fixture = coreFixture();
    const { core } = fixture;
    const { endpoint } = await core.webhooks.add.execute({
      endpoint: { url: 'https://hooks.example.com/apps', events: ['application.decided'] },
      by: 'Admin',
    });
    const staff = person('staff');
    const whitelist = await core.applications.submit.execute({ applicant: person(), answers: whitelistAnswers() });
    await core.applications.review.execute({
      id: whitelist.id,
      status: 'rejected',
      notes: 'Backstory too thin.',
      notesRequired: true,
      reviewer: staff,
      channel: 'web',
    });
    const bodies = await bodiesOf(core as Fixture['memory']['core'], endpoint.id);
    expect(bodies).toEqual([
      {
        type: 'application.decided',
        timestamp: expect.any(String),
        data: {
          applicationId: whitelist.id,
          kind: 'whitelist',
          decision: 'denied',
          status: 'rejected',
          userId: whitelist.userId,
          discordId: whitelist.discordId,
          decidedAt: expect.any(String),
        },
      },
    ]);
  });
});
