import { describe, expect, it } from 'vitest';
import { DEMO_CARDS } from '../../adapters/payments/demo-payment-gateway.ts';
import { purchasesFixture } from './purchases-fixture.ts';
import { AGREED } from '../support/checkout-terms.ts';

const DAY = 86_400_000;
/** what the store says when it turns work away for now (a lock wait, a deadlock) */
class TurnedAway extends Error {}

/** a buyer holding Swamp Blood (100 tokens a month), and the fixture whose membership writes can be turned away */
async function member(failures: number) {
  const fixture = purchasesFixture();
  const started = await fixture.store.startCheckout.execute({
    ...AGREED,
    buyer: fixture.buyer,
    productType: 'whitelist',
    productId: 'swamp-blood',
  });
  const intent = await fixture.gateway.confirm(started.clientSecret, { number: DEMO_CARDS.success });
  await fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: intent.id });
  const { memberships } = fixture.memory.stores;
  const [membership] = await memberships.due(new Date(Date.now() + 400 * DAY), 10);
  fixture.memory.transactions.isTransient = (error) => error instanceof TurnedAway;
  const update = memberships.update.bind(memberships);
  let left = failures;
  memberships.update = (...args) => (left-- > 0 ? Promise.reject(new TurnedAway('turned away')) : update(...args));
  return { fixture, membership: membership! };
}

describe('renewals turned away by a busy store', () => {
  it('tries the step again and renews the month once', async () => {
    const { fixture, membership } = await member(2);
    const report = await fixture.memberships.renewDue.execute({
      now: new Date(membership.currentPeriodEnd.getTime() + 3_600_000),
    });
    expect(report).toMatchObject({ renewed: 1, errors: [] });
    expect(fixture.balance(fixture.buyer.id)).toBe(200);
  });

  it('names a membership still turned away after its tries, and leaves its month unpaid for the next run', async () => {
    const { fixture, membership } = await member(1000);
    const report = await fixture.memberships.renewDue.execute({
      now: new Date(membership.currentPeriodEnd.getTime() + 3_600_000),
    });
    expect(report.renewed).toBe(0);
    expect(report.errors).toEqual([{ membershipId: membership.id, userId: fixture.buyer.id, message: 'turned away' }]);
    expect(fixture.balance(fixture.buyer.id)).toBe(100);
  });

  it('asks again for the memberships due when the store turns the list away, and renews the month once', async () => {
    const { fixture, membership } = await member(0);
    const { memberships } = fixture.memory.stores;
    const due = memberships.due.bind(memberships);
    let left = 2;
    memberships.due = (...args) => (left-- > 0 ? Promise.reject(new TurnedAway('turned away')) : due(...args));
    const report = await fixture.memberships.renewDue.execute({
      now: new Date(membership.currentPeriodEnd.getTime() + 3_600_000),
    });
    expect(report).toMatchObject({ renewed: 1, errors: [] });
    expect(fixture.balance(fixture.buyer.id)).toBe(200);
  });
});
