import { describe, expect, it } from 'vitest';
import { createCore } from '../../core/index.ts';
import type { SubscriptionGateway, SubscriptionTierChanges } from '../../core/memberships/ports.ts';
import { DEMO_CARDS } from '../../adapters/payments/demo-payment-gateway.ts';
import { purchasesFixture } from './purchases-fixture.ts';
import { AGREED } from '../support/checkout-terms.ts';

/** the demo gateway, whose upgrade invoices say `paidCents` were paid, whatever was charged */
function reportingUpgradesAs(gateway: SubscriptionGateway, paidCents: number): SubscriptionGateway {
  const tierChanges = gateway.capabilities.tierChanges as SubscriptionTierChanges;
  return {
    mode: gateway.mode,
    start: (request) => gateway.start(request),
    capabilities: {
      ...gateway.capabilities,
      tierChanges: {
        upgrade: async (request) => ({ ...(await tierChanges.upgrade(request)), amountCents: paidCents }),
        scheduleTier: (subscriptionId, tierId) => tierChanges.scheduleTier(subscriptionId, tierId),
      },
    },
  };
}

/** a buyer holding Swamp Blood ($60, 100 tokens), on a core whose provider reports upgrades paid at `paidCents` */
async function member(paidCents: number) {
  const fixture = purchasesFixture();
  const started = await fixture.store.startCheckout.execute({
    ...AGREED,
    buyer: fixture.buyer,
    productType: 'whitelist',
    productId: 'swamp-blood',
  });
  const intent = await fixture.gateway.confirm(started.clientSecret, { number: DEMO_CARDS.success });
  await fixture.store.complete.execute({ buyerId: fixture.buyer.id, paymentIntentId: intent.id });
  const { ports } = fixture.memory;
  const core = createCore({
    ...ports,
    memberships: { ...ports.memberships, gateway: reportingUpgradesAs(ports.memberships.gateway, paidCents) },
  });
  const membership = async () => (await core.memberships.showMine.execute(fixture.buyer.id))!.membership;
  const upgrades = async () =>
    (await fixture.purchases.ofMembership((await membership()).id)).filter(
      (purchase) => purchase.billing?.reason === 'upgrade',
    );
  return { fixture, changeTier: core.memberships.changeTier, membership, upgrades };
}

// the upgrade to Gator Crown ($100) on the first day of a 30-day month charges the whole $40 difference
describe('an upgrade the site started, paid as the provider reports it', () => {
  it('completes when the provider took what the site charged', async () => {
    const { fixture, changeTier, membership, upgrades } = await member(4000);
    const change = await changeTier.execute(fixture.buyer.id, 'gator-crown', 4000);
    expect(change.kind).toBe('upgrade');
    expect((await membership()).tierId).toBe('gator-crown');
    expect(fixture.balance(fixture.buyer.id)).toBe(200);
    expect(await upgrades()).toMatchObject([{ status: 'completed', priceCents: 4000, amountPaidCents: 4000 }]);
  });

  it("completes when the provider's own proration took up to an hour's share less", async () => {
    const { fixture, changeTier, membership } = await member(3990);
    await changeTier.execute(fixture.buyer.id, 'gator-crown');
    expect((await membership()).tierId).toBe('gator-crown');
    expect(fixture.balance(fixture.buyer.id)).toBe(200);
  });

  it('is held for staff, tier and tokens unchanged, when the provider took 1 cent', async () => {
    const { fixture, changeTier, membership, upgrades } = await member(1);
    await expect(changeTier.execute(fixture.buyer.id, 'gator-crown')).rejects.toMatchObject({ code: 'UPGRADE_HELD' });
    expect((await membership()).tierId).toBe('swamp-blood');
    expect(fixture.balance(fixture.buyer.id)).toBe(100);
    expect(await upgrades()).toMatchObject([
      { status: 'underpaid', productId: 'gator-crown', priceCents: 4000, amountPaidCents: 1, tokensAwarded: 0 },
    ]);
    // and asking again charges nothing more while staff look at it
    await expect(changeTier.execute(fixture.buyer.id, 'gator-crown')).rejects.toMatchObject({ code: 'UPGRADE_HELD' });
    expect(await upgrades()).toHaveLength(1);
  });
});
