import { randomBytes } from 'node:crypto';
import { ConflictError, DomainError, ForbiddenError, NotFoundError } from '../../core/shared/errors.ts';
import type {
  CreateIntentRequest,
  IntentChanges,
  IntentStatus,
  PaymentCapabilities,
  PaymentGateway,
  PaymentIntent,
  PaymentRefunds,
} from '../../core/purchases/ports.ts';

export interface DemoIntent extends PaymentIntent {
  idempotencyKey: string;
  refunded: boolean;
  createdAt: Date;
}

/** Where demo intents live: the database, so the server and the CLI see the same payments. */
export interface DemoIntentStore {
  /**
   * Stores the intent unless one with the same idempotency key exists, and answers the intent stored under that key:
   * this one, or the one stored first (by a retried or racing request). Throws when its id is taken.
   */
  insertOnce(intent: DemoIntent): Promise<DemoIntent>;
  findById(id: string): Promise<DemoIntent | null>;
  findByKey(idempotencyKey: string): Promise<DemoIntent | null>;
  /** Writes the intent's status, failure, refund, amount and metadata. */
  update(intent: DemoIntent): Promise<void>;
}

/** As Stripe: an intent is changed only before the payment is under way. */
const UPDATABLE: readonly IntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

export interface DemoCard {
  number: string;
  expiry?: string;
  cvc?: string;
}

/** Stripe's test cards (DESIGN-DECISIONS section 2): which succeed and why the others fail. */
export const DEMO_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** as Stripe's: accepted when the card is saved, declined on every later charge (a membership's renewals) */
  declinesLaterCharges: '4000000000000341',
} as const;

/** Where a demo intent keeps the last four digits of the card that paid it, for later charges to the same card. */
export const CARD_KEY = 'cardLast4';

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** The decline message for a card, or null when it pays. */
export function demoCardOutcome(card: DemoCard, now: Date): string | null {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || !luhnValid(digits)) return 'Your card number is incorrect.';
  if (card.expiry !== undefined) {
    const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
    if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) return "Your card's expiration date is incomplete.";
    const endOfMonth = new Date(Date.UTC(2000 + Number(match[2]), Number(match[1]), 1));
    if (endOfMonth <= now) return "Your card's expiration year is in the past.";
  }
  if (card.cvc !== undefined && !/^\d{3,4}$/.test(card.cvc.trim())) return "Your card's security code is incomplete.";
  if (digits === DEMO_CARDS.success || digits === DEMO_CARDS.declinesLaterCharges) return null;
  if (digits === DEMO_CARDS.declined) return 'Your card was declined.';
  if (digits === DEMO_CARDS.insufficientFunds) return 'Your card has insufficient funds.';
  return 'Your card was declined. Demo payments accept only the test card 4242 4242 4242 4242.';
}

const token = (bytes: number) => randomBytes(bytes).toString('hex');

/** Card payments with no provider: in-process intents that follow Stripe's test-card rules. */
export class DemoPaymentGateway implements PaymentGateway, PaymentRefunds {
  readonly capabilities: PaymentCapabilities = { refunds: this };
  readonly mode = 'demo' as const;

  constructor(
    private readonly store: DemoIntentStore,
    private readonly clock: { now(): Date } = { now: () => new Date() },
  ) {}

  async createIntent(request: CreateIntentRequest): Promise<PaymentIntent> {
    return storeIntentOnce(this.store, {
      status: 'requires_payment_method',
      amountCents: request.amountCents,
      currency: request.currency,
      metadata: { ...request.metadata },
      failureMessage: null,
      idempotencyKey: request.idempotencyKey,
      refunded: false,
      createdAt: this.clock.now(),
    });
  }

  async retrieveIntent(id: string): Promise<PaymentIntent> {
    return publicIntent(await this.load(id));
  }

  async updateIntent(id: string, changes: IntentChanges): Promise<PaymentIntent> {
    const intent = await this.load(id);
    if (!UPDATABLE.includes(intent.status)) {
      throw new ConflictError(
        'PAYMENT_INTENT_NOT_UPDATABLE',
        `This payment can no longer be changed: it is ${intent.status.replace(/_/g, ' ')}.`,
      );
    }
    // demo intents keep no description: the purchase names the item
    const next: DemoIntent = {
      ...intent,
      amountCents: changes.amountCents ?? intent.amountCents,
      metadata: { ...intent.metadata, ...changes.metadata },
    };
    await this.store.update(next);
    return publicIntent(next);
  }

  /** What the payment page's card form calls: the intent either succeeds or records why it failed. */
  /** `payer`: the account paying, refused unless the intent is theirs (read once with the rest) */
  async confirm(clientSecret: string, card: DemoCard, payer?: string): Promise<PaymentIntent> {
    const id = clientSecret.split('_secret_')[0];
    const intent = await this.store.findById(id);
    if (payer !== undefined && intent?.metadata.userId !== payer)
      throw new ForbiddenError('NOT_YOUR_PAYMENT', 'This payment belongs to another account.');
    if (!intent || intent.clientSecret !== clientSecret)
      throw new NotFoundError(
        'PAYMENT_INTENT_NOT_FOUND',
        'This payment could not be found. Reload the page and try again.',
      );
    if (intent.status === 'succeeded') return publicIntent(intent);
    if (intent.status === 'canceled')
      throw new ConflictError('PAYMENT_CANCELED', 'This payment was canceled. Start the checkout again.');
    const failure = demoCardOutcome(card, this.clock.now());
    const next: DemoIntent = failure
      ? { ...intent, status: 'requires_payment_method', failureMessage: failure }
      : {
          ...intent,
          status: 'succeeded',
          failureMessage: null,
          metadata: { ...intent.metadata, [CARD_KEY]: card.number.replace(/[\s-]/g, '').slice(-4) },
        };
    await this.store.update(next);
    return publicIntent(next);
  }

  async refund(intentId: string): Promise<{ id: string }> {
    const intent = await this.load(intentId);
    if (intent.status !== 'succeeded')
      throw new ConflictError('NOT_REFUNDABLE', 'Only a paid payment can be refunded.');
    if (!intent.refunded) await this.store.update({ ...intent, refunded: true });
    return { id: `re_demo_${intent.id.slice('pi_demo_'.length)}` };
  }

  private async load(id: string): Promise<DemoIntent> {
    const intent = await this.store.findById(id);
    if (!intent) throw new DomainError('PAYMENT_INTENT_NOT_FOUND', 'not_found', `No payment intent '${id}' exists.`);
    return intent;
  }
}

/** an intent as the core sees it: no idempotency key, no refund flag */
/** A new intent under its idempotency key, or the one already stored under it (first, or by a racing request). */
export async function storeIntentOnce(
  store: DemoIntentStore,
  fields: Omit<DemoIntent, 'id' | 'clientSecret'>,
): Promise<PaymentIntent> {
  const id = `pi_demo_${token(12)}`;
  return publicIntent(await store.insertOnce({ id, clientSecret: `${id}_secret_${token(12)}`, ...fields }));
}

export function publicIntent(intent: DemoIntent): PaymentIntent {
  const { id, clientSecret, status, amountCents, currency, metadata, failureMessage } = intent;
  return { id, clientSecret, status, amountCents, currency, metadata: { ...metadata }, failureMessage };
}
