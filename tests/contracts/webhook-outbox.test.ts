import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { InMemoryTransactions } from '../../adapters/memory/in-memory-transactions.ts';
import { InMemoryWebhookEndpoints } from '../../adapters/memory/in-memory-webhook-endpoints.ts';
import { InMemoryWebhookOutbox } from '../../adapters/memory/in-memory-webhook-outbox.ts';
import { MikroOrmWebhookEndpoints } from '../../adapters/persistence/mikro-orm-webhook-endpoints.ts';
import { MikroOrmWebhookOutbox } from '../../adapters/persistence/mikro-orm-webhook-outbox.ts';
import type { TransactionRunner } from '../../core/shared/ports.ts';
import type { WebhookEndpoint } from '../../core/webhooks/model/webhook-endpoint.ts';
import type { WebhookAttempt, WebhookMessage } from '../../core/webhooks/model/webhook-message.ts';
import type { WebhookEndpoints, WebhookOutbox } from '../../core/webhooks/ports.ts';
import { describeRepositoryContract, type RepositoryAdapters } from '../support/contract-suite.ts';

interface Harness {
  endpoints: WebhookEndpoints;
  outbox: WebhookOutbox;
  transactions: TransactionRunner;
  run<T>(work: () => Promise<T>): Promise<T>;
}

const adapters: RepositoryAdapters<Harness> = {
  memory: () => {
    const endpoints = new InMemoryWebhookEndpoints();
    const outbox = new InMemoryWebhookOutbox();
    return { endpoints, outbox, transactions: new InMemoryTransactions([endpoints, outbox]), run: (work) => work() };
  },
  database: (db) => ({
    endpoints: new MikroOrmWebhookEndpoints(db.database),
    outbox: new MikroOrmWebhookOutbox(db.database),
    transactions: { run: (work) => db.database.transactional(work) },
    run: (work) => db.database.withContext(work),
  }),
  poolMax: 6,
};

/** an endpoint (oldest first by when it was made) hearing `events` */
const endpointOf = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: randomUUID(),
  url: 'https://hooks.example.com/in',
  description: 'Stats board',
  events: ['purchase.completed', 'player.banned'],
  sealedSecret: 'v1.sealed',
  createdBy: 'Admin',
  createdAt: new Date(Math.floor(Date.now() / 1000) * 1000),
  ...overrides,
});

const messageOf = (endpointId: string, overrides: Partial<WebhookMessage> = {}): WebhookMessage => {
  const at = new Date(Math.floor(Date.now() / 1000) * 1000);
  const id = randomUUID();
  return {
    id,
    endpointId,
    type: 'purchase.completed',
    body: '{"type":"purchase.completed","timestamp":"2026-12-01T00:00:00.000Z","data":{"purchaseId":"p"}}',
    status: 'pending',
    dedupeKey: `purchase.completed:purchase:${id}:${endpointId}`,
    resendOf: null,
    attempts: 0,
    nextAttemptAt: at,
    lastError: null,
    createdAt: at,
    updatedAt: at,
    deliveredAt: null,
    ...overrides,
  };
};

/** one instant for every try written and expected (whole seconds: a timestamp column keeps them exactly) */
const TRIED_AT = new Date(Math.floor(Date.now() / 1000) * 1000);
const tryOf = (messageId: string, number: number, overrides: Partial<WebhookAttempt> = {}): WebhookAttempt => ({
  messageId,
  number,
  at: TRIED_AT,
  statusCode: 500,
  responseBody: 'down',
  durationMs: 12,
  error: null,
  ...overrides,
});

describeRepositoryContract('webhook endpoints and outbox', adapters, (h) => {
  let outbox: WebhookOutbox;
  let endpoints: WebhookEndpoints;
  const run = <T>(work: () => Promise<T>) => h.run(work);
  const added = async (overrides: Partial<WebhookEndpoint> = {}) => {
    const endpoint = endpointOf(overrides);
    await run(() => endpoints.add(endpoint));
    return endpoint;
  };

  beforeAll(() => {
    ({ outbox, endpoints } = h);
  });

  it('keeps endpoints whole, answers those hearing an event, and forgets a removed one', async () => {
    const board = await added();
    const tickets = await added({
      events: ['purchase.refunded'],
      createdAt: new Date(board.createdAt.getTime() + 1000),
    });
    expect(await run(() => endpoints.findById(board.id))).toEqual(board);
    const hearing = await run(() => endpoints.subscribedTo('purchase.refunded'));
    expect(hearing.map((e) => e.id)).toContain(tickets.id);
    expect(hearing.map((e) => e.id)).not.toContain(board.id);
    expect(await run(() => endpoints.remove(tickets.id, 'Admin', new Date()))).toBe(true);
    expect(await run(() => endpoints.remove(tickets.id, 'Admin', new Date()))).toBe(false);
    expect(await run(() => endpoints.findById(tickets.id))).toBeNull();
    expect((await run(() => endpoints.list())).map((e) => e.id)).not.toContain(tickets.id);
    expect(await run(() => endpoints.findById('not-a-uuid'))).toBeNull();
  });

  it('writes one message per dedupe key, and nothing when the transaction that wrote it rolls back', async () => {
    const endpoint = await added();
    const first = messageOf(endpoint.id);
    await run(() => outbox.add([first, messageOf(endpoint.id, { dedupeKey: first.dedupeKey })]));
    expect(await run(() => outbox.listForEndpoint(endpoint.id, 10))).toEqual([{ ...first, tries: [] }]);
    const lost = messageOf(endpoint.id);
    await expect(
      run(() =>
        h.transactions.run(async () => {
          await outbox.add([lost]);
          throw new Error('the purchase could not be completed');
        }),
      ),
    ).rejects.toThrow('the purchase could not be completed');
    expect(await run(() => outbox.findById(lost.id))).toBeNull();
  });

  it('hands each due message to one claimer only, however many claim at once', async () => {
    const endpoint = await added();
    const rows = Array.from({ length: 20 }, () => messageOf(endpoint.id));
    const later = messageOf(endpoint.id, { nextAttemptAt: new Date(Date.now() + 60_000) });
    await run(() => outbox.add([...rows, later]));
    const now = new Date(Date.now() + 1000);
    const claims = await Promise.all(
      Array.from({ length: 4 }, () => run(() => outbox.claimDue(now, 10, new Date(now.getTime() + 60_000)))),
    );
    const claimed = claims.flat().map((row) => row.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    for (const id of rows.map((row) => row.id)) expect(claimed).toContain(id);
    expect(claimed).not.toContain(later.id);
    expect(claims.flat().every((row) => row.status === 'sending' && row.attempts === 1)).toBe(true);
  });

  it('records each try with its outcome, only while the claim is still this worker’s', async () => {
    const endpoint = await added();
    const row = messageOf(endpoint.id);
    await run(() => outbox.add([row]));
    const t0 = new Date(Date.now() + 1000);
    await run(() => outbox.claimDue(t0, 100, new Date(t0.getTime() + 60_000)));
    const retry = new Date(t0.getTime() + 5_000);
    await run(() =>
      outbox.settle(
        row.id,
        {
          status: 'pending',
          nextAttemptAt: retry,
          lastError: 'Try 1: the endpoint answered 500',
          deliveredAt: null,
          updatedAt: t0,
        },
        tryOf(row.id, 1),
      ),
    );
    // settled already: a late outcome writes neither the message nor a try
    await run(() =>
      outbox.settle(
        row.id,
        { status: 'failed', nextAttemptAt: t0, lastError: 'late', deliveredAt: null, updatedAt: t0 },
        tryOf(row.id, 9),
      ),
    );
    await run(() => outbox.claimDue(retry, 100, new Date(retry.getTime() + 60_000)));
    await run(() =>
      outbox.settle(
        row.id,
        { status: 'delivered', nextAttemptAt: retry, lastError: null, deliveredAt: retry, updatedAt: retry },
        tryOf(row.id, 2, {
          statusCode: null,
          responseBody: null,
          error: 'No answer within 10000 ms.',
          durationMs: 10_000,
        }),
      ),
    );
    const [listed] = await run(() => outbox.listForEndpoint(endpoint.id, 10));
    expect(listed).toMatchObject({ status: 'delivered', attempts: 2, lastError: null, deliveredAt: retry });
    expect(listed!.tries).toEqual([
      tryOf(row.id, 1),
      tryOf(row.id, 2, {
        statusCode: null,
        responseBody: null,
        error: 'No answer within 10000 ms.',
        durationMs: 10_000,
      }),
    ]);
    expect((await run(() => outbox.lastResults())).get(endpoint.id)).toEqual({
      status: 'delivered',
      at: retry,
      lastError: null,
    });
  });

  it("lists an endpoint's messages newest first within a limit, and fails its waiting ones when it is removed", async () => {
    const endpoint = await added();
    const base = Date.now() + 10_000;
    const older = messageOf(endpoint.id, {
      createdAt: new Date(base),
      status: 'delivered',
      deliveredAt: new Date(base),
    });
    const newer = messageOf(endpoint.id, { createdAt: new Date(base + 1000) });
    const newest = messageOf(endpoint.id, { createdAt: new Date(base + 2000) });
    await run(() => outbox.add([older, newer, newest]));
    expect((await run(() => outbox.listForEndpoint(endpoint.id, 2))).map((m) => m.id)).toEqual([newest.id, newer.id]);
    const at = new Date(base + 3000);
    await run(() => outbox.failWaiting(endpoint.id, 'The endpoint was removed by Admin.', at));
    expect((await run(() => outbox.listForEndpoint(endpoint.id, 10))).map((m) => [m.id, m.status])).toEqual([
      [newest.id, 'failed'],
      [newer.id, 'failed'],
      [older.id, 'delivered'],
    ]);
    expect(await run(() => outbox.listForEndpoint('not-a-uuid', 10))).toEqual([]);
  });
});
