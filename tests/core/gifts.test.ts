import { describe, expect, it } from 'vitest';
import { DEMO_CARDS } from '../../adapters/payments/demo-payment-gateway.ts';
import { purchasesFixture } from './purchases-fixture.ts';
import { AGREED } from '../support/checkout-terms.ts';

const FRIEND = '200000000000000002';
const hood = { productType: 'gang', productId: 'hood-package' };

async function giftPaid(
  fixture: ReturnType<typeof purchasesFixture>,
  giftTo: string,
  item = hood,
  giftMonths?: number,
) {
  const started = await fixture.store.startCheckout.execute({
    ...AGREED,
    buyer: fixture.buyer,
    ...item,
    giftTo,
    giftMonths,
  });
  const intent = await fixture.gateway.confirm(started.clientSecret, { number: DEMO_CARDS.success });
  return fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: intent.id });
}

/** a site ban, as staff set it */
function banAccount(fixture: ReturnType<typeof purchasesFixture>, userId: string) {
  const user = fixture.users.rows.get(userId);
  if (!user) throw new Error('no such user');
  fixture.users.rows.set(userId, { ...user, bannedAt: new Date('2026-11-22T12:00:00Z') });
}

const signIn = (fixture: ReturnType<typeof purchasesFixture>) =>
  fixture.memory.core.users.signIn.execute({ discordId: FRIEND, discordUsername: 'marigold' });

describe('gifts', () => {
  it('waits for a recipient without an account, and delivers once at their sign-in', async () => {
    const fixture = purchasesFixture();
    const { purchase, tokensAwarded } = await giftPaid(fixture, FRIEND);
    expect(purchase).toMatchObject({
      status: 'completed',
      tokensAwarded: 0,
      gift: { discordId: FRIEND, userId: null },
    });
    expect(tokensAwarded).toBe(0);
    expect(fixture.balance(fixture.buyer.id)).toBe(0);

    const friend = await signIn(fixture);
    await signIn(fixture);
    expect(fixture.balance(friend.id)).toBe(80);
    const delivered = await fixture.purchases.findById(purchase.id);
    expect(delivered?.gift).toMatchObject({ userId: friend.id, name: 'marigold', deliveredAt: expect.any(Date) });
    expect((await fixture.tokenHistory(friend.id)).map((entry) => entry.reason)).toEqual([
      'Gift from jean_baptiste: Hood Package',
    ]);
    expect(await fixture.purchases.giftsAwaiting(FRIEND)).toEqual([]);
  });

  it('delivers at once to a player who has an account, and a refund takes it back from them', async () => {
    const fixture = purchasesFixture();
    const friend = await signIn(fixture);
    const { purchase } = await giftPaid(fixture, 'Marigold');
    expect(purchase.tokensAwarded).toBe(80);
    expect(fixture.balance(friend.id)).toBe(80);
    await fixture.store.refund.execute({ id: purchase.id, reason: 'Wrong friend' });
    expect(fixture.balance(friend.id)).toBe(0);
    expect(fixture.balance(fixture.buyer.id)).toBe(0);
  });

  it.each([
    ['site', (f: ReturnType<typeof purchasesFixture>, id: string) => banAccount(f, id)],
    ['store', (f: ReturnType<typeof purchasesFixture>, id: string) => f.bans.ban(id, 'Payment dispute')],
  ])(
    'holds a paid gift for staff when its recipient got a %s ban after the checkout opened, crediting no one, once',
    async (_, ban) => {
      const fixture = purchasesFixture();
      const friend = await signIn(fixture);
      const started = await fixture.store.startCheckout.execute({
        ...AGREED,
        buyer: fixture.buyer,
        ...hood,
        giftTo: FRIEND,
      });
      await ban(fixture, friend.id);
      const intent = await fixture.gateway.confirm(started.clientSecret, { number: DEMO_CARDS.success });
      const paid = () => fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: intent.id });
      await expect(paid()).rejects.toMatchObject({
        code: 'PURCHASE_HELD',
        message:
          'Your payment is held for staff, who will contact you. Paid in full, but marigold was banned after the checkout opened, so the gift was not delivered: held for staff to refund.',
      });
      const held = { purchase: (await fixture.purchases.findById(started.purchase.id))! };
      expect(held.purchase).toMatchObject({
        status: 'underpaid',
        tokensAwarded: 0,
        amountPaidCents: 8000,
        failureReason:
          'Paid in full, but marigold was banned after the checkout opened, so the gift was not delivered: held for staff to refund.',
        gift: { deliveredAt: null },
      });
      // a retried completion, and the recipient's next sign-in, change nothing
      await expect(paid()).rejects.toMatchObject({ code: 'PURCHASE_HELD' });
      await fixture.store.reconcile.execute();
      expect(fixture.balance(friend.id)).toBe(0);
      expect(fixture.balance(fixture.buyer.id)).toBe(0);
      expect(await fixture.purchases.giftsAwaiting(FRIEND)).toEqual([]);
      expect((await fixture.purchases.findById(held.purchase.id))?.status).toBe('underpaid');
      // staff are told, with why
      const told = await fixture.outbox.forPurchases([held.purchase.id]);
      expect(told.map((delivery) => delivery.kind)).toEqual(['notify_staff']);
    },
  );

  it('prices a gifted pass for its months, and refuses yourself, an unknown name and an unban', async () => {
    const fixture = purchasesFixture();
    const started = await fixture.store.startCheckout.execute({
      ...AGREED,
      buyer: fixture.buyer,
      productType: 'whitelist',
      productId: 'swamp-blood',
      giftTo: FRIEND,
      giftMonths: 6,
    });
    expect(started.purchase).toMatchObject({
      priceCents: 36_000,
      tokensGranted: 600,
      billing: null,
      gift: { months: 6 },
    });
    const start = (giftTo: string, item: Record<string, string> = hood) =>
      fixture.store.startCheckout.execute({
        ...AGREED,
        buyer: fixture.buyer,
        productType: '',
        productId: '',
        ...item,
        giftTo,
      });
    await expect(start('100000000000000001')).rejects.toMatchObject({ code: 'GIFT_TO_SELF', kind: 'invalid' });
    await expect(start('jean_baptiste')).rejects.toMatchObject({ code: 'GIFT_TO_SELF' });
    await expect(start('nobody')).rejects.toMatchObject({ code: 'GIFT_RECIPIENT_UNKNOWN' });
    await expect(
      start(FRIEND, { productType: 'unban', productId: 'discord-unban', banReason: 'Banned for RDM at the docks.' }),
    ).rejects.toMatchObject({ code: 'NOT_GIFTABLE' });
  });
});
