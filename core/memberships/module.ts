import type { Catalogue } from '../catalogue/model/catalogue.ts';
import type { PurchaseSettlement } from '../purchases/model/purchase-settlement.ts';
import type { MembershipCheckout, PaymentEventLog, PaymentGateway, PurchaseRepository } from '../purchases/ports.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../shared/ports.ts';
import type { MembershipEffects } from './effects.ts';
import { MembershipLifecycle, tierName } from './model/lifecycle.ts';
import { MembershipPayments } from './model/membership-payments.ts';
import { MembershipViews } from './model/membership-views.ts';
import type { MembershipRepository, SubscriptionGateway } from './ports.ts';
import type { MembershipDeps } from './model/deps.ts';
import { CancelMembership } from './use-cases/cancel-membership.ts';
import { CancelMembershipAsAdmin } from './use-cases/cancel-membership-as-admin.ts';
import { ChangeTier } from './use-cases/change-tier.ts';
import { CheckTierPrices } from './use-cases/check-tier-prices.ts';
import { HandleBillingEvent } from './use-cases/handle-billing-event.ts';
import { ListMemberships } from './use-cases/list-memberships.ts';
import { PayRenewal } from './use-cases/pay-renewal.ts';
import { PreviewMembershipChange } from './use-cases/preview-membership-change.ts';
import { RenewDueMemberships } from './use-cases/renew-due-memberships.ts';
import { ResumeMembership } from './use-cases/resume-membership.ts';
import { ShowMembership } from './use-cases/show-membership.ts';
import { ShowMyMembership } from './use-cases/show-my-membership.ts';
import { SummariseMemberships } from './use-cases/summarise-memberships.ts';

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
  const lifecycle = new MembershipLifecycle({
    memberships: p.memberships,
    purchases: shared.purchases,
    catalogue: shared.catalogue,
    effects: shared.effects,
    ids: shared.ids,
    clock: shared.clock,
    gateway: p.gateway.mode,
  });
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

/** The Priority Pass: the player's own membership, the admin's side, renewals and the provider's billing events. */
export function createMembershipModule(p: MembershipPorts, shared: ModuleShared) {
  const base = { ...shared, memberships: p.memberships, gateway: p.gateway };
  const payments = new MembershipPayments(base);
  const deps: MembershipDeps = { ...base, payments, views: new MembershipViews(shared.catalogue, payments) };
  const { tierPrices } = p.gateway.capabilities;
  return {
    gatewayMode: p.gateway.mode,
    /** present where the provider keeps a price per tier (Stripe) */
    tierPrices: tierPrices && new CheckTierPrices(tierPrices),
    renewDue: new RenewDueMemberships(deps),
    handleEvent: new HandleBillingEvent(deps),
    showMine: new ShowMyMembership(deps),
    payRenewal: new PayRenewal(deps),
    cancel: new CancelMembership(deps),
    resume: new ResumeMembership(deps),
    preview: new PreviewMembershipChange(deps),
    changeTier: new ChangeTier(deps),
    list: new ListMemberships(deps),
    show: new ShowMembership(deps),
    cancelAsAdmin: new CancelMembershipAsAdmin(deps),
    summary: new SummariseMemberships(deps),
  };
}
