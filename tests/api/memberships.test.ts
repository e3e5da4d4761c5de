import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

const CARD = '4242424242424242';
/** pays the first month, declines every later charge */
const DECLINES_LATER = '4000000000000341';
const DAY = 86_400_000;
const GATOR_ROLE = '222222222222222222';

let server: TestServer;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      DISCORD_ROLE_MAP: JSON.stringify({
        'swamp-blood': '111111111111111111',
        'gator-crown': GATOR_ROLE,
        'parish-life': '333333333333333333',
      }),
    },
  });
  admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
});
afterAll(() => server?.stop());

const sql = <T extends object[]>(query: string, params: unknown[] = []) =>
  server.system.database.withContext(() => server.system.database.em.getConnection().execute<T>(query, params));
const renewDue = (now: Date) =>
  server.system.database.withContext(() => server.system.core.memberships.renewDue.execute({ now }));

async function subscribe(tierId: string, card = CARD) {
  const player = await signIn(server);
  const http = client(server.url, player.cookie);
  const started = await http.post('/api/create-payment-intent', {
    ...AGREED,
    productType: 'whitelist',
    productId: tierId,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const paid = await http.post('/api/payments/demo/confirm', {
    clientSecret: started.body.clientSecret,
    cardNumber: card,
  });
  expect(paid.body.paymentIntent.status).toBe('succeeded');
  const completed = await http.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId });
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  const membership = (await http.get('/api/membership')).body.membership;
  return { player, http, membership, purchaseId: started.body.purchaseId as string };
}

const tokens = async (http: ReturnType<typeof client>) => (await http.get('/api/user/tokens')).body.tokens as number;
const history = async (http: ReturnType<typeof client>) =>
  (await http.get('/api/user/tokens/history')).body.entries as Array<{ delta: number; reason: string }>;
const deliveries = (player: SignedIn, kind: string) =>
  sql<Array<{ role_id: string | null; content: string | null }>>(
    `select role_id, content from deliveries where user_id = ? and kind = ? order by created_at`,
    [player.user.id, kind],
  );

describe('Priority Pass memberships on the demo gateway', () => {
  it('starts with the first month, renews a month later granting the tokens again, once, however often it is run', async () => {
    const { player, http, membership } = await subscribe('swamp-blood');
    expect(membership).toMatchObject({ tierId: 'swamp-blood', status: 'active', cancelAtPeriodEnd: false, amount: 60 });
    const start = new Date(membership.currentPeriodStart);
    const end = new Date(membership.currentPeriodEnd);
    expect(end.getUTCDate()).toBe(Math.min(start.getUTCDate(), end.getUTCDate()));
    expect(end.getTime() - start.getTime()).toBeGreaterThan(27 * DAY);
    expect(membership.nextCharge).toEqual({
      date: membership.currentPeriodEnd,
      amount: 60,
      tierId: 'swamp-blood',
      tierName: 'Swamp Blood',
    });
    expect(await tokens(http)).toBe(100);

    // buying another tier while one is live is refused: it is a tier change
    const again = await http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'gator-crown',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('MEMBERSHIP_EXISTS');

    // nothing is due before the period's end
    await renewDue(new Date(end.getTime() - 60_000));
    expect(await tokens(http)).toBe(100);

    // twenty renewals of the same month at once: one charge, one grant
    const at = new Date(end.getTime() + 3_600_000);
    await Promise.all(Array.from({ length: 20 }, () => renewDue(at)));
    await renewDue(at);
    expect(await tokens(http)).toBe(200);
    const months = await sql<Array<{ billing_reason: string; status: string; period_start: Date }>>(
      `select billing_reason, status, period_start from purchases where user_id = ? order by created_at`,
      [player.user.id],
    );
    expect(months.map((m) => [m.billing_reason, m.status])).toEqual([
      ['start', 'completed'],
      ['renewal', 'completed'],
    ]);
    expect(new Date(months[1].period_start).toISOString()).toBe(end.toISOString());
    const charges = await sql<Array<{ n: number }>>(
      `select count(*)::int as n from demo_payment_intents where metadata->>'userId' = ?`,
      [player.user.id],
    );
    expect(charges[0].n).toBe(2);
    const renewed = (await http.get('/api/membership')).body.membership;
    expect(renewed.currentPeriodStart).toBe(end.toISOString());
    expect(new Date(renewed.currentPeriodEnd).getTime()).toBeGreaterThan(end.getTime() + 27 * DAY);

    // the ledger names each grant's month
    const grants = (await history(http)).filter((entry) => entry.delta === 100).map((entry) => entry.reason);
    expect(grants).toHaveLength(2);
    expect(grants).toContain(`Swamp Blood Priority Pass: month from ${fmt(start)}`);
    expect(grants).toContain(`Swamp Blood Priority Pass: month from ${fmt(end)}`);
  });

  it('one run brings a membership three months behind up to date: each month charged and granted once, in order', async () => {
    const { player, http, membership } = await subscribe('swamp-blood');
    const end = new Date(membership.currentPeriodEnd);
    // (the memberships of the tests before are due as well)
    const report = await renewDue(new Date(end.getTime() + 62 * DAY));
    expect(report.errors).toEqual([]);
    expect(await tokens(http)).toBe(400);
    const months = await sql<Array<{ billing_reason: string; status: string; period_start: Date }>>(
      `select billing_reason, status, period_start from purchases where user_id = ? order by period_start`,
      [player.user.id],
    );
    expect(months.map((m) => [m.billing_reason, m.status])).toEqual([
      ['start', 'completed'],
      ['renewal', 'completed'],
      ['renewal', 'completed'],
      ['renewal', 'completed'],
    ]);
    const now = (await http.get('/api/membership')).body.membership;
    expect(new Date(now.currentPeriodEnd).getTime()).toBeGreaterThan(end.getTime() + 62 * DAY);
    // nothing more is due: a second run charges nothing
    expect(await renewDue(new Date(end.getTime() + 62 * DAY))).toMatchObject({ renewed: 0, errors: [] });
    expect(await tokens(http)).toBe(400);
  });

  it('one run ends a membership whose renewal is declined once its grace is over', async () => {
    const { http, membership } = await subscribe('swamp-blood', DECLINES_LATER);
    const end = new Date(membership.currentPeriodEnd);
    const report = await renewDue(new Date(end.getTime() + 10 * DAY));
    expect(report).toMatchObject({ failed: 1, errors: [] });
    expect((await http.get('/api/membership')).body.membership.status).toBe('ended');
    expect(await tokens(http)).toBe(100);
  });

  it('cancels at the period end: benefits (and the role) stay until then, Resume undoes it, and then it ends', async () => {
    const { player, http, membership } = await subscribe('swamp-blood');
    const end = new Date(membership.currentPeriodEnd);
    const canceled = (await http.post('/api/membership/cancel', {})).body.membership;
    expect(canceled).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      nextCharge: null,
      benefitsUntil: end.toISOString(),
    });
    const resumed = (await http.post('/api/membership/resume', {})).body.membership;
    expect(resumed).toMatchObject({ cancelAtPeriodEnd: false, nextCharge: { amount: 60 } });
    await http.post('/api/membership/cancel', {});

    await renewDue(new Date(end.getTime() - 60_000));
    expect((await http.get('/api/membership')).body.membership.status).toBe('active');
    expect(await deliveries(player, 'remove_role')).toEqual([]);

    await renewDue(new Date(end.getTime() + 60_000));
    const ended = (await http.get('/api/membership')).body.membership;
    expect(ended).toMatchObject({ status: 'ended', nextCharge: null });
    expect(ended.endReason).toMatch(/canceled/);
    expect(await tokens(http)).toBe(100); // no renewal charged
    expect((await deliveries(player, 'remove_role')).map((d) => d.role_id)).toEqual(['111111111111111111']);
    // a new membership may start afterwards
    const fresh = await http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'whitelist',
      productId: 'parish-life',
    });
    expect(fresh.status).toBe(200);
  });

  it('upgrades now with the prorated difference and the token difference once; downgrades at the renewal', async () => {
    const { player, http, membership } = await subscribe('parish-life');
    expect(await tokens(http)).toBe(50);
    const up = await http.post('/api/membership/change-tier', { tierId: 'gator-crown' });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.change).toBe('upgrade');
    expect(up.body.membership.tierId).toBe('gator-crown');
    // a whole month's difference is $60: nearly all of the month is left
    expect(up.body.charged.amount).toBeGreaterThan(59);
    expect(up.body.charged.amount).toBeLessThanOrEqual(60);
    expect(up.body.charged.tokens).toBe(150);
    expect(await tokens(http)).toBe(200);
    // asking again changes nothing
    expect((await http.post('/api/membership/change-tier', { tierId: 'gator-crown' })).status).toBe(409);
    expect(await tokens(http)).toBe(200);
    expect((await deliveries(player, 'remove_role')).map((d) => d.role_id)).toEqual(['333333333333333333']);

    const down = await http.post('/api/membership/change-tier', { tierId: 'swamp-blood' });
    expect(down.body).toMatchObject({ change: 'downgrade', charged: null });
    expect(down.body.membership).toMatchObject({
      tierId: 'gator-crown',
      pendingTierId: 'swamp-blood',
      nextCharge: { amount: 60, tierId: 'swamp-blood' },
    });
    await renewDue(new Date(new Date(membership.currentPeriodEnd).getTime() + 60_000));
    const renewed = (await http.get('/api/membership')).body.membership;
    expect(renewed).toMatchObject({ tierId: 'swamp-blood', pendingTierId: null, amount: 60 });
    expect(await tokens(http)).toBe(300);
    expect((await deliveries(player, 'remove_role')).map((d) => d.role_id)).toContain('222222222222222222');
  });

  it('a declined renewal keeps benefits for 3 days of grace, tells the player, and then ends', async () => {
    const { player, http, membership } = await subscribe('swamp-blood', DECLINES_LATER);
    const end = new Date(membership.currentPeriodEnd);
    await renewDue(new Date(end.getTime() + 60_000));
    const pastDue = (await http.get('/api/membership')).body.membership;
    expect(pastDue.status).toBe('past_due');
    expect(pastDue.graceUntil).toBe(new Date(end.getTime() + 3 * DAY).toISOString());
    expect(pastDue.unpaidRenewalId).toEqual(expect.any(String));
    expect(await tokens(http)).toBe(100);
    const [dm] = await deliveries(player, 'message_user');
    expect(dm.content).toMatch(/renewal did not go through \(Your card was declined\.\)/);
    // changing tier waits for the payment
    expect((await http.post('/api/membership/change-tier', { tierId: 'gator-crown' })).body.code).toBe(
      'MEMBERSHIP_PAST_DUE',
    );

    await renewDue(new Date(end.getTime() + 2 * DAY));
    expect((await http.get('/api/membership')).body.membership.status).toBe('past_due');
    expect(await deliveries(player, 'remove_role')).toEqual([]);
    await renewDue(new Date(end.getTime() + 3 * DAY + 60_000));
    const ended = (await http.get('/api/membership')).body.membership;
    expect(ended.status).toBe('ended');
    expect((await deliveries(player, 'remove_role')).map((d) => d.role_id)).toEqual(['111111111111111111']);
    expect(await tokens(http)).toBe(100);
  });

  it('a past-due renewal paid with another card puts the membership back to active with the month granted', async () => {
    const { http, membership } = await subscribe('swamp-blood', DECLINES_LATER);
    await renewDue(new Date(new Date(membership.currentPeriodEnd).getTime() + 60_000));
    const open = await http.post('/api/membership/pay-renewal', {});
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body.amount).toBe(60);
    await http.post('/api/payments/demo/confirm', { clientSecret: open.body.clientSecret, cardNumber: CARD });
    const paid = await http.post('/api/complete-purchase', { paymentIntentId: open.body.paymentIntentId });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const back = (await http.get('/api/membership')).body.membership;
    expect(back).toMatchObject({ status: 'active', graceUntil: null, unpaidRenewalId: null });
    expect(await tokens(http)).toBe(200);
  });

  it('the dashboard counts members and MRR; refunding the month being served removes its tokens and ends the membership', async () => {
    const before = (await admin.get('/api/memberships/summary')).body;
    const { player, http, membership, purchaseId } = await subscribe('gator-crown');
    await renewDue(new Date(new Date(membership.currentPeriodEnd).getTime() + 60_000));
    expect(await tokens(http)).toBe(400);
    const gator = (body: { tiers: Array<{ tierId: string; members: number }> }) =>
      body.tiers.find((tier) => tier.tierId === 'gator-crown')?.members ?? 0;
    const during = (await admin.get('/api/memberships/summary')).body;
    expect(gator(during)).toBe(gator(before) + 1);
    expect(during.mrr).toBe(before.mrr + 100);

    const [renewal] = await sql<Array<{ id: string }>>(
      `select id from purchases where user_id = ? and billing_reason = 'renewal'`,
      [player.user.id],
    );
    // a month on, as the server's clock reads it: the first month served, the renewal the month being served
    await sql(
      `update purchases set period_start = period_start - interval '1 month', period_end = period_end - interval '1 month'
       where user_id = ?`,
      [player.user.id],
    );
    await sql(
      `update memberships set current_period_start = current_period_start - interval '1 month',
         current_period_end = current_period_end - interval '1 month' where user_id = ?`,
      [player.user.id],
    );
    // the confirmation reads what the refund will do: the month served already leaves the pass and its role alone,
    // the month being served ends the pass and takes the role
    const terms = async (id: string) => (await admin.get(`/api/purchases/${id}`)).body.refund;
    expect(await terms(purchaseId)).toMatchObject({
      roleToRemove: null,
      roleRetained: GATOR_ROLE,
      membership: 'goes_on',
    });
    expect(await terms(renewal.id)).toMatchObject({ roleToRemove: GATOR_ROLE, roleRetained: null, membership: 'ends' });

    const refunded = await admin.post(`/api/purchases/${renewal.id}/refund`, { reason: 'Asked to stop this month' });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(await deliveries(player, 'remove_role')).toEqual([
      expect.objectContaining({ role_id: GATOR_ROLE, content: expect.stringContaining(renewal.id) }),
    ]);
    // the older month's refund now meets an ended pass, whose role has gone already
    expect(await terms(purchaseId)).toMatchObject({ roleToRemove: GATOR_ROLE, membership: 'ended' });
    expect(await tokens(http)).toBe(200);
    expect((await http.get('/api/membership')).body.membership).toMatchObject({ status: 'ended' });
    const after = (await admin.get('/api/memberships/summary')).body;
    expect(gator(after)).toBe(gator(before));
    expect(after.mrr).toBe(before.mrr);
    expect((await client(server.url, player.cookie).get('/api/memberships/summary')).status).toBe(403);
  });
});

function fmt(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}
