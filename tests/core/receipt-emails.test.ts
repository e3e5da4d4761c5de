import { describe, expect, it } from 'vitest';
import { DEMO_CARDS } from '../../adapters/payments/demo-payment-gateway.ts';
import { escapeHtml } from '../../core/mail/model/mail-content.ts';
import { dollars } from '../../core/mail/model/receipt-texts.ts';
import { WITHDRAWAL_CONSENT } from '../../core/purchases/model/withdrawal-consent.ts';
import { AGREED } from '../support/checkout-terms.ts';
import { addBuyer, purchasesFixture } from './purchases-fixture.ts';

const FRIEND = '200000000000000002';
const hood = { productType: 'gang', productId: 'hood-package' };

type Fixture = ReturnType<typeof purchasesFixture>;

async function buy(
  fixture: Fixture,
  item: { productType: string; productId: string; couponCode?: string; giftTo?: string } = hood,
  buyer = fixture.buyer,
  card: string = DEMO_CARDS.success,
) {
  const started = await fixture.store.startCheckout.execute({ ...AGREED, buyer, ...item });
  const intent = await fixture.gateway.confirm(started.clientSecret, { number: card });
  return (await fixture.store.complete.execute({ buyerId: buyer.id, paymentIntentId: intent.id })).purchase;
}

const emails = (fixture: Fixture) => fixture.memory.stores.emails.list({});
const sendDue = (fixture: Fixture) => fixture.memory.core.mail.sendDue.execute();

describe('receipts by email, written with their cause', () => {
  it("a completed purchase writes its buyer's receipt: the item, the amounts, the consent, the id and the link", async () => {
    const fixture = purchasesFixture();
    const purchase = await buy(fixture);

    const [email] = await emails(fixture);
    expect(email).toMatchObject({
      kind: 'purchase',
      status: 'pending',
      to: 'jean@example.com',
      userId: fixture.buyer.id,
      purchaseId: purchase.id,
      subject: 'Your Bayou Roleplay receipt: Hood Package',
    });
    for (const part of [email!.text, email!.html]) {
      expect(part).toContain(dollars(purchase.priceCents));
      expect(part).toContain(purchase.id);
      expect(part).toContain(`http://localhost:3000/account/receipts/${purchase.id}`);
      expect(part).toContain(escapeHtml(WITHDRAWAL_CONSENT.text));
    }
    expect(email!.text).toMatch(/Hood Package\s+\$\d+\.\d\d\n/);
    expect(email!.text).toMatch(/Total paid\s+\$\d+\.\d\d\n/);

    expect(await sendDue(fixture)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(fixture.memory.mailServer.sent.map((sent) => sent.id)).toEqual([email!.id]);
    expect((await emails(fixture))[0]).toMatchObject({ status: 'sent', attempts: 1, sentAt: expect.any(Date) });
  });

  it('lists the sale and the coupon that took the price down', async () => {
    const fixture = purchasesFixture();
    await fixture.memory.core.promotions.createCoupon.execute({ code: 'GATOR10', percentOff: 10, createdBy: null });
    const purchase = await buy(fixture, { ...hood, couponCode: 'gator10' });
    const [email] = await emails(fixture);
    const off = purchase.discount!.coupon!.cents;
    expect(off).toBeGreaterThan(0);
    expect(email!.text).toMatch(new RegExp(`Hood Package\\s+\\${dollars(purchase.discount!.listPriceCents)}\\n`));
    expect(email!.text).toMatch(new RegExp(`Coupon GATOR10\\s+-\\${dollars(off)}\\n`));
    expect(email!.html).toContain(`-${dollars(off)}`);
    expect(email!.text).toContain(dollars(purchase.priceCents));
  });

  it('escapes every value in the HTML part', async () => {
    const fixture = purchasesFixture();
    const buyer = addBuyer(fixture.users, new Date(), {
      discordId: '100000000000000009',
      email: 'odd@example.com',
      discordUsername: '<b>"Remy" & co</b>',
      username: null,
    });
    await buy(fixture, hood, buyer);
    const [email] = await emails(fixture);
    expect(email!.text).toContain('Hi <b>"Remy" & co</b>,');
    expect(email!.html).toContain('Hi &lt;b&gt;&quot;Remy&quot; &amp; co&lt;/b&gt;,');
    expect(email!.html).not.toContain('<b>"Remy"');
  });

  it('writes nothing, and fails nothing, for a buyer with no address', async () => {
    const fixture = purchasesFixture();
    const buyer = addBuyer(fixture.users, new Date(), {
      discordId: '100000000000000008',
      email: null,
      discordUsername: 'no_mail',
      username: null,
    });
    const purchase = await buy(fixture, hood, buyer);
    expect(purchase.status).toBe('completed');
    expect(await emails(fixture)).toEqual([]);
  });

  it('a refund writes a refund email; a dispute writes none', async () => {
    const fixture = purchasesFixture();
    const refunded = await buy(fixture);
    await fixture.store.refund.execute({ id: refunded.id, reason: 'Bought by mistake' });
    const disputed = await buy(fixture, { productType: 'gang', productId: 'starter-gang' });
    await fixture.memory.core.purchases.settlement.dispute(disputed, 'fraudulent');

    const all = await emails(fixture);
    expect(all.filter((email) => email.kind === 'refund')).toEqual([
      expect.objectContaining({ purchaseId: refunded.id, subject: 'Your refund for Hood Package' }),
    ]);
    const [refund] = all.filter((email) => email.kind === 'refund');
    expect(refund!.text).toMatch(/Refunded\s+\$\d+\.\d\d\n/);
    expect(refund!.text).toContain('no money was taken');
    expect(all.filter((email) => email.purchaseId === disputed.id).map((email) => email.kind)).toEqual(['purchase']);
  });

  it('a gift delivered at once tells its recipient, at their account address, with no amounts', async () => {
    const fixture = purchasesFixture();
    const friend = addBuyer(fixture.users, new Date(), {
      discordId: FRIEND,
      email: 'marigold@example.com',
      discordUsername: 'marigold',
      username: null,
    });
    const purchase = await buy(fixture, { ...hood, giftTo: FRIEND });
    const received = (await emails(fixture)).find((email) => email.kind === 'gift_received');
    expect(received).toMatchObject({
      to: 'marigold@example.com',
      userId: friend.id,
      subject: 'You received a gift: Hood Package',
    });
    expect(received!.text).toContain('jean_baptiste bought you Hood Package');
    expect(received!.text).not.toContain(dollars(purchase.priceCents));
    expect(received!.text).toContain(purchase.id);
  });

  it('a renewal paid writes a renewal receipt; a renewal declined tells the player how long benefits last', async () => {
    const fixture = purchasesFixture();
    await buy(fixture, { productType: 'whitelist', productId: 'swamp-blood' });
    const [membership] = await fixture.memory.stores.memberships.list({});
    await fixture.memberships.renewDue.execute({ now: new Date(membership!.currentPeriodEnd.getTime() + 60_000) });
    const renewal = (await emails(fixture)).find((email) => email.kind === 'renewal');
    expect(renewal).toMatchObject({ to: 'jean@example.com', subject: 'Your Swamp Blood Priority Pass renewed' });
    expect(renewal!.text).toContain('renewed for another month');

    const declined = purchasesFixture();
    await buy(
      declined,
      { productType: 'whitelist', productId: 'swamp-blood' },
      declined.buyer,
      DEMO_CARDS.declinesLaterCharges,
    );
    const [pass] = await declined.memory.stores.memberships.list({});
    await declined.memberships.renewDue.execute({ now: new Date(pass!.currentPeriodEnd.getTime() + 60_000) });
    const failed = (await emails(declined)).find((email) => email.kind === 'renewal_failed');
    expect(failed).toMatchObject({
      to: 'jean@example.com',
      membershipId: pass!.id,
      purchaseId: expect.any(String),
      subject: 'Your Swamp Blood Priority Pass renewal did not go through',
    });
    expect(failed!.text).toMatch(/Amount due\s+\$\d+\.\d\d\n/);
    expect(failed!.text).toContain('Benefits last until');
  });

  it('an email refused for good is left failed, the purchase stands, and a retry sends it', async () => {
    const fixture = purchasesFixture();
    fixture.memory.mailServer.refusing = '550 mailbox unavailable';
    const purchase = await buy(fixture);
    expect(purchase.status).toBe('completed');
    expect(await sendDue(fixture)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const [failed] = await fixture.memory.core.mail.list.execute({ status: 'failed' });
    expect(failed).toMatchObject({ purchaseId: purchase.id, lastError: 'Try 1: 550 mailbox unavailable' });

    fixture.memory.mailServer.refusing = null;
    await fixture.memory.core.mail.retry.execute(failed!.id);
    expect(await sendDue(fixture)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    await expect(fixture.memory.core.mail.retry.execute(failed!.id)).rejects.toMatchObject({
      code: 'EMAIL_NOT_RETRYABLE',
    });
  });
});
