import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

/** One rule says who is whitelisted and in which queue; the player page tells a pass's whole story. */
const KEY = 'game-key-membership-history-0123';
const DECLINES_LATER = '4000000000000341';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { GAME_API_KEY: KEY } });
});
afterAll(() => server?.stop());

async function subscribe(tierId: string, card = '4242424242424242') {
  const player = await signIn(server);
  const http = client(server.url, player.cookie);
  const started = await http.post('/api/create-payment-intent', {
    ...AGREED,
    productType: 'whitelist',
    productId: tierId,
  });
  await http.post('/api/payments/demo/confirm', { clientSecret: started.body.clientSecret, cardNumber: card });
  expect((await http.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId })).status).toBe(
    200,
  );
  return { player, http, membership: (await http.get('/api/membership')).body.membership };
}
const renewDue = (now: Date) =>
  server.system.database.withContext(() => server.system.core.memberships.renewDue.execute({ now }));
const gameView = async (discordId: string) =>
  (await fetch(`${server.url}/api/game/players/${discordId}`, { headers: { authorization: `Bearer ${KEY}` } })).json();

describe('a Priority Pass on the player page', () => {
  it('counts a live pass as whitelisted, as the game server does, and shows the pass with its next renewal', async () => {
    const { player, membership } = await subscribe('gator-crown');
    const staff = client(server.url, (await signIn(server, { role: 'staff' })).cookie);
    const page = (await staff.get(`/api/players/${player.user.id}`)).body;
    const game = await gameView(player.user.discordId);
    expect(game).toMatchObject({ whitelisted: true, tier: 'gator-crown' });
    expect(page.player).toMatchObject({
      isWhitelisted: game.whitelisted,
      whitelistedBy: 'priority_pass',
      priority: game.priority,
      membership: {
        tierName: 'Gator Crown',
        status: 'active',
        nextCharge: { date: membership.currentPeriodEnd, amount: 100, tierName: 'Gator Crown' },
      },
    });
    // the player's own account page reads the same rule
    const own = (await client(server.url, player.cookie).get('/api/user/access')).body;
    expect(own).toEqual({ whitelisted: true, priority: game.priority, tierName: 'Gator Crown', banned: false });
    // no pass, no application: not whitelisted on either
    const nobody = await signIn(server);
    const plain = (await staff.get(`/api/players/${nobody.user.id}`)).body.player;
    expect(plain).toMatchObject({ isWhitelisted: false, whitelistedBy: null, membership: null });
    expect((await gameView(nobody.user.discordId)).whitelisted).toBe(false);
  });

  it("shows every membership event in the timeline, each at its time, through the pass's end", async () => {
    const { player, http, membership } = await subscribe('swamp-blood', DECLINES_LATER);
    const staff = client(server.url, (await signIn(server, { role: 'staff' })).cookie);
    expect((await http.post('/api/membership/change-tier', { tierId: 'bayou-basic' })).status).toBe(200);
    expect((await http.post('/api/membership/change-tier', { tierId: 'swamp-blood' })).status).toBe(200);
    expect((await http.post('/api/membership/cancel', {})).status).toBe(200);
    expect((await http.post('/api/membership/resume', {})).status).toBe(200);
    const end = new Date(membership.currentPeriodEnd);
    await renewDue(new Date(end.getTime() + 60_000));
    await renewDue(new Date(end.getTime() + 4 * 86_400_000));
    const timeline = (await staff.get(`/api/players/${player.user.id}`)).body.timeline as Array<{
      kind: string;
      title: string;
      detail: string | null;
      at: string;
    }>;
    const pass = timeline.filter((entry) => entry.kind === 'membership').map((entry) => entry.title);
    expect(pass.reverse()).toEqual([
      'Priority Pass started: Swamp Blood',
      'Priority Pass change to Bayou Basic at the next renewal',
      'Priority Pass stays Swamp Blood: the scheduled change was dropped',
      'Priority Pass canceled: Swamp Blood',
      'Priority Pass resumed: Swamp Blood',
      'Priority Pass renewal failed: Swamp Blood',
      'Priority Pass ended: Swamp Blood',
    ]);
    const ended = timeline.find((entry) => entry.title === 'Priority Pass ended: Swamp Blood');
    expect(ended?.detail).toContain('grace period');
    // it ended when the grace ran out, as the account page says
    const page = (await staff.get(`/api/players/${player.user.id}`)).body.player;
    expect(page.membership.status).toBe('ended');
    expect(ended?.at).toBe(page.membership.endedAt);
    expect(page.isWhitelisted).toBe(false);
  });
});
