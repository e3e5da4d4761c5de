import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListResponseCache } from '../../adapters/http/middleware/list-response-cache.ts';
import { whitelistAnswers } from '../support/application-builders.ts';
import { client, rawGet } from '../support/http.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { databaseTargets } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

/** the raw answer: status, the headers a cache could get wrong (not the date or the request id), and the bytes */
async function raw(url: string, cookie: string, gzip: boolean) {
  const { headers, ...answer } = await rawGet(url, { cookie, ...(gzip ? { 'accept-encoding': 'gzip' } : {}) });
  const { date: _date, 'x-request-id': _id, ...kept } = headers;
  return { ...answer, headers: kept };
}

/** an announced change: the feed hears it at once on Postgres, within a quarter second on the embedded database */
const announced = { timeout: 700, interval: 20 };

describe.each(databaseTargets())('staff lists answered from memory stay true to the database (%s)', (target) => {
  let server: TestServer;
  let admin: SignedIn;
  let staff: SignedIn;
  const statusOf = async (reader: SignedIn, id: string) =>
    (await client(server.url, reader.cookie).get('/api/applications?pageSize=50')).body.applications.find(
      (row: { id: string }) => row.id === id,
    )?.status;

  beforeAll(async () => {
    server = await startTestServer({ target });
    admin = await signIn(server, { role: 'admin' });
    staff = await signIn(server, { role: 'staff' });
  });
  afterAll(() => server?.stop());

  it('sends a list read again with the same headers and bytes, plain and gzipped, and keeps each reader apart', async () => {
    // enough rows for the answer to be worth compressing
    let applicant = admin;
    for (let i = 0; i < 8; i++) {
      applicant = await signIn(server);
      const created = await client(server.url, applicant.cookie).post('/api/applications', whitelistAnswers());
      expect(created.status).toBe(201);
    }
    await buyWithDemoCard(server.url, applicant, {
      productType: 'addon',
      productId: 'custom-tattoos',
      option: 'face-neck-head',
    });
    for (const path of ['/api/applications?pageSize=50', '/api/purchases?limit=50']) {
      for (const gzip of [false, true]) {
        const first = await raw(`${server.url}${path}`, admin.cookie, gzip);
        const again = await raw(`${server.url}${path}`, admin.cookie, gzip);
        expect(first.status).toBe(200);
        expect(again).toEqual(first);
        expect(first.headers['cache-control']).toBe('no-store');
        if (path.startsWith('/api/applications'))
          expect(first.headers['content-encoding']).toBe(gzip ? 'gzip' : undefined);
      }
    }
    // a player is refused even right after an admin's read was kept
    expect((await raw(`${server.url}/api/purchases?limit=50`, applicant.cookie, false)).status).toBe(403);
    // staff may read the review list, not the admin's purchases
    expect((await raw(`${server.url}/api/applications?pageSize=50`, staff.cookie, false)).status).toBe(200);
    expect((await raw(`${server.url}/api/purchases?limit=50`, staff.cookie, false)).status).toBe(403);
  });

  it("shows this process's writes in the very next read: a submission, a review, a purchase", async () => {
    const applicant = await signIn(server);
    const reviewer = client(server.url, staff.cookie);
    const pendingBefore = (await reviewer.get('/api/applications?pageSize=50')).body.counts.pending;
    const created = await client(server.url, applicant.cookie).post('/api/applications', whitelistAnswers());
    expect(created.status).toBe(201);
    const listed = (await reviewer.get('/api/applications?pageSize=50')).body;
    expect(listed.counts.pending).toBe(pendingBefore + 1);
    expect(await statusOf(admin, created.body.id)).toBe('pending');

    const reviewed = await reviewer.patch(`/api/applications/${created.body.id}/review`, {
      status: 'approved',
      reviewNotes: 'Welcome to the bayou, cher.',
    });
    expect(reviewed.status).toBe(200);
    expect(await statusOf(staff, created.body.id)).toBe('approved');
    expect(await statusOf(admin, created.body.id)).toBe('approved');

    const purchasesBefore = (await client(server.url, admin.cookie).get('/api/purchases?limit=50')).body;
    const { purchaseId } = await buyWithDemoCard(server.url, applicant, {
      productType: 'addon',
      productId: 'custom-tattoos',
      option: 'upper-body',
    });
    const purchasesAfter = (await client(server.url, admin.cookie).get('/api/purchases?limit=50')).body;
    expect(purchasesAfter.purchases[0].id).toBe(purchaseId);
    expect(purchasesAfter.purchases[0].status).toBe('completed');
    expect(purchasesAfter.purchases.length).toBe(Math.min(50, purchasesBefore.purchases.length + 1));
  });

  it('shows a change written past this process (another connection, as the CLI makes) well within a second', async () => {
    const applicant = await signIn(server);
    const created = await client(server.url, applicant.cookie).post('/api/applications', whitelistAnswers());
    expect(await statusOf(staff, created.body.id)).toBe('pending');
    // straight to the table: only the database's trigger log tells this process
    await server.system.database.query(`update "whitelist_applications" set "status" = 'rejected' where "id" = ?`, [
      created.body.id,
    ]);
    await expect.poll(() => statusOf(staff, created.body.id), announced).toBe('rejected');

    const { purchaseId } = await buyWithDemoCard(server.url, applicant, {
      productType: 'addon',
      productId: 'custom-tattoos',
      option: 'lower-body',
    });
    const statusInList = async () =>
      (await client(server.url, admin.cookie).get('/api/purchases?limit=50')).body.purchases.find(
        (row: { id: string }) => row.id === purchaseId,
      )?.status;
    expect(await statusInList()).toBe('completed');
    await server.system.database.query(`update "purchases" set "status" = 'refunded' where "id" = ?`, [purchaseId]);
    await expect.poll(statusInList, announced).toBe('refunded');
  });

  it('a change nobody announced (triggers off, as a restore loads rows) still shows within a second', async () => {
    const applicant = await signIn(server);
    const created = await client(server.url, applicant.cookie).post('/api/applications', whitelistAnswers());
    expect(await statusOf(staff, created.body.id)).toBe('pending');
    await server.system.database.queries([
      [`set session_replication_role = replica`],
      [`update "whitelist_applications" set "status" = 'rejected' where "id" = ?`, [created.body.id]],
      [`set session_replication_role = origin`],
    ]);
    const changedAt = Date.now();
    await expect.poll(() => statusOf(staff, created.body.id), { timeout: 2000, interval: 20 }).toBe('rejected');
    expect(Date.now() - changedAt).toBeLessThan(1500);
  });
});

describe('ListResponseCache past its second', () => {
  let server: Server;
  let url: string;
  let now = 1_000_000;
  let read = 0;
  /** while set, a read of the list waits for it */
  let held: Promise<void> | null = null;
  let failNext = false;
  const listeners: Array<(key: string) => void> = [];
  beforeAll(async () => {
    const cache = new ListResponseCache(
      {
        onChange: (listener) => {
          listeners.push(listener);
          return () => undefined;
        },
      },
      { hearing: true },
      { now: () => new Date(now) },
    );
    const app = new Koa();
    app.use((ctx, next) => {
      Object.assign(ctx.state, { user: { id: 'staff-1' } });
      return next();
    });
    app.use(cache.serve());
    app.use(async (ctx) => {
      const n = ++read;
      if (held) await held;
      if (failNext) {
        failNext = false;
        ctx.status = 503;
        ctx.body = 'busy';
        return;
      }
      ctx.body = Buffer.from(`list read ${n}`);
    });
    server = createServer(app.callback());
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));
  const list = async () => {
    const response = await fetch(`${url}/api/purchases`);
    return `${response.status} ${await response.text()}`;
  };

  it('has one request read the list again while the others are sent the answer it replaces', async () => {
    expect(await list()).toBe('200 list read 1');
    expect(await list()).toBe('200 list read 1');
    now += 1_000;
    let release: () => void = () => {};
    held = new Promise<void>((done) => {
      release = done;
    });
    const refreshing = list();
    await expect.poll(() => read).toBe(2);
    // meanwhile: the answer being replaced, at once, with no other read
    expect(await Promise.all([list(), list(), list()])).toEqual(Array(3).fill('200 list read 1'));
    expect(read).toBe(2);
    held = null;
    release();
    expect(await refreshing).toBe('200 list read 2');
    expect(await list()).toBe('200 list read 2');
    expect(read).toBe(2);
  });

  it('reads again past the second when the read before failed, and never sends a list a change dropped', async () => {
    now += 1_000;
    failNext = true;
    expect(await list()).toBe('503 busy');
    // the failed read is not cached, and the next request past the second reads the list itself
    expect(await list()).toBe(`200 list read ${read}`);
    const kept = await list();
    for (const listener of listeners) listener('table:purchases');
    const after = await list();
    expect(after).not.toBe(kept);
    expect(after).toBe(`200 list read ${read}`);
  });
});
