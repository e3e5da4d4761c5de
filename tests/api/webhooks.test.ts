import type { LookupAddress } from 'node:dns';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookMessageDto } from '../../adapters/http/contract/webhooks.ts';
import type { FakeStripe } from '../support/fake-stripe.ts';
import { AGREED } from '../support/checkout-terms.ts';
import { capturedLogger } from '../support/captured-log.ts';
import { eventually } from '../support/eventually.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { deliverWebhook, startStripeTestServer } from '../support/stripe-server.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

const TIMEOUT_MS = 400;

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let site: TestServer;
let fake: FakeStripe;
let stopSite: () => Promise<void>;
let admin: ReturnType<typeof client>;
const log = capturedLogger();

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({
    server: site,
    fake,
    stop: stopSite,
  } = await startStripeTestServer({
    env: {
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      WEBHOOK_MAX_ATTEMPTS: '4',
      DELIVERY_POLL_MS: '50',
      DELIVERY_RETRY_BASE_MS: '100',
    },
    logger: log.logger,
  }));
  admin = client(site.url, (await signIn(site, { role: 'admin' })).cookie);
});
afterAll(async () => {
  await stopSite?.();
  await receiver?.close();
});

/** registers an endpoint on the receiver's `path`: its id and the secret shown once */
async function register(path: string, events: string[] = ['purchase.completed']) {
  const created = await admin.post('/api/webhooks', { url: receiver.url(path), description: path, events });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.endpoint.id as string, secret: created.body.secret as string };
}

/** a Stripe purchase paid, completed by the provider's webhook and by the buyer's page: its id and the time taken */
async function purchase(): Promise<{ purchaseId: string; ms: number }> {
  const buyer = await signIn(site);
  const api = client(site.url, buyer.cookie);
  const started = Date.now();
  const checkout = await api.post('/api/create-payment-intent', {
    ...AGREED,
    productType: 'whitelist',
    productId: 'swamp-blood',
  });
  expect(checkout.status).toBe(200);
  const intentId = checkout.body.paymentIntentId as string;
  const event = fake.signedEvent('payment_intent.succeeded', fake.succeed(intentId));
  expect((await deliverWebhook(site, event)).status).toBe(200);
  expect((await api.post('/api/complete-purchase', { paymentIntentId: intentId })).status).toBe(200);
  return { purchaseId: checkout.body.purchaseId as string, ms: Date.now() - started };
}

const messagesOf = async (endpointId: string) => {
  const listed = await admin.get(`/api/webhooks/${endpointId}/messages`);
  expect(listed.status).toBe(200);
  return listed.body.messages as WebhookMessageDto[];
};

describe('outbound webhooks', () => {
  it('registers an endpoint with its secret shown once; the list and the log never hold the secret', async () => {
    const { id, secret } = await register('/registered', ['purchase.refunded', 'player.banned']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = await admin.get('/api/webhooks');
    const mine = listed.body.endpoints.find((e: { id: string }) => e.id === id);
    expect(mine).toEqual({
      id,
      url: receiver.url('/registered'),
      description: '/registered',
      events: ['purchase.refunded', 'player.banned'],
      createdBy: expect.any(String),
      createdAt: expect.any(String),
      last: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(6));
    expect(JSON.stringify(log.lines)).not.toContain(secret.slice(6));
  });

  it('refuses bad input with a clear 400 and registers nothing', async () => {
    const before = (await admin.get('/api/webhooks')).body.endpoints.length;
    const none = await admin.post('/api/webhooks', { url: receiver.url('/x'), events: [] });
    expect([none.status, none.body.message]).toEqual([400, 'Choose at least one event.']);
    const unknown = await admin.post('/api/webhooks', { url: receiver.url('/x'), events: ['purchase.eaten'] });
    expect(unknown.status).toBe(400);
    const notUrl = await admin.post('/api/webhooks', { url: 'not a url', events: ['purchase.completed'] });
    expect([notUrl.status, notUrl.body.message]).toEqual([
      400,
      'The address must be a full URL, such as https://example.com/hooks.',
    ]);
    expect((await admin.get('/api/webhooks')).body.endpoints).toHaveLength(before);
  });

  it('sends one purchase.completed per endpoint for a purchase completed by the page and by Stripe, each verified', async () => {
    const first = await register('/board');
    const second = await register('/tickets');
    const { purchaseId } = await purchase();

    await eventually(() => {
      expect(receiver.to('/board')).toHaveLength(1);
      expect(receiver.to('/tickets')).toHaveLength(1);
    });
    // time for a second message to arrive, were one written
    await new Promise((done) => setTimeout(done, 300));
    for (const [path, { secret }] of [
      ['/board', first],
      ['/tickets', second],
    ] as const) {
      const [delivery] = receiver.to(path);
      expect(receiver.to(path)).toHaveLength(1);
      const verified = new Webhook(secret).verify(delivery!.body, delivery!.headers);
      expect(verified).toMatchObject({
        type: 'purchase.completed',
        timestamp: expect.any(String),
        data: { purchaseId, productId: 'swamp-blood', status: 'completed', discordId: expect.any(String) },
      });
      expect(delivery!.body).not.toMatch(/pi_|cs_|clientSecret|payment_intent/);
      // the other endpoint's secret does not verify it
      const other = path === '/board' ? second : first;
      expect(() => new Webhook(other.secret).verify(delivery!.body, delivery!.headers)).toThrow();
    }
    const [message] = await messagesOf(first.id);
    expect(message).toMatchObject({ type: 'purchase.completed', status: 'delivered', attempts: 1 });
    expect(message!.tries).toEqual([
      {
        number: 1,
        at: expect.any(String),
        statusCode: 200,
        responseBody: 'ok',
        durationMs: expect.any(Number),
        error: null,
      },
    ]);
  });

  it('retries after a 500 and after a timeout, then delivers; every try is listed; a resend is a fresh message', async () => {
    const { id, secret } = await register('/flaky', ['player.banned']);
    receiver.answer(
      '/flaky',
      { status: 500, body: 'x'.repeat(800) },
      { status: 200, delayMs: TIMEOUT_MS * 3 },
      { status: 202, body: 'thanks' },
    );
    const test = await admin.post(`/api/webhooks/${id}/test`, {});
    expect(test.status).toBe(202);

    const [message] = await eventually(async () => {
      const messages = await messagesOf(id);
      expect(messages[0]).toMatchObject({ type: 'webhook.test', status: 'delivered', attempts: 3 });
      return messages;
    }, 15_000);
    expect(message!.tries.map((t) => [t.number, t.statusCode, t.error])).toEqual([
      [1, 500, null],
      [2, null, `No answer within ${TIMEOUT_MS} ms.`],
      [3, 202, null],
    ]);
    expect(message!.tries[0].responseBody).toBe('x'.repeat(500));
    const ids = new Set(receiver.to('/flaky').map((r) => r.headers['webhook-id']));
    expect(ids).toEqual(new Set([message!.id]));

    const resent = await admin.post(`/api/webhooks/messages/${message!.id}/resend`, {});
    expect(resent.status).toBe(202);
    expect(resent.body.message).toMatchObject({ status: 'pending', resendOf: message!.id, attempts: 0 });
    await eventually(() => expect(receiver.to('/flaky')).toHaveLength(4));
    const fresh = receiver.to('/flaky')[3]!;
    expect(fresh.headers['webhook-id']).toBe(resent.body.message.id);
    expect(new Webhook(secret).verify(fresh.body, fresh.headers)).toMatchObject({ type: 'webhook.test' });
    const unknown = await admin.post('/api/webhooks/messages/00000000-0000-4000-8000-000000000000/resend', {});
    expect([unknown.status, unknown.body.code]).toEqual([404, 'WEBHOOK_MESSAGE_NOT_FOUND']);
  });

  it('an endpoint that never answers slows neither the purchases nor another endpoint', async () => {
    receiver.answer('/hang', 'hang');
    const hanging = await register('/hang');
    const quick = await register('/quick');
    const purchases = [await purchase(), await purchase(), await purchase()];
    for (const { ms } of purchases) expect(ms).toBeLessThan(3_000);
    await eventually(() => expect(receiver.to('/quick')).toHaveLength(3));
    // the receiver has the request before the sender has its answer recorded
    await eventually(async () =>
      expect((await messagesOf(quick.id)).map((m) => m.status)).toEqual(['delivered', 'delivered', 'delivered']),
    );
    const hung = await messagesOf(hanging.id);
    expect(hung.every((m) => m.status !== 'delivered')).toBe(true);
  });

  it('removes an endpoint: it leaves the list and hears nothing more', async () => {
    const { id } = await register('/removed');
    expect((await admin.delete(`/api/webhooks/${id}`)).status).toBe(204);
    expect((await admin.get('/api/webhooks')).body.endpoints.map((e: { id: string }) => e.id)).not.toContain(id);
    expect((await admin.delete(`/api/webhooks/${id}`)).status).toBe(404);
    await purchase();
    await new Promise((done) => setTimeout(done, 300));
    expect(receiver.to('/removed')).toEqual([]);
  });
});

describe('where endpoints may point (WEBHOOK_TARGETS=public-https)', () => {
  let guarded: TestServer;
  let guardedAdmin: ReturnType<typeof client>;
  /** rebind.example.test answers a public address once (when it is added), then loopback */
  let rebindLookups = 0;
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
    if (hostname === 'inside.example.test')
      return [
        { address: '93.184.216.34', family: 4 },
        { address: '10.1.2.3', family: 4 },
      ];
    if (hostname === 'rebind.example.test')
      return [rebindLookups++ === 0 ? { address: '93.184.216.34', family: 4 } : { address: '127.0.0.1', family: 4 }];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  };

  /** a receiver of its own: it counts the connections this server alone makes */
  let target: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    target = await startWebhookReceiver();
    guarded = await startTestServer({
      env: { WEBHOOK_TARGETS: 'public-https', DELIVERY_POLL_MS: '50', WEBHOOK_TIMEOUT_MS: '1000' },
      resolve,
    });
    guardedAdmin = client(guarded.url, (await signIn(guarded, { role: 'admin' })).cookie);
  });
  afterAll(async () => {
    await guarded?.stop();
    await target?.close();
  });

  it('refuses loopback, private, CGNAT, link-local and mapped addresses, names resolving to them, and plain http', async () => {
    const refusals: string[] = [];
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.0.0.1/hook',
      'https://[::1]/hook',
      'https://localhost/hook',
      'https://100.64.1.1/hook',
      'https://169.254.169.254/latest',
      'https://[::ffff:192.168.0.1]/hook',
      'https://inside.example.test/hook',
      'https://nowhere.example.test/hook',
      'http://rebind.example.test/hook',
    ]) {
      const answer = await guardedAdmin.post('/api/webhooks', { url, events: ['purchase.completed'] });
      refusals.push(`${answer.status} ${answer.body.message}`);
    }
    expect(refusals).toEqual([
      '400 The address 127.0.0.1 is a loopback address: endpoints must be on the public internet.',
      '400 The address 10.0.0.1 is a private address: endpoints must be on the public internet.',
      '400 The address ::1 is a loopback address: endpoints must be on the public internet.',
      '400 The address localhost (127.0.0.1) is a loopback address: endpoints must be on the public internet.',
      '400 The address 100.64.1.1 is a shared (CGNAT) address: endpoints must be on the public internet.',
      '400 The address 169.254.169.254 is a link-local address: endpoints must be on the public internet.',
      '400 The address ::ffff:c0a8:1 is a private address: endpoints must be on the public internet.',
      '400 The address inside.example.test (10.1.2.3) is a private address: endpoints must be on the public internet.',
      '400 nowhere.example.test does not resolve to an address.',
      '400 The address must start with https://.',
    ]);
    expect((await guardedAdmin.get('/api/webhooks')).body.endpoints).toEqual([]);
  });

  it('refuses at send time a name that came to resolve to loopback: the error is recorded, no connection made', async () => {
    const created = await guardedAdmin.post('/api/webhooks', {
      url: `https://rebind.example.test:${target.port}/rebound`,
      events: ['purchase.completed'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await guardedAdmin.post(`/api/webhooks/${created.body.endpoint.id}/test`, {})).status).toBe(202);
    const [message] = await eventually(async () => {
      const messages = (await guardedAdmin.get(`/api/webhooks/${created.body.endpoint.id}/messages`)).body.messages;
      expect(messages[0].tries.length).toBeGreaterThan(0);
      return messages;
    });
    expect(message.tries[0]).toMatchObject({
      statusCode: null,
      error:
        'The address rebind.example.test (127.0.0.1) is a loopback address: endpoints must be on the public internet.',
    });
    expect(message.status).not.toBe('delivered');
    expect(target.connections()).toBe(0);
  });
});
