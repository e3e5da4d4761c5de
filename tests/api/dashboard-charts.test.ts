import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardChartsResponse } from '../../adapters/http/contract/dashboard.ts';
import { whitelistAnswers } from '../support/application-builders.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import { chartedDayOfPurchases } from '../support/store-flow.ts';
import type { TestServer } from '../support/test-system.ts';

let server: TestServer;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  server = await sharedTestServer();
  admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
});

const charts = async (query = '') => {
  const response = await admin.get(`/api/dashboard/charts${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as DashboardChartsResponse;
};
const total = (days: DashboardChartsResponse['money']) => days.reduce((sum, day) => sum + day.taken, 0);
const thisMonth = () => new Date().toISOString().slice(0, 7);
const DAY_MS = 86_400_000;
/** the weeks (Monday to Sunday, UTC) that the last `days` days touch: 5 or 6 for 30 days, as the weekday falls */
const weeksCovering = (days: number) => {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const first = today - (days - 1) * DAY_MS;
  const monday = first - ((new Date(first).getUTCDay() + 6) % 7) * DAY_MS;
  return Math.floor((today - monday) / (7 * DAY_MS)) + 1;
};

describe('the dashboard charts', () => {
  it('answers 401 signed out, 403 to a player and to staff (whose preset lacks view-purchases), 200 to an admin', async () => {
    expect((await fetch(`${server.url}/api/dashboard/charts`)).status).toBe(401);
    const player = client(server.url, (await signIn(server)).cookie);
    const refused = await player.get('/api/dashboard/charts');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PERMISSION_REQUIRED' });
    const staff = client(server.url, (await signIn(server, { role: 'staff' })).cookie);
    expect((await staff.get('/api/dashboard/charts?days=90')).status).toBe(403);
    expect((await admin.get('/api/dashboard/charts')).status).toBe(200);
  });

  it('refuses a window other than 30 or 90 days with a 400 that says which', async () => {
    for (const days of ['7', '365', 'thirty', '']) {
      const response = await admin.get(`/api/dashboard/charts?days=${days}`);
      expect(response.status, days).toBe(400);
      expect(JSON.stringify(response.body)).toContain('Days must be 30 or 90.');
    }
  });

  it('sums the money taken net of refunds, discounts as charged, the pass per tier, and applications', async () => {
    const before = await charts();
    expect(before.days).toBe(30);
    expect(before.money).toHaveLength(30);
    expect(before.money.at(-1)?.day).toBe(new Date().toISOString().slice(0, 10));
    expect(total(before.money)).toBe(0);
    expect(before.productTypes.map((type) => type.productType)).toEqual(['whitelist', 'gang', 'addon', 'unban']);
    expect(before.memberships).toEqual({ tiers: [], months: [] });

    const buyer = await signIn(server);
    // $50, $80 less 25% ($60), a $150 one refunded, and a month of Bayou Basic ($20)
    await chartedDayOfPurchases(server, admin, buyer);

    const applicant = client(server.url, (await signIn(server)).cookie);
    const sent = await applicant.post('/api/applications', whitelistAnswers());
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const decided = await admin.patch(`/api/applications/${sent.body.id}/review`, {
      status: 'approved',
      reviewNotes: 'Strong backstory, welcome aboard.',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);

    // the answer kept a moment ago is dropped by these writes: the charts read them at once
    const after = await charts('?days=30');
    expect(total(after.money)).toBe(130);
    expect(after.money.reduce((sum, day) => sum + day.purchases, 0)).toBe(3);
    // what the dashboard's revenue counter shows for the same purchases
    const summary = await admin.get('/api/purchases?limit=1');
    expect(summary.body.revenue).toBe(130);
    expect(after.productTypes).toEqual([
      { productType: 'whitelist', purchases: 1, taken: 20 },
      { productType: 'gang', purchases: 2, taken: 110 },
      { productType: 'addon', purchases: 0, taken: 0 },
      { productType: 'unban', purchases: 0, taken: 0 },
    ]);
    expect(after.memberships).toEqual({
      tiers: [{ id: 'bayou-basic', name: 'Bayou Basic' }],
      months: [{ month: thisMonth(), mrr: { 'bayou-basic': 20 }, members: { 'bayou-basic': 1 } }],
    });
    expect(after.applications).toHaveLength(weeksCovering(30));
    expect(after.applications.at(-1)).toMatchObject({ submitted: 1, decided: 1, medianDecisionHours: 0 });

    const longer = await charts('?days=90');
    expect(longer.money).toHaveLength(90);
    expect(total(longer.money)).toBe(130);
    expect(longer.applications).toHaveLength(weeksCovering(90));
  });
});
