import type { BuyerPurchaseStatus, PurchaseScope } from './model/buyer-view.ts';
import type { PricedItem } from '../catalogue/model/product.ts';
import type { SubscriptionDiscount } from './model/discount.ts';
import type { GiftRecipient } from './model/gift.ts';
import type {
  PaymentGatewayName,
  ProviderCodes,
  Purchase,
  PurchaseChanges,
  PurchaseDiscount,
  PurchaseStatus,
} from './model/purchase.ts';

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface PaymentIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** why the last attempt failed, in the provider's words */
  failureMessage: string | null;
  /** a hosted checkout (Tebex) the buyer is sent to, while it can still be paid; absent for card forms */
  checkoutUrl?: string | null;
  /** what the provider actually took (Stripe's amount received, Tebex's paid price); absent: `amountCents` */
  amountReceivedCents?: number;
  /** the provider reported a coupon or gift card on this payment, which explains a paid amount below the price */
  discounted?: boolean;
  /** the provider's own id of this payment where it is not the intent's (a Tebex transaction) */
  reference?: string;
  /** a membership's first month: the provider's subscription it started (Tebex's recurring payment reference) */
  subscriptionReference?: string;
  /** the creator code passed on to the provider, and whether it took it (Tebex); absent where none was passed on */
  creatorCode?: { code: string; accepted: boolean };
  /** the creator and coupon codes the provider reported on the payment that paid it (Tebex's webhook) */
  reportedCodes?: ProviderCodes;
}

export interface CreateIntentRequest {
  amountCents: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  /** the same key always answers with the same intent */
  idempotencyKey: string;
  /** the buyer's address, for providers that price and screen by it (Tebex) */
  buyerIp?: string | null;
  /** the catalogue price when `amountCents` is lower (a sale, a coupon): a provider pricing by its own list checks it */
  listAmountCents?: number;
  /** a coupon code to hand to a provider that takes codes itself (Tebex) */
  couponCode?: string;
  /** the creator code the buyer named, for providers with creator codes of their own (Tebex) */
  creatorCode?: string | null;
}

/** What may change on an intent that has not been paid yet; only the fields given are sent. */
export interface IntentChanges {
  amountCents?: number;
  description?: string;
  /** these keys are set; keys not named are left as they are */
  metadata?: Record<string, string>;
  /** the creator code now named (null: none), for providers with creator codes of their own (Tebex) */
  creatorCode?: string | null;
}

/**
 * A payment provider (Stripe, Tebex's hosted checkout, or the offline demo gateway). Failures are DomainErrors with
 * clear messages.
 */
export interface PaymentGateway {
  readonly mode: PaymentGatewayName;
  createIntent(request: CreateIntentRequest): Promise<PaymentIntent>;
  retrieveIntent(id: string): Promise<PaymentIntent>;
  /** Refused (a conflict) once the intent is processing, paid or canceled. */
  updateIntent(id: string, changes: IntentChanges): Promise<PaymentIntent>;
  readonly capabilities: PaymentCapabilities;
}

/** What a payment gateway can do beyond taking payments; a capability it lacks is absent. */
export interface PaymentCapabilities {
  /** the site refunds a payment (Stripe, demo); absent where refunds are made in the provider's panel (Tebex) */
  readonly refunds?: PaymentRefunds;
}

export interface PaymentRefunds {
  refund(intentId: string, options: { idempotencyKey: string; reason: string }): Promise<{ id: string }>;
}

export type { PurchaseChanges };

/** Given a purchase as it stands (under its row lock), what to write, or null to leave it as it is. */
export type PurchaseChange = (current: Purchase) => PurchaseChanges | null;

/** A purchase as it now stands, as it was before, and whether the change was written. */
export interface PurchaseUpdate {
  purchase: Purchase;
  previous: Purchase;
  changed: boolean;
}

/** One step of a purchase's status history. */
export interface PurchaseStatusChange {
  status: 'checkout_started' | Exclude<PurchaseStatus, 'pending'>;
  /** a decline's reason, a refund's or a dispute's */
  reason: string | null;
  /** the admin who made it, by id and shown name */
  by: { id: string; name: string } | null;
  at: Date;
}

/** A status change named with its purchase. */
export type PurchaseStatusStep = PurchaseStatusChange & { purchaseId: string };

/** What a checkout started again may change on its purchase (while it is still pending). */
export type CheckoutChanges = Partial<
  Pick<
    Purchase,
    | 'buyerEmail'
    | 'buyerDiscord'
    | 'banReason'
    | 'priceCents'
    | 'productName'
    | 'tokensGranted'
    | 'discount'
    | 'creator'
    | 'gift'
    | 'withdrawalConsent'
  >
> & { updatedAt: Date };

/**
 * Which of a buyer's purchases are open checkouts: pending, and started at or after `openSince` (older ones
 * are abandoned). A buyer holds at most `limit` of them.
 */
export interface OpenCheckoutRules {
  openSince: Date;
  limit: number;
}

export type CheckoutClaim =
  /** the new purchase was stored */
  | { outcome: 'added'; purchase: Purchase }
  /**
   * the buyer's open checkout for the same product and option (and, for a pass, of the same kind: their own, or a
   * gift), as it stands; nothing was stored
   */
  | { outcome: 'open'; purchase: Purchase }
  /** the buyer already holds `limit` open checkouts; nothing was stored */
  | { outcome: 'full'; open: number };

export interface PurchaseListQuery {
  status?: PurchaseStatus;
  limit?: number;
  /** keyset paging: only purchases listed after this one (older, or as old with a smaller id) */
  before?: string;
}

/** Which purchases the admin list shows; statuses as they happened (the buyer view). */
export interface PurchaseFilter {
  status?: BuyerPurchaseStatus;
  productType?: string;
  /** part of the buyer's account name, Discord username or the Discord name given at checkout; or a Discord id */
  buyer?: string;
  /** created at or after */
  from?: Date;
  /** created before */
  to?: Date;
  /** a pending purchase created before this is abandoned, at or after it awaiting payment */
  abandonedBefore: Date;
  /** only purchases (`isPurchase`); absent: every checkout, those closed unpaid without an attempt too */
  scope?: PurchaseScope;
}

/** Rows and summed prices per status as it happened. */
export type PurchaseStatusTotals = Record<BuyerPurchaseStatus, { count: number; cents: number }>;

/** Rows and summed prices per status, over every purchase. */
export type PurchaseTotals = Record<PurchaseStatus, { count: number; cents: number }>;

export interface PurchaseRepository {
  add(purchase: Purchase): Promise<void>;
  /**
   * Stores a new pending purchase unless its buyer already has an open checkout for the same product and
   * option (answered instead) or already holds `rules.limit` open checkouts. Atomic per buyer: of concurrent
   * claims for one item exactly one adds, and concurrent claims never take a buyer past the limit.
   */
  claimCheckout(purchase: Purchase, rules: OpenCheckoutRules): Promise<CheckoutClaim>;
  /** Applies the changes only while the purchase is pending; answers it as it now stands, or null. */
  reviseCheckout(id: string, changes: CheckoutChanges): Promise<Purchase | null>;
  findById(id: string): Promise<Purchase | null>;
  /** the purchase whose payment intent, or whose recorded payment reference (`paymentReference`), is this id */
  findByPaymentIntent(intentId: string): Promise<Purchase | null>;
  /**
   * Inside a transaction: the purchase `findByPaymentIntent` answers, read once under its row lock (its buyer's row
   * locked first, the one lock order). Passed to `update` as `held`, it is written without being read again.
   */
  lockByPayment(paymentId: string): Promise<Purchase | null>;
  /**
   * Answers false when no such purchase exists (it was discarded meanwhile). A membership's first month also
   * records its subscription.
   */
  attachIntent(id: string, intentId: string, subscriptionId?: string): Promise<boolean>;
  /**
   * Stores a membership's renewal or upgrade (pending) unless one for the same subscription and month exists (an
   * upgrade: and tier): then nothing is written and that one is answered. Of concurrent calls exactly one adds.
   */
  addBilled(purchase: Purchase): Promise<{ added: boolean; purchase: Purchase }>;
  /** the first month's purchase of a subscription */
  findStart(subscriptionId: string): Promise<Purchase | null>;
  /** ties the first month's purchase to the membership it started, and to its month */
  linkMembership(id: string, membershipId: string, period: { start: Date; end: Date }): Promise<void>;
  /** every purchase of a membership, newest first */
  ofMembership(membershipId: string): Promise<Purchase[]>;
  /** Deletes a purchase that never got a payment intent (its checkout failed); anything else stays. */
  discardUnstarted(id: string): Promise<void>;
  /**
   * Reads the purchase under a row lock, writes what `change` answers for it (nothing when null), and answers it as
   * it now stands and as it was, in one transaction: of two concurrent callers the second sees the first's result.
   * Null when there is no such purchase. A status written is recorded in the status history. `held`: the purchase as
   * this transaction read it under its lock (`lockByPayment`), so it is neither locked nor read again.
   */
  update(id: string, change: PurchaseChange, held?: Purchase): Promise<PurchaseUpdate | null>;
  /** oldest first; each status change is written in the transaction that made it */
  statusHistory(id: string): Promise<PurchaseStatusChange[]>;
  /** the status histories of several purchases at once, each oldest first */
  statusHistoryOf(ids: readonly string[]): Promise<PurchaseStatusStep[]>;
  /** newest first (created, then id) */
  list(query: PurchaseListQuery): Promise<Purchase[]>;
  totals(): Promise<PurchaseTotals>;
  /** newest first (created, then id), `limit` at a time after the purchase `before` (unknown id: empty page) */
  search(filter: PurchaseFilter, page: { limit?: number; before?: string }): Promise<Purchase[]>;
  /** per status as it happened, over every purchase the filter admits */
  summarize(filter: PurchaseFilter): Promise<PurchaseStatusTotals>;
  /**
   * One player's purchases, newest first (created, then id), `limit` at a time: those they bought and the gifts
   * delivered to them; with `scope`, only those that are purchases (`isPurchase`). `before` is the id of one of
   * theirs, and the page holds those listed after it (any other id gives an empty page).
   */
  listByBuyer(userId: string, query: { limit: number; before?: string; scope?: PurchaseScope }): Promise<Purchase[]>;
  /** completed purchases, most recently completed first */
  recentCompleted(limit: number): Promise<Purchase[]>;
  /**
   * pending purchases created before `date`, oldest first (by creation, then id), at most `limit` of them; with
   * `after`, those that come after that purchase in this order
   */
  pendingCreatedBefore(
    date: Date,
    page: { limit: number; after?: { createdAt: Date; id: string } },
  ): Promise<Purchase[]>;
  /** completed gifts to this Discord id not delivered yet (the recipient has no account yet), oldest first */
  giftsAwaiting(discordId: string): Promise<Purchase[]>;
}

/** Finds who a gift is for among the site's players. */
export interface GiftRecipients {
  byDiscordId(discordId: string): Promise<GiftRecipient | null>;
  /** players whose username or Discord username is exactly `name` (any case) */
  byName(name: string): Promise<GiftRecipient[]>;
}

/** A provider event that named a purchase it was not proven to pay: nothing was changed, staff can look. */
export interface UnmatchedPaymentEvent {
  id: string;
  type: string;
  /** the purchase the event's payload named, when it named one */
  namedPurchaseId: string | null;
  /** why it was not applied */
  reason: string;
  receivedAt: Date;
}

/** Remembers which provider events were handled; an event is handled once. */
export interface PaymentEventLog {
  /**
   * Answers false when the event id was recorded before (nothing is written then). `unmatched` records it as an
   * event that named a purchase it did not pay.
   */
  record(event: {
    id: string;
    type: string;
    purchaseId: string | null;
    receivedAt: Date;
    unmatched?: { namedPurchaseId: string | null; reason: string };
  }): Promise<boolean>;
  /** the unmatched events, newest first */
  unmatched(limit: number): Promise<UnmatchedPaymentEvent[]>;
}

export interface TokenGrant {
  userId: string;
  /** whole tokens, 1 to 1,000,000 */
  amount: number;
  reason: string;
  reference: string;
  /** paid for with money: a credit adds to the buyer's bought tokens, a reversal (a refund, a dispute) draws on them first */
  bought: boolean;
}

/**
 * The buyer's tokens as the store sees them: credited for a purchase, removed after a refund or a
 * dispute. Idempotent by reference: a reference repeated for the same user and direction changes nothing;
 * a reference already used by another user or for the other direction is refused (TOKEN_REFERENCE_USED).
 * Joins the caller's transaction.
 */
export interface PurchaseTokenGrants {
  /** Throws USER_NOT_FOUND for an unknown user and INVALID_TOKEN_CHANGE for an amount out of range. */
  credit(grant: TokenGrant): Promise<void>;
  /**
   * Debits up to `amount`, never below zero; answers what this call took (0 when the reference was
   * used before, or the balance is empty).
   */
  debit(grant: TokenGrant): Promise<number>;
}

/** The creator codes buyers name at checkout; the creators module provides it. */
export interface CreatorCodes {
  /** the creator this buyer may support with the code, and the code as registered; refuses unknown, disabled and own codes */
  resolve(code: string, buyerId: string): Promise<{ id: string; code: string }>;
}

/** Who may not buy: buyers who disputed a payment (docs/product.md#refunds-and-disputes). */
export interface StoreBans {
  isBanned(userId: string): Promise<boolean>;
  ban(userId: string, reason: string): Promise<void>;
  /** lifts the buyer's store ban (an approved appeal); false when there was none */
  lift(userId: string): Promise<boolean>;
}

/**
 * What reversing a month (a refund, a dispute) does to its membership: `ends` it (the month being served),
 * `goes_on` (a month served already), or finds it `ended` before.
 */
export const MONTH_REVERSAL_EFFECTS = ['ends', 'goes_on', 'ended'] as const;
export type MonthReversalEffect = (typeof MONTH_REVERSAL_EFFECTS)[number];

/** A membership's first month: the subscription the provider opens, whose first month the answered intent pays. */
export interface SubscriptionStart {
  tierId: string;
  amountCents: number;
  currency: string;
  description: string;
  customer: { userId: string; email: string | null; name: string | null };
  /** set on the subscription and on the first month's payment intent */
  metadata: Record<string, string>;
  /** the same key always answers the same subscription */
  idempotencyKey: string;
  /** the buyer's address, for providers that price and screen by it (Tebex) */
  buyerIp?: string | null;
  /** amounts off the monthly charges (a coupon, a sale), for a provider that bills the months itself */
  discounts?: SubscriptionDiscount[];
  /** as CreateIntentRequest's */
  listAmountCents?: number;
  couponCode?: string;
  /** the creator code the buyer named, for providers with creator codes of their own (Tebex) */
  creatorCode?: string | null;
}

/**
 * What the store needs of Priority Pass memberships, which it sells as monthly subscriptions; the memberships module
 * provides it, so the store imports nothing of that module.
 */
export interface MembershipCheckout {
  /** opens the subscription (not paid yet); the same idempotency key answers the same subscription */
  startSubscription(request: SubscriptionStart): Promise<{ subscriptionId: string; intent: PaymentIntent }>;
  /** the name of the tier the buyer holds live, or null */
  liveTierOf(userId: string): Promise<string | null>;
  /** after a membership's month was refunded: a membership that ended is canceled at the provider too */
  refunded(purchase: Purchase): Promise<void>;
  /**
   * what refunding this month at `at` does to its membership: `ends` it (the month being served; `id` is the
   * membership's), `goes_on` (a month served already) or `ended` before; null for no membership's month
   */
  onRefund(purchase: Purchase, at: Date): Promise<{ id: string; effect: MonthReversalEffect } | null>;
}

/** What a checkout charges for an item: the catalogue price, lowered by a live sale and then a coupon. */
export interface CheckoutPrice {
  priceCents: number;
  discount: PurchaseDiscount | null;
  /** the coupon's limits as pricing read them, so keeping its use reads the coupon no more */
  couponLimits?: { maxUses: number | null; perPlayer: number | null };
}

/**
 * How the store prices a checkout beyond the catalogue (sales and coupons); the promotions module provides it, so
 * the store imports nothing of that module.
 */
export interface CheckoutPricing {
  /**
   * the price now; throws the coupon's refusal (unknown, not started, expired, disabled, wrong product). Its uses are
   * not counted here: `reserve` counts them, once, under the coupon's lock, and refuses one used up.
   */
  price(item: PricedItem, buyerId: string, couponCode: string | undefined): Promise<CheckoutPrice>;
  /**
   * keeps one use of the purchase's coupon for it, while it is paid, held, or awaiting payment within its payment
   * window (PAYMENT_WINDOW_MINUTES); throws when the coupon is used up (nothing is stored then). `priced`: what `price`
   * answered for this purchase, so the coupon is not read again.
   */
  reserve(purchase: Purchase, priced?: CheckoutPrice): Promise<void>;
}
