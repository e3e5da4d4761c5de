import type { Catalogue } from '../catalogue/model/catalogue.ts';
import { ListUnmatchedPayments } from './use-cases/unmatched-payments.ts';
import type { PurchaseEffects } from './effects.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../shared/ports.ts';
import { CompletePurchase } from './use-cases/complete-purchase.ts';
import { HandlePaymentEvent } from './use-cases/handle-payment-event.ts';
import { ProveBasketPayment } from './use-cases/prove-basket-payment.ts';
import { ListMyPurchases } from './use-cases/list-my-purchases.ts';
import { ListPurchases } from './use-cases/list-purchases.ts';
import { ListRecentPurchases } from './use-cases/list-recent-purchases.ts';
import { ReceiveGifts } from './use-cases/receive-gifts.ts';
import type {
  CheckoutPricing,
  CreatorCodes,
  GiftRecipients,
  MembershipCheckout,
  PaymentEventLog,
  PaymentGateway,
  PurchaseRepository,
  PurchaseTokenGrants,
  StoreBans,
} from './ports.ts';
import { ReconcilePurchases } from './use-cases/reconcile-purchases.ts';
import { PreviewRefund } from './use-cases/preview-refund.ts';
import { type RefundAccounts, RefundPurchase } from './use-cases/refund-purchase.ts';
import { type CompletionHooks, PurchaseSettlement } from './model/purchase-settlement.ts';
import { ShowMyPurchase } from './use-cases/show-my-purchase.ts';
import { ShowPurchase } from './use-cases/show-purchase.ts';
import { ShowPurchaseHistory } from './use-cases/show-purchase-history.ts';
import { StartCheckout } from './use-cases/start-checkout.ts';
import type { UserRepository } from '../users/ports.ts';

/** What the store needs from outside. */
export interface PurchasePorts {
  purchases: PurchaseRepository;
  events: PaymentEventLog;
  gateway: PaymentGateway;
  ledger: PurchaseTokenGrants;
  bans: StoreBans;
  /** who a gift can be for */
  recipients: GiftRecipients;
  /** the accounts a refund touches, for the rank rule; and where a buyer's age declaration is stored */
  accounts: RefundAccounts & Pick<UserRepository, 'declareAge'>;
}

interface Shared {
  catalogue: Catalogue;
  clock: Clock;
  ids: IdGenerator;
  transactions: TransactionRunner;
  /** what Discord is told of completions, refunds and disputes */
  effects: PurchaseEffects;
  /** what a paid membership month does to its membership */
  hooks: CompletionHooks;
  /** Priority Pass tiers sold as memberships */
  memberships: MembershipCheckout;
  /** sales and coupons */
  pricing: CheckoutPricing;
  /** the creator codes buyers may name at checkout */
  creators: CreatorCodes;
}

export function createPurchaseModule(p: PurchasePorts, shared: Shared) {
  const { catalogue, clock, ids, transactions } = shared;
  const settlement = new PurchaseSettlement({
    purchases: p.purchases,
    ledger: p.ledger,
    bans: p.bans,
    transactions,
    clock,
    effects: shared.effects,
    hooks: shared.hooks,
    recipients: p.recipients,
  });
  const handleEvent = new HandlePaymentEvent({
    purchases: p.purchases,
    events: p.events,
    settlement,
    transactions,
    clock,
    memberships: shared.memberships,
  });
  return {
    settlement,
    startCheckout: new StartCheckout({
      catalogue,
      purchases: p.purchases,
      gateway: p.gateway,
      bans: p.bans,
      settlement,
      ids,
      clock,
      transactions,
      memberships: shared.memberships,
      pricing: shared.pricing,
      creators: shared.creators,
      recipients: p.recipients,
      accounts: p.accounts,
    }),
    /** a player signing in receives the gifts that waited for their account */
    receiveGifts: new ReceiveGifts(p.purchases, settlement),
    complete: new CompletePurchase(p.purchases, p.gateway, settlement),
    handleEvent,
    /** a basket provider's (Tebex's) payment: which purchase it proves, then its event */
    proveBasketPayment: new ProveBasketPayment(p.purchases, handleEvent),
    refund: new RefundPurchase({
      purchases: p.purchases,
      gateway: p.gateway,
      settlement,
      accounts: p.accounts,
      memberships: shared.memberships ?? null,
    }),
    /** what a refund would do now: the Discord role, the membership */
    refundTerms: new PreviewRefund(shared.effects, clock, shared.memberships),
    list: new ListPurchases(p.purchases, clock),
    show: new ShowPurchase(p.purchases),
    history: new ShowPurchaseHistory(p.purchases),
    recent: new ListRecentPurchases(p.purchases),
    /** payment events that named a purchase they did not pay */
    unmatched: new ListUnmatchedPayments(p.events),
    reconcile: new ReconcilePurchases(p.purchases, p.gateway, settlement, clock),
    /** the buyer's own purchases (the account page and the post-payment page) */
    mine: new ListMyPurchases(p.purchases, clock),
    showMine: new ShowMyPurchase(p.purchases, clock),
  };
}
