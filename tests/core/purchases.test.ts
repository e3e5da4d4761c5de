import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PURCHASES_PER_PASS } from '../../core/purchases/use-cases/reconcile-purchases.ts';
import { DomainError } from '../../core/shared/errors.ts';
import { DEMO_CARDS } from '../../adapters/payments/demo-payment-gateway.ts';
import { anonymise } from '../../core/purchases/model/anonymised-name.ts';
import { purchasesFixture } from './purchases-fixture.ts';
import { AGREED } from '../support/checkout-terms.ts';
import { WITHDRAWAL_CONSENT } from '../../core/purchases/model/withdrawal-consent.ts';

const swampBlood = { productType: 'whitelist', productId: 'swamp-blood' };

async function paid(
  fixture: ReturnType<typeof purchasesFixture>,
  card: string = DEMO_CARDS.success,
  item: { productType: string; productId: string } = swampBlood,
) {
  const started = await fixture.store.startCheckout.execute({ ...AGREED, buyer: fixture.buyer, ...item });
  const intent = await fixture.gateway.confirm(started.clientSecret, { number: card });
  return { started, intent };
}

describe('start checkout', () => {
  it('prices from the catalogue and opens a pending purchase with an intent naming it', async () => {
    const fixture = purchasesFixture();
    const started = await fixture.store.startCheckout.execute({
      ...AGREED,
      buyer: fixture.buyer,
      ...swampBlood,
      expectedPriceCents: 6000,
    });
    expect(started.tokensGranted).toBe(100);
    expect(started.purchase).toMatchObject({
      status: 'pending',
      priceCents: 6000,
      productName: 'Swamp Blood',
      buyerEmail: 'jean@example.com',
    });
    const intent = await fixture.gateway.retrieveIntent(started.purchase.paymentIntentId!);
    expect(intent).toMatchObject({ amountCents: 6000, currency: 'usd', clientSecret: started.clientSecret });
    expect(intent.metadata).toMatchObject({
      purchaseId: started.purchase.id,
      userId: fixture.buyer.id,
      productType: 'whitelist',
      productId: 'swamp-blood',
    });
  });

  it('refuses a price that differs from the catalogue with a conflict and stores nothing', async () => {
    const fixture = purchasesFixture();
    await expect(
      fixture.store.startCheckout.execute({
        ...AGREED,
        buyer: fixture.buyer,
        productType: 'whitelist',
        productId: 'voodoo-experience',
        expectedPriceCents: 100,
      }),
    ).rejects.toMatchObject({
      code: 'PRICE_MISMATCH',
      kind: 'conflict',
    });
    expect(await fixture.purchases.list({})).toEqual([]);
  });

  it('charges an add-on option its own price and refuses a banned buyer', async () => {
    const fixture = purchasesFixture();
    const started = await fixture.store.startCheckout.execute({
      ...AGREED,
      buyer: fixture.buyer,
      productType: 'addon',
      productId: 'custom-tattoos',
      optionId: 'upper-body',
    });
    expect(started.purchase).toMatchObject({
      priceCents: 7500,
      productName: 'Custom Tattoos (Upper Body)',
      optionId: 'upper-body',
    });
    await fixture.bans.ban(fixture.buyer.id, 'dispute');
    await expect(
      fixture.store.startCheckout.execute({ ...AGREED, buyer: fixture.buyer, ...swampBlood }),
    ).rejects.toMatchObject({
      code: 'STORE_BANNED',
      kind: 'forbidden',
    });
  });
});

describe('complete purchase', () => {
  it('completes once, credits the tokens once and answers a repeat the same', async () => {
    const fixture = purchasesFixture();
    const { intent } = await paid(fixture);
    const first = await fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: intent.id });
    const again = await fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: intent.id });
    expect(first.tokensAwarded).toBe(100);
    expect(again.tokensAwarded).toBe(100);
    expect(fixture.balance(fixture.buyer.id)).toBe(100);
    expect(first.purchase.status).toBe('completed');
  });

  it('undoes the whole completion when crediting the tokens fails, so it can be completed again later', async () => {
    const fixture = purchasesFixture();
    const { intent } = await paid(fixture);
    const account = fixture.users.rows.get(fixture.buyer.id)!;
    fixture.users.rows.delete(fixture.buyer.id);
    await expect(
      fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: intent.id }),
    ).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
    expect((await fixture.purchases.findByPaymentIntent(intent.id))?.status).toBe('pending');
    fixture.users.rows.set(fixture.buyer.id, account);
    const completed = await fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: intent.id });
    expect(completed).toMatchObject({ tokensAwarded: 100, purchase: { status: 'completed' } });
    expect(fixture.balance(fixture.buyer.id)).toBe(100);
  });

  it('refuses an unpaid intent with the decline reason and credits nothing', async () => {
    const fixture = purchasesFixture();
    const { intent } = await paid(fixture, DEMO_CARDS.declined);
    await expect(
      fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: intent.id }),
    ).rejects.toThrow('Your card was declined.');
    expect(fixture.balance(fixture.buyer.id)).toBe(0);
  });

  it("refuses someone else's payment", async () => {
    const fixture = purchasesFixture();
    const { intent } = await paid(fixture);
    await expect(
      fixture.store.complete.execute({ buyerId: 'someone-else', paymentIntentId: intent.id }),
    ).rejects.toMatchObject({ kind: 'forbidden' });
  });
});

describe('payment events', () => {
  it('applies an event id once', async () => {
    const fixture = purchasesFixture();
    const { intent } = await paid(fixture);
    const event = { id: 'evt_1', type: 'payment_succeeded' as const, intent };
    expect((await fixture.store.handleEvent.execute(event)).applied).toBe(true);
    expect((await fixture.store.handleEvent.execute(event)).applied).toBe(false);
    expect(fixture.balance(fixture.buyer.id)).toBe(100);
  });

  it('keeps a completed purchase completed when a failure arrives late', async () => {
    const fixture = purchasesFixture();
    const { intent } = await paid(fixture);
    await fixture.store.handleEvent.execute({ id: 'evt_ok', type: 'payment_succeeded', intent });
    const late = await fixture.store.handleEvent.execute({
      id: 'evt_fail',
      type: 'payment_failed',
      intentId: intent.id,
      reason: 'declined',
    });
    expect(late.purchase?.status).toBe('completed');
  });

  it('a refund removes the tokens, and a success arriving after it changes nothing', async () => {
    const fixture = purchasesFixture();
    const { intent } = await paid(fixture);
    await fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: intent.id });
    const refunded = await fixture.store.handleEvent.execute({
      id: 'evt_r',
      type: 'refunded',
      intentId: intent.id,
      reason: 'requested',
    });
    expect(refunded.purchase).toMatchObject({ status: 'refunded', tokensAwarded: 0 });
    expect(fixture.balance(fixture.buyer.id)).toBe(0);

    const early = purchasesFixture();
    const second = await paid(early);
    await early.store.handleEvent.execute({
      id: 'evt_r2',
      type: 'refunded',
      intentId: second.intent.id,
      reason: 'requested',
    });
    const late = await early.store.handleEvent.execute({
      id: 'evt_s2',
      type: 'payment_succeeded',
      intent: second.intent,
    });
    expect(late.purchase?.status).toBe('refunded');
    expect(early.balance(early.buyer.id)).toBe(0);
  });

  it('a dispute marks the purchase disputed, removes the tokens and bans the buyer', async () => {
    const fixture = purchasesFixture();
    const { intent } = await paid(fixture);
    await fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: intent.id });
    const disputed = await fixture.store.handleEvent.execute({
      id: 'evt_d',
      type: 'disputed',
      intentId: intent.id,
      reason: 'fraudulent',
    });
    expect(disputed.purchase?.status).toBe('disputed');
    expect(fixture.balance(fixture.buyer.id)).toBe(0);
    expect(await fixture.bans.isBanned(fixture.buyer.id)).toBe(true);
  });
});

describe('refund, list, recent and reconcile', () => {
  it("a refund's terms say ahead what it then does to the Discord role and the Priority Pass", async () => {
    // the add-on gives the same role as the Swamp Blood pass
    const ROLE = '700000000000000001';
    const fixture = purchasesFixture({
      roles: { products: { 'swamp-blood': ROLE, 'swamp-vehicles': ROLE }, whitelistRoleId: null },
    });
    const pass = await paid(fixture);
    await fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: pass.intent.id });
    const addon = await paid(fixture, DEMO_CARDS.success, { productType: 'addon', productId: 'swamp-vehicles' });
    await fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: addon.intent.id });
    const terms = async (id: string) => {
      const purchase = await fixture.purchases.findById(id);
      if (!purchase) throw new Error(`no purchase ${id}`);
      return fixture.store.refundTerms.execute(purchase);
    };
    const removals = async () =>
      (await fixture.outbox.list({})).filter((delivery) => delivery.kind === 'remove_role').map((d) => d.purchaseId);

    // each holds the role while the other gives it too
    expect(await terms(addon.started.purchase.id)).toEqual({
      role: { roleId: ROLE, removed: false },
      membership: null,
    });
    expect(await terms(pass.started.purchase.id)).toEqual({
      role: { roleId: ROLE, removed: false },
      membership: 'ends',
    });
    await fixture.store.refund.execute({ id: addon.started.purchase.id, reason: 'goodwill' });
    expect(await removals()).toEqual([]);

    // alone, the pass takes the role with it: said ahead, then done
    expect(await terms(pass.started.purchase.id)).toEqual({
      role: { roleId: ROLE, removed: true },
      membership: 'ends',
    });
    await fixture.store.refund.execute({ id: pass.started.purchase.id, reason: 'goodwill' });
    expect(await removals()).toEqual([pass.started.purchase.id]);
    // nothing is left to refund, so nothing more is promised
    expect(await terms(pass.started.purchase.id)).toEqual({ role: null, membership: null });
  });

  it('refunds through the gateway and lists totals of completed money only', async () => {
    const fixture = purchasesFixture();
    const a = await paid(fixture);
    await fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: a.intent.id });
    // a second tier would be a tier change: the second purchase is a one-time one, an add-on
    const b = await paid(fixture, DEMO_CARDS.success, { productType: 'addon', productId: 'swamp-vehicles' });
    await fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: b.intent.id });
    await fixture.store.startCheckout.execute({
      ...AGREED,
      buyer: fixture.buyer,
      productType: 'unban',
      productId: 'discord-unban',
      banReason: 'Banned for RDM at the docks last week.',
    });
    const refunded = await fixture.store.refund.execute({ id: a.started.purchase.id, reason: 'goodwill' });
    expect(refunded.status).toBe('refunded');
    expect(fixture.balance(fixture.buyer.id)).toBe(115);
    await expect(fixture.store.refund.execute({ id: a.started.purchase.id, reason: 'again' })).rejects.toMatchObject({
      code: 'NOT_REFUNDABLE',
    });
    const { summary } = await fixture.store.list.execute();
    expect(summary).toEqual({
      count: 3,
      revenueCents: 11500,
      completed: 1,
      pending: 1,
      byStatus: { awaiting_payment: 1, completed: 1, failed: 0, abandoned: 0, refunded: 1, disputed: 0, underpaid: 0 },
    });
  });

  it('shows recent purchases anonymised with the time they completed (the UI words it as a relative time)', async () => {
    const fixture = purchasesFixture();
    const { intent } = await paid(fixture);
    const completedAt = fixture.clock.now();
    await fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: intent.id });
    fixture.advance(2);
    expect(await fixture.store.recent.execute()).toEqual([
      { name: 'Jean B.', item: 'Swamp Blood', priceCents: 6000, purchasedAt: completedAt },
    ]);
    expect(anonymise('gatorking')).toBe('G.');
  });

  it('reconcile completes a paid purchase whose webhook never came and fails an abandoned one', async () => {
    const fixture = purchasesFixture();
    const { started } = await paid(fixture);
    const abandoned = await fixture.store.startCheckout.execute({
      ...AGREED,
      buyer: fixture.buyer,
      productType: 'unban',
      productId: 'discord-unban',
      banReason: 'Banned for RDM at the docks last week.',
    });
    expect(await fixture.store.reconcile.execute()).toMatchObject({ completed: [], failed: [] });
    fixture.advance(16);
    const report = await fixture.store.reconcile.execute();
    expect(report.completed).toEqual([started.purchase.id]);
    expect(report.failed).toEqual([abandoned.purchase.id]);
    expect(fixture.balance(fixture.buyer.id)).toBe(100);
  });
});

describe('reconcile soon after a payment', () => {
  it('completes a paid purchase a minute after it started, and leaves an unpaid one pending until 15 minutes', async () => {
    const fixture = purchasesFixture();
    const { started } = await paid(fixture);
    const unpaid = await fixture.store.startCheckout.execute({
      ...AGREED,
      buyer: fixture.buyer,
      productType: 'unban',
      productId: 'discord-unban',
      banReason: 'Banned for RDM at the docks last week.',
    });
    fixture.advance(2);
    const report = await fixture.store.reconcile.execute();
    expect(report.completed).toEqual([started.purchase.id]);
    expect(report.failed).toEqual([]);
    expect(report.unchanged).toEqual([unpaid.purchase.id]);
    expect(fixture.balance(fixture.buyer.id)).toBe(100);
  });
});

describe('reconcile in passes', () => {
  /**
   * `count` checkouts of the buyer's, opened a second apart from 10 minutes ago (within their time to be paid), with
   * `paymentIntentId` (none: no payment started); their ids, oldest first
   */
  async function opened(fixture: ReturnType<typeof purchasesFixture>, count: number, paymentIntentId: string | null) {
    const { purchase } = await fixture.store.startCheckout.execute({ ...AGREED, buyer: fixture.buyer, ...swampBlood });
    const since = fixture.clock.now().getTime() - 10 * 60_000;
    const ids = Array.from({ length: count }, () => randomUUID());
    for (const [i, id] of ids.entries())
      await fixture.purchases.add({ ...purchase, id, paymentIntentId, createdAt: new Date(since + i * 1000) });
    return ids;
  }

  it('asks about at most 100 purchases a pass, each pass going on after the last, then from the oldest again', async () => {
    const fixture = purchasesFixture();
    const ids = await opened(fixture, PURCHASES_PER_PASS + 20, null);
    const first = await fixture.store.reconcile.execute();
    expect(first).toMatchObject({ unchanged: ids.slice(0, PURCHASES_PER_PASS), failed: [], more: true });
    const second = await fixture.store.reconcile.execute();
    expect(second).toMatchObject({ unchanged: ids.slice(PURCHASES_PER_PASS), failed: [], more: false });
    expect((await fixture.store.reconcile.execute()).unchanged).toEqual(ids.slice(0, PURCHASES_PER_PASS));
    // an operator's run asks about every one, whatever the passes before it asked
    expect(await fixture.store.reconcile.execute({ all: true })).toMatchObject({ unchanged: ids, more: false });
    // past their 15 minutes, each is closed once
    fixture.advance(8);
    const closed = await fixture.store.reconcile.execute({ all: true });
    expect(closed.failed).toEqual(ids);
    expect((await fixture.store.reconcile.execute({ all: true })).failed).toEqual([]);
  });

  it('closes a checkout whose payment the provider has no record of, once its time to be paid is over', async () => {
    const fixture = purchasesFixture();
    const [id] = (await opened(fixture, 1, 'pi_demo_unknown')) as [string];
    const early = await fixture.store.reconcile.execute();
    expect(early.errors).toEqual([{ id, message: "No payment intent 'pi_demo_unknown' exists." }]);
    expect((await fixture.purchases.findById(id))?.status).toBe('pending');
    fixture.advance(6);
    expect((await fixture.store.reconcile.execute()).failed).toEqual([id]);
    expect(await fixture.purchases.findById(id)).toMatchObject({
      status: 'failed',
      failureReason: 'The payment provider has no record of this payment.',
    });
  });

  it('stops at the first purchase the provider cannot be reached about, and the next pass begins with it', async () => {
    const fixture = purchasesFixture();
    const ids = await opened(fixture, 3, 'pi_demo_unknown');
    const retrieve = fixture.gateway.retrieveIntent.bind(fixture.gateway);
    let asked = 0;
    fixture.gateway.retrieveIntent = async () => {
      asked++;
      throw new DomainError('PAYMENT_PROVIDER_ERROR', 'unavailable', 'The payment provider could not be reached.');
    };
    const stopped = await fixture.store.reconcile.execute();
    expect(asked).toBe(1);
    expect(stopped).toMatchObject({
      errors: [{ id: ids[0], message: 'The payment provider could not be reached.' }],
      unchanged: [],
      more: true,
    });
    fixture.gateway.retrieveIntent = retrieve;
    // the provider answers again: the next pass asks about all three, the first first
    const next = await fixture.store.reconcile.execute();
    expect(next.errors.map((error) => error.id)).toEqual(ids);
    expect(next.more).toBe(false);
  });
});

describe('payment events that do not match their purchase', () => {
  it('records a success event whose amount differs without completing anything', async () => {
    const fixture = purchasesFixture();
    const { intent } = await paid(fixture);
    const result = await fixture.store.handleEvent.execute({
      id: 'evt_bad',
      type: 'payment_succeeded',
      intent: { ...intent, amountCents: 100 },
    });
    expect(result).toMatchObject({ applied: false, purchase: { status: 'pending' } });
    expect(fixture.balance(fixture.buyer.id)).toBe(0);
    expect(
      (await fixture.store.handleEvent.execute({ id: 'evt_bad', type: 'payment_succeeded', intent })).applied,
    ).toBe(false);
  });
});

describe('a provider failure at checkout', () => {
  it('leaves no purchase behind', async () => {
    const fixture = purchasesFixture();
    fixture.gateway.createIntent = async () => {
      throw new Error('provider down');
    };
    await expect(
      fixture.store.startCheckout.execute({ ...AGREED, buyer: fixture.buyer, ...swampBlood }),
    ).rejects.toThrow('provider down');
    expect(await fixture.purchases.list({})).toEqual([]);
  });
});

describe('the buyer agrees before paying', () => {
  const { withdrawalConsent } = AGREED;

  it('refuses a checkout without the withdrawal consent, or with a wording no longer shown, and stores nothing', async () => {
    const fixture = purchasesFixture();
    await expect(
      fixture.store.startCheckout.execute({ buyer: fixture.buyer, ...swampBlood, ageDeclaration: 'adult' }),
    ).rejects.toMatchObject({ code: 'WITHDRAWAL_CONSENT_REQUIRED', kind: 'invalid' });
    await expect(
      fixture.store.startCheckout.execute({
        buyer: fixture.buyer,
        ...swampBlood,
        ageDeclaration: 'adult',
        withdrawalConsent: '2020-01-01',
      }),
    ).rejects.toMatchObject({ code: 'WITHDRAWAL_CONSENT_OUTDATED', kind: 'invalid' });
    expect(await fixture.purchases.list({})).toEqual([]);
    expect((await fixture.users.findById(fixture.buyer.id))?.ageDeclaration ?? null).toBeNull();
  });

  it('stores the consent on the purchase: the wording shown, when and from where', async () => {
    const fixture = purchasesFixture();
    const started = await fixture.store.startCheckout.execute({
      ...AGREED,
      buyer: fixture.buyer,
      ...swampBlood,
      buyerIp: '203.0.113.7',
    });
    const stored = await fixture.purchases.findById(started.purchase.id);
    expect(stored?.withdrawalConsent).toEqual({
      version: WITHDRAWAL_CONSENT.version,
      givenAt: fixture.clock.now(),
      address: '203.0.113.7',
    });
  });

  it('asks the age at the first checkout only, and the first answer stands', async () => {
    const fixture = purchasesFixture();
    await expect(
      fixture.store.startCheckout.execute({ buyer: fixture.buyer, ...swampBlood, withdrawalConsent }),
    ).rejects.toMatchObject({ code: 'AGE_DECLARATION_REQUIRED', kind: 'invalid' });
    await fixture.store.startCheckout.execute({
      buyer: fixture.buyer,
      ...swampBlood,
      withdrawalConsent,
      ageDeclaration: 'parental_consent',
    });
    const declared = (await fixture.users.findById(fixture.buyer.id))?.ageDeclaration;
    expect(declared).toEqual({ answer: 'parental_consent', at: fixture.clock.now() });
    // the next checkout, as the account reads now, needs no answer; a different one changes nothing
    const buyer = { ...fixture.buyer, ageDeclaration: declared };
    await fixture.store.startCheckout.execute({
      buyer,
      productType: 'gang',
      productId: 'starter-gang',
      withdrawalConsent,
    });
    await fixture.store.startCheckout.execute({
      buyer,
      productType: 'gang',
      productId: 'hood-package',
      withdrawalConsent,
      ageDeclaration: 'adult',
    });
    expect((await fixture.users.findById(fixture.buyer.id))?.ageDeclaration?.answer).toBe('parental_consent');
  });

  it('stores no age declaration when the checkout is refused', async () => {
    const fixture = purchasesFixture();
    await expect(
      fixture.store.startCheckout.execute({
        ...AGREED,
        buyer: fixture.buyer,
        productType: 'whitelist',
        productId: 'voodoo-experience',
        expectedPriceCents: 100,
      }),
    ).rejects.toMatchObject({ code: 'PRICE_MISMATCH' });
    expect((await fixture.users.findById(fixture.buyer.id))?.ageDeclaration ?? null).toBeNull();
  });
});
