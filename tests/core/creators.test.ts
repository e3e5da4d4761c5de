import { describe, expect, it } from 'vitest';
import { DEMO_CARDS } from '../../adapters/payments/demo-payment-gateway.ts';
import { addBuyer, purchasesFixture } from './purchases-fixture.ts';
import { AGREED } from '../support/checkout-terms.ts';

const starterGang = { productType: 'gang', productId: 'starter-gang' };

function creatorsFixture() {
  const fixture = purchasesFixture();
  const creators = fixture.memory.core.creators;
  const marie = addBuyer(fixture.users, new Date('2026-11-01T00:00:00Z'), {
    discordId: '200000000000000002',
    email: null,
    discordUsername: null,
    username: 'Marie Laveau',
  });
  return { ...fixture, creators, marie };
}

type Fixture = ReturnType<typeof creatorsFixture>;

async function buy(fixture: Fixture, creatorCode?: string, item = starterGang, buyer = fixture.buyer) {
  const started = await fixture.store.startCheckout.execute({ ...AGREED, buyer, ...item, creatorCode });
  await fixture.gateway.confirm(started.clientSecret, { number: DEMO_CARDS.success });
  const { purchase } = await fixture.store.complete.execute({
    buyerId: buyer.id,
    paymentIntentId: started.purchase.paymentIntentId!,
  });
  return purchase;
}

describe('registering creators', () => {
  it('registers a player with a code and a share, and refuses a taken code in any case and a second code', async () => {
    const fixture = creatorsFixture();
    const creator = await fixture.creators.register.execute({
      discordId: '200000000000000002',
      code: 'Marie',
      sharePercent: 10,
    });
    expect(creator).toMatchObject({ userId: fixture.marie.id, code: 'Marie', sharePercent: 10, disabledAt: null });
    await expect(
      fixture.creators.register.execute({ discordId: '100000000000000001', code: 'MARIE', sharePercent: 5 }),
    ).rejects.toMatchObject({ code: 'CREATOR_CODE_TAKEN', kind: 'conflict' });
    await expect(
      fixture.creators.register.execute({ discordId: '200000000000000002', code: 'VOODOO', sharePercent: 5 }),
    ).rejects.toMatchObject({
      code: 'ALREADY_CREATOR',
      message: "Marie Laveau is already a creator, with the code 'Marie'.",
    });
    await expect(
      fixture.creators.register.execute({ discordId: '999', code: 'NOBODY', sharePercent: 5 }),
    ).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
    await expect(
      fixture.creators.register.execute({ discordId: '100000000000000001', code: 'no spaces', sharePercent: 5 }),
    ).rejects.toMatchObject({ code: 'INVALID_CREATOR_CODE', kind: 'invalid' });
    await expect(
      fixture.creators.register.execute({ discordId: '100000000000000001', code: 'JEAN', sharePercent: 101 }),
    ).rejects.toMatchObject({ code: 'INVALID_SHARE', message: 'The share is 0 to 100 percent.' });
    expect((await fixture.creators.list.execute()).map((listed) => [listed.code, listed.name])).toEqual([
      ['Marie', 'Marie Laveau'],
    ]);
  });
});

describe('a creator code at checkout', () => {
  it('records the creator and the code as registered, whatever the case typed, and no discount', async () => {
    const fixture = creatorsFixture();
    const creator = await fixture.creators.register.execute({
      discordId: '200000000000000002',
      code: 'Marie',
      sharePercent: 10,
    });
    const started = await fixture.store.startCheckout.execute({
      ...AGREED,
      buyer: fixture.buyer,
      ...starterGang,
      creatorCode: ' marie ',
    });
    expect(started.purchase).toMatchObject({
      priceCents: 5000,
      creator: { id: creator.id, code: 'Marie', provider: null },
    });
    const intent = await fixture.gateway.retrieveIntent(started.purchase.paymentIntentId!);
    expect(intent).toMatchObject({ amountCents: 5000, metadata: { creatorCode: 'Marie' } });
  });

  it('refuses an unknown, a disabled and an own code, and opens no checkout', async () => {
    const fixture = creatorsFixture();
    await fixture.creators.register.execute({ discordId: '200000000000000002', code: 'Marie', sharePercent: 10 });
    await expect(
      fixture.store.startCheckout.execute({ ...AGREED, buyer: fixture.buyer, ...starterGang, creatorCode: 'NOPE' }),
    ).rejects.toMatchObject({
      code: 'CREATOR_CODE_UNKNOWN',
      kind: 'not_found',
      message: "No creator has the code 'NOPE'. Check the spelling, or leave the field empty.",
    });
    await expect(
      fixture.store.startCheckout.execute({ ...AGREED, buyer: fixture.marie, ...starterGang, creatorCode: 'MARIE' }),
    ).rejects.toMatchObject({ code: 'CREATOR_OWN_CODE', kind: 'conflict' });
    await fixture.creators.disable.execute({ code: 'marie' });
    await expect(
      fixture.store.startCheckout.execute({ ...AGREED, buyer: fixture.buyer, ...starterGang, creatorCode: 'Marie' }),
    ).rejects.toMatchObject({ code: 'CREATOR_CODE_DISABLED', kind: 'conflict' });
    expect(await fixture.purchases.list({})).toEqual([]);
    await expect(fixture.creators.disable.execute({ code: 'NOPE' })).rejects.toMatchObject({
      code: 'CREATOR_NOT_FOUND',
    });
  });

  it('takes the code of the latest start of the same checkout, and none when it is left out', async () => {
    const fixture = creatorsFixture();
    await fixture.creators.register.execute({ discordId: '200000000000000002', code: 'Marie', sharePercent: 10 });
    const first = await fixture.store.startCheckout.execute({ ...AGREED, buyer: fixture.buyer, ...starterGang });
    expect(first.purchase.creator ?? null).toBeNull();
    const again = await fixture.store.startCheckout.execute({
      ...AGREED,
      buyer: fixture.buyer,
      ...starterGang,
      creatorCode: 'Marie',
    });
    expect(again.purchase).toMatchObject({ id: first.purchase.id, creator: { code: 'Marie' } });
    const dropped = await fixture.store.startCheckout.execute({ ...AGREED, buyer: fixture.buyer, ...starterGang });
    expect(dropped.purchase.id).toBe(first.purchase.id);
    expect(dropped.purchase.creator ?? null).toBeNull();
    const intent = await fixture.gateway.retrieveIntent(first.purchase.paymentIntentId!);
    expect(intent.metadata.creatorCode).toBe('');
  });
});

describe("a creator's month", () => {
  it('counts completed purchases by completion month, on the money taken, and leaves refunds out', async () => {
    const fixture = creatorsFixture();
    const creator = await fixture.creators.register.execute({
      discordId: '200000000000000002',
      code: 'Marie',
      sharePercent: 15,
    });
    // 2026-11-22 12:00: two gang packages in November ($50 and $80), one of them refunded later
    await buy(fixture, 'Marie');
    const refunded = await buy(fixture, 'MARIE', { productType: 'gang', productId: 'hood-package' });
    await buy(fixture);
    // ten days on: December
    fixture.advance(10 * 24 * 60);
    await buy(fixture, 'marie', { productType: 'whitelist', productId: 'swamp-blood' });
    await fixture.store.refund.execute({ id: refunded.id, reason: 'Bought the wrong package.' });

    const november = await fixture.creators.report.execute({ month: '2026-11' });
    expect(november.month.label).toBe('2026-11');
    expect(november.rows).toEqual([
      expect.objectContaining({
        creator: expect.objectContaining({ id: creator.id, code: 'Marie', name: 'Marie Laveau' }),
        sales: 1,
        takenCents: 5000,
        shareCents: 750,
        refunds: 1,
        refundedCents: 8000,
      }),
    ]);
    const december = await fixture.creators.report.execute();
    expect(december.month.label).toBe('2026-12');
    expect(december.totals).toEqual({ sales: 1, takenCents: 6000, shareCents: 900, refunds: 0, refundedCents: 0 });

    const mine = await fixture.creators.mine.execute({ userId: fixture.marie.id });
    expect(
      mine?.months.map(({ month, sales, takenCents, shareCents }) => [month.label, sales, takenCents, shareCents]),
    ).toEqual([
      ['2026-12', 1, 6000, 900],
      ['2026-11', 1, 5000, 750],
    ]);
    expect(await fixture.creators.mine.execute({ userId: fixture.buyer.id })).toBeNull();
    for (const month of ['2026-13', '0000-01', '1999-12', '9999-12'])
      await expect(fixture.creators.report.execute({ month })).rejects.toMatchObject({ code: 'INVALID_MONTH' });
    expect((await fixture.creators.report.execute({ month: '2999-12' })).month.label).toBe('2999-12');
  });
});
