import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
