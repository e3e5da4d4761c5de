import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAnswers, whitelistAnswers } from '../support/application-builders.ts';
import { client, rawGet } from '../support/http.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

/** A list page of 50 rows: at most this many bytes on the wire, and for the review tables also as plain JSON. */
const PAGE_BUDGET = 15 * 1024;
const ROWS = 50;
const long = (label: string) =>
  `${label}: ${'Grew up on the bayou, ran crawfish traps and owes a debt. '.repeat(30).trim()}`;

/** The page as a browser gets it: its bytes on the wire (gzip accepted) and its JSON's own bytes. */
async function pageBytes(url: string, cookie: string): Promise<{ wire: number; json: number; body: any }> {
  const { status, headers, body: sent } = await rawGet(url, { cookie, 'accept-encoding': 'gzip, deflate, br' });
  expect(status).toBe(200);
  const text = (headers['content-encoding'] === 'gzip' ? gunzipSync(sent) : sent).toString();
  return { wire: sent.length, json: Buffer.byteLength(text), body: JSON.parse(text) };
}

describe('review and purchase lists answer summaries', () => {
  let server: TestServer;
  let admin: SignedIn;

  beforeAll(async () => {
    server = await sharedTestServer();
    admin = await signIn(server, { role: 'admin' });
    // applicants with long but real-looking names and addresses, and answers far longer than the lists need
    for (let i = 0; i < ROWS; i++) {
      const buyer = await signIn(server, {
        username: `marie_thibodeaux_${String(i).padStart(4, '0')}`,
        email: `marie.thibodeaux.${i}@bayou-roleplay-example.com`,
      });
      const http = client(server.url, buyer.cookie);
      const whitelist = await http.post(
        '/api/applications',
        whitelistAnswers({
          characterBackground: long('Backstory'),
          characterGoals: long('Goals'),
          roleplayScenario: long('Scenario'),
          whyJoinServer: long('Why'),
          rpExperience: long('Experience'),
        }),
      );
      expect(whitelist.status).toBe(201);
      const staff = await http.post(
        '/api/staff-applications',
        staffAnswers({ whyStaff: long('Why staff'), scenarios: long('Scenarios'), experience: long('Experience') }),
      );
      expect(staff.status).toBe(201);
      await buyWithDemoCard(server.url, buyer, {
        productType: 'gang',
        productId: 'starter-gang',
        buyerDiscord: `marie_thibodeaux_${String(i).padStart(4, '0')}`,
      });
    }
  }, 120_000);

  it('answers 50 whitelist applications in 15 KB: the table columns, no long answers; each whole by its id', async () => {
    const { wire, json, body } = await pageBytes(`${server.url}/api/applications?pageSize=${ROWS}`, admin.cookie);
    expect(body.applications).toHaveLength(ROWS);
    expect(json).toBeLessThanOrEqual(PAGE_BUDGET);
    expect(wire).toBeLessThan(json / 2);
    const [first] = body.applications;
    expect(Object.keys(first).sort()).toEqual(
      ['age', 'createdAt', 'discordUsername', 'email', 'id', 'isEighteenPlus', 'status', 'userId'].sort(),
    );
    const whole = await client(server.url, admin.cookie).get(`/api/applications/${first.id}`);
    expect(whole.body.characterBackground).toBe(long('Backstory'));
    expect(whole.body.email).toBe(first.email);
  });

  it('adds the backstory preview of 100 characters when asked (the second review screen)', async () => {
    const { wire, json, body } = await pageBytes(
      `${server.url}/api/applications?pageSize=${ROWS}&preview=true`,
      admin.cookie,
    );
    expect(body.applications).toHaveLength(ROWS);
    expect(body.applications[0].preview).toBe(`${long('Backstory').slice(0, 100)}...`);
    expect(body.applications[0]).not.toHaveProperty('characterBackground');
    // the backstory preview is 100 characters more per row than the table's page: within budget on the wire only
    expect(json).toBeLessThanOrEqual(PAGE_BUDGET + ROWS * 120);
    expect(wire).toBeLessThanOrEqual(PAGE_BUDGET);
    const refused = await client(server.url, admin.cookie).get('/api/applications?preview=yes');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Preview must be true or false');
  });

  it('answers 50 staff applications in 15 KB', async () => {
    const { json, body } = await pageBytes(`${server.url}/api/staff-applications?pageSize=${ROWS}`, admin.cookie);
    expect(body.applications).toHaveLength(ROWS);
    expect(json).toBeLessThanOrEqual(PAGE_BUDGET);
    expect(body.applications[0]).not.toHaveProperty('whyStaff');
  });

  it('answers 50 purchases in 15 KB on the wire; the payment details come with the purchase itself', async () => {
    const { wire, json, body } = await pageBytes(`${server.url}/api/purchases?limit=${ROWS}`, admin.cookie);
    expect(body.purchases).toHaveLength(ROWS);
    expect(wire).toBeLessThanOrEqual(PAGE_BUDGET);
    // the table's columns as JSON: under 600 bytes a row with these long addresses and, Discord being unset here,
    // each row's "not configured" role state with its reason (a delivered role is two short fields)
    expect(json).toBeLessThanOrEqual(ROWS * 600);
    const [first] = body.purchases;
    expect(first.roleDelivery).toMatchObject({ kind: 'grant_role', status: 'not_configured' });
    expect(first).toMatchObject({ productType: 'gang', status: 'completed', gateway: 'demo' });
    expect(first).not.toHaveProperty('paymentIntentId');
    const whole = await client(server.url, admin.cookie).get(`/api/purchases/${first.id}`);
    expect(whole.body.purchase.paymentIntentId).toEqual(expect.any(String));
  });
});
