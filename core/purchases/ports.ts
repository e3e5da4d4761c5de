import type { Purchase, PurchaseStatus } from './purchase.ts';

export type IntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'canceled' | 'succeeded';

export interface PaymentIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** why the last attempt failed, in the provider's words */
  failureMessage: string | null;
}

export interface CreateIntentRequest {
  amountCents: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  /** the same key always answers with the same intent */
  idempotencyKey: string;
}

/** A card payment provider (Stripe, or the offline demo gateway). Failures are DomainErrors with clear messages. */
export interface PaymentGateway {
  readonly mode: 'stripe' | 'demo';
  createIntent(request: CreateIntentRequest): Promise<PaymentIntent>;
  retrieveIntent(id: string): Promise<PaymentIntent>;
  refund(intentId: string, options: { idempotencyKey: string; reason: string }): Promise<{ id: string }>;
}

export type PurchaseChanges = Partial<Pick<Purchase, 'status' | 'tokensAwarded' | 'failureReason' | 'completedAt'>> & { updatedAt: Date };

export interface PurchaseListQuery {
  status?: PurchaseStatus;
  limit?: number;
  /** keyset paging: only purchases listed after this one (older, or as old with a smaller id) */
  before?: string;
}

/** Rows and summed prices per status, over every purchase. */
export type PurchaseTotals = Record<PurchaseStatus, { count: number; cents: number }>;

export interface PurchaseRepository {
  add(purchase: Purchase): Promise<void>;
  findById(id: string): Promise<Purchase | null>;
  findByPaymentIntent(intentId: string): Promise<Purchase | null>;
  attachIntent(id: string, intentId: string): Promise<void>;
  /** Deletes a purchase that never got a payment intent (its checkout failed); anything else stays. */
  discardUnstarted(id: string): Promise<void>;
  /**
   * Applies the changes only while the status is one of `from` (an atomic compare-and-set under a row
   * lock, so of two concurrent callers only one wins); answers the purchase as it was before, or null.
   */
  transition(id: string, from: readonly PurchaseStatus[], changes: PurchaseChanges): Promise<Purchase | null>;
  /** newest first (created, then id) */
  list(query: PurchaseListQuery): Promise<Purchase[]>;
  totals(): Promise<PurchaseTotals>;
  /** completed purchases, most recently completed first */
  recentCompleted(limit: number): Promise<Purchase[]>;
  pendingCreatedBefore(date: Date): Promise<Purchase[]>;
}

/** Remembers which provider events were handled; an event is handled once. */
export interface PaymentEventLog {
  /** Answers false when the event id was recorded before (nothing is written then). */
  record(event: { id: string; type: string; purchaseId: string | null; receivedAt: Date }): Promise<boolean>;
}

/** The token ledger: idempotent by reference. */
export interface TokenLedger {
  credit(input: { userId: string; amount: number; reason: string; reference: string }): Promise<void>;
  /** takes back up to `amount`; answers what was taken */
  debit(input: { userId: string; amount: number; reason: string; reference: string }): Promise<number>;
}

/** Who may not buy: buyers who disputed a payment (SPEC section 9's policy). */
export interface StoreBans {
  isBanned(userId: string): Promise<boolean>;
  ban(userId: string, reason: string): Promise<void>;
}
