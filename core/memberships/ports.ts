import type { PaymentGatewayName } from '../purchases/model/purchase.ts';
import type { PaymentIntent, SubscriptionStart } from '../purchases/ports.ts';
import type { Membership, MembershipStatus } from './model/membership.ts';
import type { MembershipEvent } from './model/membership-events.ts';

/** What may change on a membership; only the fields given are written. */
export type MembershipChanges = Partial<
  Pick<
    Membership,
    | 'tierId'
    | 'status'
    | 'cancelAtPeriodEnd'
    | 'pendingTierId'
    | 'paymentRef'
    | 'currentPeriodStart'
    | 'currentPeriodEnd'
    | 'graceUntil'
    | 'endedAt'
    | 'endReason'
    | 'providerEventAt'
    | 'providerCheckedAt'
  >
> & { updatedAt: Date };

/** What a change expects the membership to be, checked under a row lock (compare-and-set). */
export interface MembershipExpectation {
  status?: readonly MembershipStatus[];
  tierId?: string;
  /** the period end it must still have */
  currentPeriodEnd?: Date;
  /** the tier it must still have waiting for the renewal (null: none) */
  pendingTierId?: string | null;
}

/** A membership a change was applied to: as it now stands, and as it was. */
export interface MembershipUpdate {
  membership: Membership;
  previous: Membership;
}

export interface MembershipListQuery {
  status?: MembershipStatus;
  limit?: number;
}

export interface MembershipRepository {
  /**
   * Stores a new membership unless its player already holds a live one (active or past due), or one with the
   * same subscription exists: then nothing is written and the one that stands is answered.
   */
  add(membership: Membership): Promise<{ added: boolean; membership: Membership }>;
  findById(id: string): Promise<Membership | null>;
  findBySubscription(subscriptionId: string): Promise<Membership | null>;
  /** the player's live membership (active or past due), or null */
  findLive(userId: string): Promise<Membership | null>;
  /** the player's most recent membership of any status */
  latestOf(userId: string): Promise<Membership | null>;
  /**
   * applies the changes only when the membership is as expected; answers it as it now stands and as it was, or
   * null when it was not as expected (or there is none)
   */
  update(id: string, expected: MembershipExpectation, changes: MembershipChanges): Promise<MembershipUpdate | null>;
  /** live memberships whose period ended at or before `now`, or whose grace ran out; oldest due first */
  due(now: Date, limit: number): Promise<Membership[]>;
  /** newest first */
  list(query: MembershipListQuery): Promise<Membership[]>;
  /** live memberships per tier */
  liveByTier(): Promise<Record<string, number>>;
  /**
   * the memberships whose period's end bills another month: active and not canceling (a gifted pass is canceled
   * from its start, so it is never among them); oldest first
   */
  renewing(): Promise<Membership[]>;
  /** a player's membership events, newest first */
  eventsOf(userId: string, limit: number): Promise<MembershipEvent[]>;
  /**
   * live memberships billed by `gateway` (the provider that can be asked; not a gifted pass) not asked about since
   * `before`, least recently asked first
   */
  providerCheckDue(gateway: PaymentGatewayName, before: Date, limit: number): Promise<Membership[]>;
}

/** what a gateway needs to open a subscription: the store's own description of a first month */
export type StartSubscriptionRequest = SubscriptionStart;

export interface ChargeRequest {
  subscriptionId: string;
  amountCents: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/** A month (or an upgrade's difference) the provider says was paid. */
export interface PaidInvoice {
  subscriptionId: string;
  /** the provider's invoice (demo: the intent) */
  invoiceId: string;
  intentId: string | null;
  reason: 'start' | 'renewal' | 'upgrade';
  /** the tier billed (the price's lookup key's tier); null when the provider names none we sell */
  tierId: string | null;
  amountCents: number;
  periodStart: Date;
  periodEnd: Date;
  /** the provider says the subscription is canceled already (a first month paid after its subscription ended) */
  subscriptionEnded?: boolean;
}

/** The provider's own view of a subscription, which the site follows. */
export interface ProviderSubscription {
  /** 'ended': canceled, expired, or unknown to the provider */
  status: 'active' | 'past_due' | 'ended';
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

/**
 * Recurring billing: Stripe Billing, Tebex subscription packages, or the demo gateway. Every gateway opens a
 * subscription; what only some can do is a capability, present only where the gateway does it. Failures are
 * DomainErrors (a declined card is CARD_ERROR, a conflict).
 */
export interface SubscriptionGateway {
  readonly mode: PaymentGatewayName;
  /**
   * A subscription to the tier whose first month is paid through the answered intent (not paid yet). The same
   * idempotency key answers the same subscription.
   */
  start(request: StartSubscriptionRequest): Promise<{ subscriptionId: string; intent: PaymentIntent }>;
  readonly capabilities: SubscriptionCapabilities;
}

/** What a gateway can do beyond opening a subscription; a capability it lacks is absent. */
export interface SubscriptionCapabilities {
  /** the site cancels and resumes (Stripe, demo); absent where the buyer does it at the provider (Tebex) */
  readonly cancellation?: SubscriptionCancellation;
  /** the site changes tiers (Stripe, demo); absent where the buyer does it at the provider (Tebex) */
  readonly tierChanges?: SubscriptionTierChanges;
  /** the provider can be asked how a subscription stands (Stripe) */
  readonly providerState?: SubscriptionStates;
  /** the site charges each renewal itself (demo) */
  readonly renewalCharges?: RenewalCharges;
  /** the provider charges renewals and can be asked for the latest paid one (Stripe) */
  readonly paidRenewals?: PaidRenewals;
  /** the provider keeps a monthly price per tier, to be checked against the catalogue (Stripe) */
  readonly tierPrices?: TierPrices;
}

export interface SubscriptionCancellation {
  /** true: no renewal, benefits to the period's end; false: renews again */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** ends it now: nothing more is charged (a subscription already gone is fine) */
  cancelNow(subscriptionId: string): Promise<void>;
}

export interface SubscriptionTierChanges {
  /**
   * Moves to a dearer tier now and charges the prorated difference at once. Answers the paid invoice; a
   * declined card throws and changes nothing. `amountCents` is the demo's proration (the provider may compute its own).
   */
  upgrade(
    request: ChargeRequest & { tierId: string; periodStart: Date; periodEnd: Date; paymentRef: string | null },
  ): Promise<PaidInvoice>;
  /** the next renewal bills this tier (a downgrade); nothing is charged now */
  scheduleTier(subscriptionId: string, tierId: string): Promise<void>;
}

export interface SubscriptionStates {
  /** the provider's current view of the subscription, for the scheduler to follow */
  subscriptionState(subscriptionId: string): Promise<ProviderSubscription>;
}

export interface RenewalCharges {
  /** charges the saved card of the intent `paymentRef` for a renewal (same key, same charge): succeeded or declined */
  chargeRenewal(paymentRef: string, request: ChargeRequest): Promise<PaymentIntent>;
}

export interface PaidRenewals {
  /** the subscription's latest paid renewal as the provider has it (null: none yet), to catch a missed webhook */
  latestPaidRenewal(subscriptionId: string): Promise<PaidInvoice | null>;
}

/** A tier's monthly price at the provider, compared with the catalogue. */
export interface TierPriceState {
  tierId: string;
  lookupKey: string;
  priceCents: number;
  /** the active price found under the lookup key, or null */
  priceId: string | null;
  /** what is wrong with it, or null when it bills what the catalogue says */
  problem: string | null;
}

export interface TierPrices {
  /** every tier's price as the provider has it, compared with the catalogue */
  checkPrices(): Promise<TierPriceState[]>;
  /** makes every tier's price that is missing or wrong; answers the prices as they now stand */
  syncPrices(): Promise<TierPriceState[]>;
}

/** A billing event from the provider, verified and translated by the adapter that received it. */
export type BillingEvent =
  | { id: string; type: 'invoice_paid'; invoice: PaidInvoice }
  | {
      id: string;
      type: 'invoice_failed';
      subscriptionId: string;
      invoiceId: string;
      intentId: string | null;
      reason: 'renewal' | 'upgrade' | 'start';
      periodStart: Date;
      periodEnd: Date;
      tierId: string | null;
      amountCents: number;
      message: string;
      /** when it happened at the provider */
      occurredAt?: Date;
    }
  | {
      id: string;
      type: 'subscription_updated';
      subscriptionId: string;
      cancelAtPeriodEnd: boolean;
      /** the tier the subscription's price now names */
      tierId: string | null;
      currentPeriodEnd: Date | null;
      /** when it happened at the provider: an event older than the newest applied is ignored */
      occurredAt?: Date;
      /** the fields are the provider's current state, read when the event arrived (not the event's own copy) */
      current?: boolean;
    }
  | { id: string; type: 'subscription_deleted'; subscriptionId: string; occurredAt?: Date };
