import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

/** What a membership dialog states is the server's preview; what happens afterwards must be exactly that. */
const CARD = '4242424242424242';
/** pays the first month, declines every later charge */
const DECLINES_LATER = '4000000000000341';
let server: TestServer;
beforeAll(async () => {
  server = await sharedTestServer();
});

async function subscribe(tierId: string, card = CARD) {
  const player = await signIn(server);
  const http = client(server.url, player.cookie);
  const started = await http.post('/api/create-payment-intent', {
    ...AGREED,
    productType: 'whitelist',
    productId: tierId,
  });
  expect(started.status).toBe(200);
  await http.post('/api/payments/demo/confirm', { clientSecret: started.body.clientSecret, cardNumber: card });
  expect((await http.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId })).status).toBe(
    200,
  );
  return { player, http, membership: (await http.get('/api/membership')).body.membership };
}
const tokens = async (http: ReturnType<typeof client>) => (await http.get('/api/user/tokens')).body.tokens as number;
const preview = async (http: ReturnType<typeof client>, query: string) => {
  const answer = await http.get(`/api/membership/preview?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

describe('membership previews match what the action then does', () => {
  it('an upgrade charges exactly the previewed amount and grants the previewed tokens; a moved amount is refused', async () => {
    const { http, membership } = await subscribe('swamp-blood');
    const before = await tokens(http);
    const said = await preview(http, 'action=change-tier&tierId=gator-crown');
    expect(said).toMatchObject({ action: 'change-tier', kind: 'upgrade', tierName: 'Gator Crown' });
    expect(said.chargeNow).toBeGreaterThan(0);
    expect(said.nextCharge).toEqual({ date: membership.currentPeriodEnd, amount: 100, tierName: 'Gator Crown' });
    // confirmed for another amount: refused, nothing charged
    const stale = await http.post('/api/membership/change-tier', {
      tierId: 'gator-crown',
      expectedCharge: said.chargeNow + 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CHARGE_CHANGED');
    expect(stale.body.message).toContain(`$${said.chargeNow.toFixed(2)}`);
    expect(await tokens(http)).toBe(before);
    const done = await http.post('/api/membership/change-tier', {
      tierId: 'gator-crown',
      expectedCharge: said.chargeNow,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.charged).toMatchObject({ amount: said.chargeNow, tokens: said.tokensNow });
    expect(await tokens(http)).toBe(before + said.tokensNow);
    expect(done.body.membership.nextCharge).toEqual({
      date: said.nextCharge.date,
      amount: said.nextCharge.amount,
      tierId: 'gator-crown',
      tierName: said.nextCharge.tierName,
    });
  });

  it('a downgrade charges nothing and starts on the previewed date at the previewed price', async () => {
    const { http, membership } = await subscribe('gator-crown');
    const said = await preview(http, 'action=change-tier&tierId=bayou-basic');
    expect(said).toMatchObject({
      kind: 'downgrade',
      chargeNow: 0,
      tokensNow: 0,
      startsAt: membership.currentPeriodEnd,
    });
    const before = await tokens(http);
    const done = await http.post('/api/membership/change-tier', { tierId: 'bayou-basic', expectedCharge: 0 });
    expect(done.body).toMatchObject({ change: 'downgrade', charged: null });
    expect(done.body.membership.nextCharge).toMatchObject({ date: said.startsAt, amount: said.nextCharge.amount });
    expect(await tokens(http)).toBe(before);
  });

  it('a cancel keeps benefits to the previewed date and can be resumed; the resume renews as previewed', async () => {
    const { http, membership } = await subscribe('swamp-blood');
    const said = await preview(http, 'action=cancel');
    expect(said).toEqual({
      action: 'cancel',
      endsNow: false,
      benefitsUntil: membership.currentPeriodEnd,
      canResume: true,
    });
    const canceled = (await http.post('/api/membership/cancel', {})).body.membership;
    expect(canceled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: said.benefitsUntil });
    const resume = await preview(http, 'action=resume');
    expect(resume).toEqual({
      action: 'resume',
      nextCharge: { date: membership.currentPeriodEnd, amount: 60, tierName: 'Swamp Blood' },
    });
    const resumed = (await http.post('/api/membership/resume', {})).body.membership;
    expect(resumed.nextCharge).toMatchObject({ date: resume.nextCharge.date, amount: resume.nextCharge.amount });
  });

  it('a past-due cancel says it ends now with no resume, and it does', async () => {
    const { http, membership } = await subscribe('swamp-blood', DECLINES_LATER);
    await server.system.database.withContext(() =>
      server.system.core.memberships.renewDue.execute({
        now: new Date(new Date(membership.currentPeriodEnd).getTime() + 60_000),
      }),
    );
    expect((await http.get('/api/membership')).body.membership.status).toBe('past_due');
    const said = await preview(http, 'action=cancel');
    expect(said).toMatchObject({ action: 'cancel', endsNow: true, canResume: false });
    const ended = (await http.post('/api/membership/cancel', {})).body.membership;
    expect(ended.status).toBe('ended');
    expect(ended.nextCharge).toBeNull();
    expect((await http.post('/api/membership/resume', {})).status).toBe(404);
  });

  it('refuses a preview without an action or a tier, and one for a player with no pass', async () => {
    const { http } = await subscribe('bayou-basic');
    expect((await http.get('/api/membership/preview?action=refund')).status).toBe(400);
    expect((await http.get('/api/membership/preview?action=change-tier')).status).toBe(400);
    const nobody = client(server.url, (await signIn(server)).cookie);
    expect((await nobody.get('/api/membership/preview?action=cancel')).status).toBe(404);
    expect((await client(server.url).get('/api/membership/preview?action=cancel')).status).toBe(401);
  });

  it('names the buyer of every month of a membership on the dashboard and in the export', async () => {
    const { http, membership, player } = await subscribe('parish-life');
    await server.system.database.withContext(() =>
      server.system.core.memberships.renewDue.execute({
        now: new Date(new Date(membership.currentPeriodEnd).getTime() + 60_000),
      }),
    );
    expect((await http.get('/api/membership')).body.membership.status).toBe('active');
    const adminSession = await signIn(server, { role: 'admin' });
    const admin = client(server.url, adminSession.cookie);
    const rows = (await admin.get(`/api/purchases?buyer=${player.user.discordId}`)).body.purchases as Array<{
      buyerDiscord: string | null;
    }>;
    expect(rows).toHaveLength(2);
    expect(rows[0].buyerDiscord).toBeTruthy();
    expect(rows[1].buyerDiscord).toBe(rows[0].buyerDiscord);
    const csv = await fetch(`${server.url}/api/purchases/export.csv?buyer=${player.user.discordId}`, {
      headers: { cookie: adminSession.cookie },
    }).then((response) => response.text());
    const [header, ...lines] = csv.trim().split('\n');
    const column = header.split(',').indexOf('buyerDiscord');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.split(',')[column]).toBe(rows[0].buyerDiscord);
  });
});
