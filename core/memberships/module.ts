import type { Catalogue } from '../catalogue/model/catalogue.ts';
import type { PurchaseSettlement } from '../purchases/model/purchase-settlement.ts';
import type { MembershipCheckout, PaymentEventLog, PaymentGateway, PurchaseRepository } from '../purchases/ports.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../shared/ports.ts';
import { HandleBillingEvent, MembershipPayments, RenewDueMemberships } from './use-cases/billing.ts';
import { CheckTierPrices } from './use-cases/check-tier-prices.ts';
import type { MembershipEffects } from './effects.ts';
import { MembershipLifecycle, tierName } from './model/lifecycle.ts';
import { AdministerMemberships, ManageMembership, MembershipViews } from './use-cases/manage.ts';
import type { MembershipRepository, SubscriptionGateway } from './ports.ts';

export interface MembershipPorts {
  memberships: MembershipRepository;
  gateway: SubscriptionGateway;
}

type ModuleShared = Shared & {
  settlement: PurchaseSettlement;
  lifecycle: MembershipLifecycle;
  /** the card payments' provider, to read a renewal's payment */
  intents: Pick<PaymentGateway, 'retrieveIntent'>;
};

interface Shared {
  catalogue: Catalogue;
  clock: Clock;
  ids: IdGenerator;
  transactions: TransactionRunner;
  purchases: PurchaseRepository;
  events: PaymentEventLog;
  effects: MembershipEffects;
}

/** The part the purchases module needs before it exists: what a paid month does, and the checkout's check. */
export function createMembershipLifecycle(p: MembershipPorts, shared: Shared) {
  const lifecycle = new MembershipLifecycle(
    p.memberships,
    shared.purchases,
    shared.catalogue,
    shared.effects,
    shared.ids,
    shared.clock,
    p.gateway.mode,
  );
  const checkout: MembershipCheckout = {
    startSubscription: (request) => p.gateway.start(request),
    liveTierOf: async (userId) => {
      const live = await p.memberships.findLive(userId);
      return live ? tierName(shared.catalogue, live.tierId) : null;
    },
    onRefund: async (purchase, at) => {
      const found = await lifecycle.onReversal(purchase, at);
      return found && { id: found.membership.id, effect: found.effect };
    },
    refunded: async (purchase) => {
      const subscriptionId = purchase.billing?.subscriptionId;
      const membership = subscriptionId ? await p.memberships.findBySubscription(subscriptionId) : null;
      if (membership?.status === 'ended')
        await p.gateway.capabilities.cancellation?.cancelNow(membership.subscriptionId);
    },
  };
  return { lifecycle, checkout };
}

export function createMembershipModule(p: MembershipPorts, shared: ModuleShared) {
  const { catalogue, clock, transactions, settlement, lifecycle } = shared;
  const deps = { ...shared, memberships: p.memberships, gateway: p.gateway };
  const payments = new MembershipPayments(deps);
  const views = new MembershipViews(catalogue, payments);
  const { tierPrices } = p.gateway.capabilities;
  return {
    gatewayMode: p.gateway.mode,
    /** present where the provider keeps a price per tier (Stripe) */
    tierPrices: tierPrices && new CheckTierPrices(tierPrices),
    renewDue: new RenewDueMemberships(deps, payments),
    handleEvent: new HandleBillingEvent(deps, payments),
    manage: new ManageMembership(
      p.memberships,
      shared.purchases,
      payments,
      settlement,
      lifecycle,
      p.gateway,
      catalogue,
      views,
      transactions,
      clock,
      shared.intents,
    ),
    admin: new AdministerMemberships(
      p.memberships,
      shared.purchases,
      lifecycle,
      p.gateway,
      catalogue,
      views,
      transactions,
      clock,
    ),
  };
}
