import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import { devSignIn, randomDiscordId, signIn } from '../support/session.ts';
import { startTestServer, storeBanFromElsewhere, type TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

const CARD = '4242424242424242';
const DAY = 86_400_000;
const HOOD_ROLE = '444444444444444444';
const SWAMP_ROLE = '111111111111111111';

let server: TestServer;
let admin: ReturnType<typeof client>;
let adminCookie: string;
beforeAll(async () => {
  server = await startTestServer({
    env: { DISCORD_ROLE_MAP: JSON.stringify({ 'hood-package': HOOD_ROLE, 'swamp-blood': SWAMP_ROLE }) },
  });
  adminCookie = (await signIn(server, { role: 'admin' })).cookie;
  admin = client(server.url, adminCookie);
});
afterAll(() => server?.stop());

const sql = <T extends object[]>(query: string, params: unknown[] = []) =>
  server.system.database.withContext(() => server.system.database.em.getConnection().execute<T>(query, params));
const renewDue = (now: Date) =>
  server.system.database.withContext(() => server.system.core.memberships.renewDue.execute({ now }));

async function player(username?: string) {
  const signed = await signIn(server, username ? { username } : {});
  return { ...signed, http: client(server.url, signed.cookie) };
}

/** pays a started checkout with the demo card and completes it */
async function payWithCard(
  buyer: { http: ReturnType<typeof client> },
  started: { clientSecret: string; paymentIntentId: string },
) {
  const paid = await buyer.http.post('/api/payments/demo/confirm', {
    clientSecret: started.clientSecret,
    cardNumber: CARD,
  });
  expect(paid.body.paymentIntent.status).toBe('succeeded');
  const completed = await buyer.http.post('/api/complete-purchase', { paymentIntentId: started.paymentIntentId });
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  return completed.body;
}

/** starts a gift checkout and pays it with the demo card */
async function buyGift(buyer: { http: ReturnType<typeof client> }, item: Record<string, unknown>) {
  const started = await buyer.http.post('/api/create-payment-intent', { ...AGREED, ...item });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const completed = await payWithCard(buyer, started.body);
  return { started: started.body, completed, purchaseId: started.body.purchaseId as string };
}

const tokens = async (http: ReturnType<typeof client>) => (await http.get('/api/user/tokens')).body.tokens as number;
const deliveriesOf = (purchaseId: string) =>
  sql<Array<{ kind: string; discord_id: string | null; user_id: string | null; role_id: string | null }>>(
    `select kind, discord_id, user_id, role_id from deliveries where purchase_id = ? order by created_at, kind`,
    [purchaseId],
  );

/** signs a new player in with this Discord id, through the development sign-in */
async function firstSignIn(discordId: string, username = `friend${discordId.slice(-5)}`) {
  const cookie = await devSignIn(server.url, { discordId, username });
  return { cookie, http: client(server.url, cookie) };
}

describe('buying as a gift', () => {
  it('a gang package for a player who has never signed in: the buyer pays, the recipient receives it when they first sign in', async () => {
    const buyer = await player('giftgiver');
    const friendId = randomDiscordId();
    const { started, completed, purchaseId } = await buyGift(buyer, {
      productType: 'gang',
      productId: 'hood-package',
      giftTo: friendId,
      buyerDiscord: 'giftgiver',
    });
    expect(started).toMatchObject({ amount: 80, tokensGranted: 80, gift: { name: friendId, discordId: friendId } });
    expect(completed).toMatchObject({ status: 'completed', tokensAwarded: 0 });
    expect(await tokens(buyer.http)).toBe(0);

    const mine = (await buyer.http.get('/api/user/purchases')).body.purchases;
    expect(mine[0]).toMatchObject({
      purchaseId,
      amount: 80,
      gift: { direction: 'to', name: friendId, months: null, delivered: false },
    });
    // both are told; the role waits for the recipient's account
    const waiting = await deliveriesOf(purchaseId);
    expect(waiting.filter((row) => row.kind === 'message_user').map((row) => row.discord_id)).toEqual(
      expect.arrayContaining([friendId, buyer.user.discordId]),
    );
    expect(waiting.some((row) => row.kind === 'grant_role')).toBe(false);

    const friend = await firstSignIn(friendId);
    expect(await tokens(friend.http)).toBe(80);
    const received = (await friend.http.get('/api/user/purchases')).body.purchases;
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      purchaseId,
      amount: 0,
      transactionId: null,
      buyerEmail: null,
      tokensCredited: 80,
      gift: { direction: 'from', name: 'giftgiver', delivered: true },
    });
    const receipt = await friend.http.get(`/api/user/purchases/${purchaseId}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body.gift).toMatchObject({ direction: 'from', name: 'giftgiver' });
    // once delivered, the buyer reads the recipient's account name
    expect((await buyer.http.get(`/api/user/purchases/${purchaseId}`)).body.gift).toMatchObject({
      direction: 'to',
      name: `friend${friendId.slice(-5)}`,
      delivered: true,
    });
    const delivered = await deliveriesOf(purchaseId);
    expect(delivered.filter((row) => row.kind === 'grant_role')).toEqual([
      expect.objectContaining({ discord_id: friendId, role_id: HOOD_ROLE }),
    ]);
    const history = (await friend.http.get('/api/user/tokens/history')).body.entries;
    expect(history[0]).toMatchObject({ delta: 80, reason: 'Gift from giftgiver: Hood Package' });

    // a later sign-in delivers nothing again
    await firstSignIn(friendId);
    expect(await tokens(friend.http)).toBe(80);

    // the admin's dialog and the export name the recipient
    const detail = (await admin.get(`/api/purchases/${purchaseId}`)).body;
    expect(detail.purchase).toMatchObject({ giftTo: `friend${friendId.slice(-5)} (${friendId})` });
    expect(detail.purchase.gift).toMatchObject({ discordId: friendId, deliveredAt: expect.any(String) });
    expect(detail.refund.tokensToRemove).toBe(80);
    const exported = await fetch(`${server.url}/api/purchases/export.csv?buyer=giftgiver`, {
      headers: { Cookie: adminCookie },
    });
    const [header, row] = (await exported.text()).trim().split('\r\n');
    expect(
      header.endsWith(
        ',gateway,listPrice,discount,couponCode,saleName,creatorCode,giftTo,giftMonths,consentGivenAt,consentVersion,consentAddress',
      ),
    ).toBe(true);
    // no coupon, no sale and no creator before the gift's cells
    expect(row).toContain(',demo,');
    // the consent's three cells last, the gift's before them
    expect(
      row
        .split(',')
        .slice(0, -3)
        .join(',')
        .endsWith(`,0,,,,friend${friendId.slice(-5)} (${friendId}),`),
    ).toBe(true);
  });

  it('two sign-ins at once deliver a waiting gift once', async () => {
    const buyer = await player();
    const friendId = randomDiscordId();
    const { purchaseId } = await buyGift(buyer, { productType: 'gang', productId: 'hood-package', giftTo: friendId });
    await Promise.all([firstSignIn(friendId, 'racer'), firstSignIn(friendId, 'racer'), firstSignIn(friendId, 'racer')]);
    const credits = await sql<Array<{ delta: number }>>(`select delta from token_ledger where reference = ?`, [
      `purchase:${purchaseId}`,
    ]);
    expect(credits).toEqual([{ delta: 80 }]);
    const [user] = await sql<Array<{ tokens: number }>>(`select tokens from users where discord_id = ?`, [friendId]);
    expect(user.tokens).toBe(80);
    expect((await deliveriesOf(purchaseId)).filter((row) => row.kind === 'grant_role')).toHaveLength(1);
  });

  it('a 3-month Priority Pass for a player who signs in afterwards: paid once, never renewed, ended after 3 months', async () => {
    const buyer = await player();
    const friendId = randomDiscordId();
    const { started, purchaseId } = await buyGift(buyer, {
      productType: 'whitelist',
      productId: 'swamp-blood',
      giftTo: friendId,
      giftMonths: 3,
      price: 180,
    });
    expect(started).toMatchObject({ amount: 180, tokensGranted: 300, gift: { months: 3 } });
    // the buyer's own account holds no pass
    expect((await buyer.http.get('/api/membership')).body.membership).toBeNull();

    const friend = await firstSignIn(friendId);
    expect(await tokens(friend.http)).toBe(300);
    const { membership } = (await friend.http.get('/api/membership')).body;
    expect(membership).toMatchObject({
      tierId: 'swamp-blood',
      status: 'active',
      gifted: true,
      cancelAtPeriodEnd: true,
      nextCharge: null,
    });
    const start = new Date(membership.currentPeriodStart);
    const end = new Date(membership.currentPeriodEnd);
    expect(end.getTime() - start.getTime()).toBeGreaterThan(88 * DAY);
    expect(end.getTime() - start.getTime()).toBeLessThan(93 * DAY);
    expect((await friend.http.get('/api/user/access')).body).toMatchObject({
      whitelisted: true,
      tierName: 'Swamp Blood',
    });
    expect((await deliveriesOf(purchaseId)).filter((row) => row.kind === 'grant_role')).toEqual([
      expect.objectContaining({ discord_id: friendId, role_id: SWAMP_ROLE }),
    ]);
    // neither resumed nor changed
    expect((await friend.http.post('/api/membership/resume', {})).body.code).toBe('MEMBERSHIP_GIFTED');
    expect((await friend.http.post('/api/membership/change-tier', { tierId: 'gator-crown' })).body.code).toBe(
      'MEMBERSHIP_GIFTED',
    );

    // a month in, and just before its end: nothing is charged
    await renewDue(new Date(start.getTime() + 32 * DAY));
    await renewDue(new Date(end.getTime() - 60_000));
    expect((await friend.http.get('/api/membership')).body.membership.status).toBe('active');
    const report = await renewDue(new Date(end.getTime() + 60_000));
    expect(report).toMatchObject({ renewed: 0, ended: 1, errors: [] });
    expect((await friend.http.get('/api/membership')).body.membership).toMatchObject({ status: 'ended' });
    const months = await sql<Array<{ n: number }>>(
      `select count(*)::int as n from purchases where user_id = (select id from users where discord_id = ?)`,
      [friendId],
    );
    expect(months[0].n).toBe(0);
    expect((await friend.http.get('/api/user/access')).body).toMatchObject({ whitelisted: false });
    const removed = await sql<Array<{ role_id: string }>>(
      `select role_id from deliveries where kind = 'remove_role' and discord_id = ?`,
      [friendId],
    );
    expect(removed).toEqual([{ role_id: SWAMP_ROLE }]);
  });

  it('ticking "buy as a gift" on an open pass checkout opens the gift beside it: nothing reads as failed, and unticking it reuses the first', async () => {
    const buyer = await player();
    const friendId = randomDiscordId();
    const pass = { productType: 'whitelist', productId: 'parish-life' };
    const own = await buyer.http.post('/api/create-payment-intent', { ...AGREED, ...pass });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const gift = await buyer.http.post('/api/create-payment-intent', {
      ...AGREED,
      ...pass,
      giftTo: friendId,
      giftMonths: 3,
    });
    expect(gift.status, JSON.stringify(gift.body)).toBe(200);
    expect(gift.body.purchaseId).not.toBe(own.body.purchaseId);
    expect(gift.body.amount).toBe(120);
    const again = await buyer.http.post('/api/create-payment-intent', { ...AGREED, ...pass });
    expect(again.body.purchaseId).toBe(own.body.purchaseId);
    expect(again.body.clientSecret).toBe(own.body.clientSecret);

    // the player's purchases and the admin's list show two checkouts awaiting payment, and no failure
    const mine = (await buyer.http.get('/api/user/purchases')).body.purchases as Array<{ status: string }>;
    expect(mine.map((purchase) => purchase.status)).toEqual(['awaiting_payment', 'awaiting_payment']);
    const listed = (await admin.get(`/api/purchases?buyer=${buyer.user.discordId}`)).body.purchases as Array<{
      status: string;
    }>;
    expect(listed.map((purchase) => purchase.status)).toEqual(['awaiting_payment', 'awaiting_payment']);

    // the gift is paid; the buyer's own checkout is left open, still theirs to pay or leave
    await payWithCard(buyer, gift.body);
    const after = (await buyer.http.get('/api/user/purchases')).body.purchases as Array<{ status: string }>;
    expect(after.map((purchase) => purchase.status).sort()).toEqual(['awaiting_payment', 'completed']);
  });

  it('a gift to a known player by name is delivered when paid; a refund takes it back from the recipient', async () => {
    const buyer = await player();
    const friend = await player('Marigold');
    const { purchaseId, completed } = await buyGift(buyer, {
      productType: 'gang',
      productId: 'hood-package',
      giftTo: 'marigold',
    });
    // the buyer is told of no tokens: they went to the recipient
    expect(completed.tokensAwarded).toBe(0);
    expect(await tokens(friend.http)).toBe(80);
    expect(await tokens(buyer.http)).toBe(0);

    const refunded = await admin.post(`/api/purchases/${purchaseId}/refund`, { reason: 'Bought by mistake' });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(await tokens(friend.http)).toBe(0);
    const removal = (await deliveriesOf(purchaseId)).filter((row) => row.kind === 'remove_role');
    expect(removal).toEqual([
      expect.objectContaining({ discord_id: friend.user.discordId, user_id: friend.user.id, role_id: HOOD_ROLE }),
    ]);
    const received = (await friend.http.get('/api/user/purchases')).body.purchases;
    expect(received[0]).toMatchObject({ status: 'refunded', tokensCredited: 0, gift: { direction: 'from' } });
  });

  it('a refund of a gifted pass ends it; a refund before the recipient signs in leaves nothing to deliver', async () => {
    const buyer = await player();
    const friend = await player();
    const pass = await buyGift(buyer, {
      productType: 'whitelist',
      productId: 'swamp-blood',
      giftTo: friend.user.discordId,
      giftMonths: 1,
    });
    expect((await friend.http.get('/api/membership')).body.membership.status).toBe('active');
    const terms = (await admin.get(`/api/purchases/${pass.purchaseId}`)).body.refund;
    expect(terms).toMatchObject({ membership: 'ends', tokensToRemove: 100 });
    await admin.post(`/api/purchases/${pass.purchaseId}/refund`, { reason: 'Chargeback risk' });
    expect((await friend.http.get('/api/membership')).body.membership.status).toBe('ended');
    expect(await tokens(friend.http)).toBe(0);

    const laterId = randomDiscordId();
    const waiting = await buyGift(buyer, { productType: 'gang', productId: 'hood-package', giftTo: laterId });
    await admin.post(`/api/purchases/${waiting.purchaseId}/refund`, { reason: 'Wrong friend' });
    const later = await firstSignIn(laterId);
    expect(await tokens(later.http)).toBe(0);
    expect((await later.http.get('/api/user/purchases')).body.purchases).toEqual([]);
  });

  it('refuses a gift to yourself, to an unknown name, an unban, and a pass for someone who holds one', async () => {
    const buyer = await player('selfish');
    const start = (body: Record<string, unknown>) =>
      buyer.http.post('/api/create-payment-intent', { ...AGREED, ...body });
    const before = await sql<Array<{ n: number }>>(`select count(*)::int as n from purchases where user_id = ?`, [
      buyer.user.id,
    ]);

    const self = await start({ productType: 'gang', productId: 'hood-package', giftTo: buyer.user.discordId });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: 'GIFT_TO_SELF' });
    expect((await start({ productType: 'gang', productId: 'hood-package', giftTo: 'Selfish' })).body.code).toBe(
      'GIFT_TO_SELF',
    );
    const unknown = await start({ productType: 'gang', productId: 'hood-package', giftTo: 'nobody-by-this-name' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      "No player is named 'nobody-by-this-name'. Check the name, or use their Discord ID (17 to 20 digits).",
    );
    const unban = await start({
      productType: 'unban',
      productId: 'discord-unban',
      banReason: 'Banned for RDM at the docks last week.',
      giftTo: randomDiscordId(),
    });
    expect(unban.status).toBe(400);
    expect(unban.body.code).toBe('NOT_GIFTABLE');
    const badMonths = await start({
      productType: 'whitelist',
      productId: 'swamp-blood',
      giftTo: randomDiscordId(),
      giftMonths: 2,
    });
    expect(badMonths.body.code).toBe('GIFT_MONTHS_INVALID');
    // the quote refuses what the checkout refuses, by the same rule
    const quote = (months: number) =>
      buyer.http.get(`/api/checkout/quote?productType=whitelist&productId=swamp-blood&months=${months}`);
    for (const months of [2, 12]) {
      const refused = await quote(months);
      expect([refused.status, refused.body.code]).toEqual([400, 'GIFT_MONTHS_INVALID']);
    }
    const sixMonths = await quote(6);
    expect(sixMonths.status).toBe(200);
    const notAPass = await buyer.http.get('/api/checkout/quote?productType=gang&productId=hood-package&months=3');
    expect([notAPass.status, notAPass.body.code]).toEqual([400, 'GIFT_MONTHS_NOT_ALLOWED']);
    const wrongPrice = await start({
      productType: 'whitelist',
      productId: 'swamp-blood',
      giftTo: randomDiscordId(),
      giftMonths: 3,
      price: 60,
    });
    expect(wrongPrice.status).toBe(409);

    const member = await player();
    await buyGift(buyer, {
      productType: 'whitelist',
      productId: 'swamp-blood',
      giftTo: member.user.discordId,
      giftMonths: 1,
    });
    const second = await start({
      productType: 'whitelist',
      productId: 'swamp-blood',
      giftTo: member.user.discordId,
      giftMonths: 1,
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('RECIPIENT_HOLDS_PASS');
    const after = await sql<Array<{ n: number }>>(`select count(*)::int as n from purchases where user_id = ?`, [
      buyer.user.id,
    ]);
    expect(after[0].n).toBe(before[0].n + 1);
  });

  it('a store-banned buyer cannot buy a gift, nor anyone buy one for a store-banned player', async () => {
    const banned = await player();
    const other = await player();
    await storeBanFromElsewhere(server, banned.user.id);
    const refused = await banned.http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'hood-package',
      giftTo: other.user.discordId,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('STORE_BANNED');
    const forBanned = await other.http.post('/api/create-payment-intent', {
      ...AGREED,
      productType: 'gang',
      productId: 'hood-package',
      giftTo: banned.user.discordId,
    });
    expect([forBanned.status, forBanned.body.code]).toEqual([400, 'GIFT_RECIPIENT_BANNED']);
    expect(await tokens(banned.http)).toBe(0);
  });

  it.each([
    ['site', (userId: string) => sql(`update users set banned_at = now() where id = ?`, [userId])],
    ['store', (userId: string) => storeBanFromElsewhere(server, userId)],
  ])(
    'a gift paid after its recipient got a %s ban is held for staff: the buyer is told, the recipient gets nothing',
    async (_, ban) => {
      const buyer = await player();
      const friend = await player();
      const started = await buyer.http.post('/api/create-payment-intent', {
        ...AGREED,
        productType: 'gang',
        productId: 'hood-package',
        giftTo: friend.user.discordId,
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      await ban(friend.user.id);
      const paid = await buyer.http.post('/api/payments/demo/confirm', {
        clientSecret: started.body.clientSecret,
        cardNumber: CARD,
      });
      expect(paid.body.paymentIntent.status).toBe('succeeded');
      const reason = `Paid in full, but ${friend.user.username} was banned after the checkout opened, so the gift was not delivered: held for staff to refund.`;
      // the buyer's page completes it, and again (a retry): held both times, credited never
      for (let attempt = 0; attempt < 2; attempt++) {
        const completed = await buyer.http.post('/api/complete-purchase', {
          paymentIntentId: started.body.paymentIntentId,
        });
        expect([completed.status, completed.body.code]).toEqual([409, 'PURCHASE_HELD']);
        expect(completed.body.message).toBe(`Your payment is held for staff, who will contact you. ${reason}`);
      }
      await server.system.database.withContext(() => server.system.core.purchases.reconcile.execute({ all: true }));
      const page = await buyer.http.get(`/api/user/purchases/${started.body.paymentIntentId}`);
      expect(page.body).toMatchObject({ status: 'underpaid', failureReason: reason });
      const staff = await admin.get(`/api/purchases/${started.body.purchaseId}`);
      expect(staff.body.purchase).toMatchObject({ status: 'underpaid', failureReason: reason });
      // a banned player reaches only their appeal: the balances are read where they are kept
      const balances = await sql<Array<{ tokens: number }>>(`select tokens from users where id in (?, ?)`, [
        friend.user.id,
        buyer.user.id,
      ]);
      expect(balances.map((row) => Number(row.tokens))).toEqual([0, 0]);
      const [ledger] = await sql<Array<{ n: number }>>(
        `select count(*)::int as n from token_ledger where reference = ?`,
        [`purchase:${started.body.purchaseId}`],
      );
      expect(ledger.n).toBe(0);
      expect((await deliveriesOf(started.body.purchaseId)).map((delivery) => delivery.kind)).toEqual(['notify_staff']);
    },
  );
});
