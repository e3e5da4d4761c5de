import type { Catalogue } from '../../catalogue/model/catalogue.ts';
import type { PricedItem } from '../../catalogue/model/product.ts';
import { ConflictError } from '../../shared/errors.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../../shared/ports.ts';
import { intentIfKnown } from '../model/payment-providers.ts';
import { banReasonFor } from '../model/unban-details.ts';
import { subscriptionDiscounts } from '../model/discount.ts';
import type { AgeAnswer, AgeDeclaration } from '../../users/model/age.ts';
import type { UserRepository } from '../../users/ports.ts';
import { WITHDRAWAL_CONSENT, type WithdrawalConsent } from '../model/withdrawal-consent.ts';
import {
  AgeDeclarationRequiredError,
  MembershipExistsError,
  PaymentInProgressError,
  PriceMismatchError,
  StoreBannedError,
  TooManyOpenCheckoutsError,
  WithdrawalConsentOutdatedError,
  WithdrawalConsentRequiredError,
} from '../errors.ts';
import {
  barredFromGifts,
  GIFT_DISCORD_ID,
  GiftAtProviderError,
  GiftRecipientError,
  type GiftRecipient,
  giftMonthsFor,
  giftPriced,
  NOT_GIFTABLE_TYPES,
  NotGiftableError,
  type PurchaseGift,
  RecipientHoldsPassError,
  sameGift,
} from '../model/gift.ts';
import {
  CURRENCY,
  MAX_OPEN_CHECKOUTS,
  NO_PAYMENT_REASON,
  UNKNOWN_PAYMENT_REASON,
  type Purchase,
  type PurchaseCreator,
  openCheckoutSince,
  paymentWindowSince,
} from '../model/purchase.ts';
import type {
  CheckoutChanges,
  CheckoutPrice,
  CheckoutPricing,
  CreateIntentRequest,
  CreatorCodes,
  GiftRecipients,
  IntentChanges,
  MembershipCheckout,
  PaymentGateway,
  PaymentIntent,
  PurchaseRepository,
  StoreBans,
} from '../ports.ts';
import type { PurchaseSettlement } from '../model/purchase-settlement.ts';

/** The catalogue type sold as monthly memberships. */
export const MEMBERSHIP_PRODUCT_TYPE = 'whitelist';

export type { MembershipCheckout };

export interface Buyer {
  id: string;
  email: string | null;
  discordUsername: string | null;
  username: string | null;
  /** what they declared about their age; absent or null before their first checkout */
  ageDeclaration?: AgeDeclaration | null;
}

export interface StartCheckoutInput {
  buyer: Buyer;
  productType: string;
  productId: string;
  optionId?: string;
  /** what the page showed; when sent it must equal the catalogue price */
  expectedPriceCents?: number;
  buyerEmail?: string;
  buyerDiscord?: string;
  /** unban services only, where it is required */
  banReason?: string;
  /** the buyer's address, passed to providers that price and screen by it */
  buyerIp?: string;
  /** a coupon code, any case */
  couponCode?: string;
  /** a creator the buyer supports (no discount); unknown, disabled and own codes are refused */
  creatorCode?: string;
  /** buy it for another player: their Discord id (17 to 20 digits) or a known player's name */
  giftTo?: string;
  /** a gifted Priority Pass: how many months it runs (GIFT_MONTHS) */
  giftMonths?: number;
  /** the version of the withdrawal consent's wording the buyer ticked (WITHDRAWAL_CONSENT); required */
  withdrawalConsent?: string;
  /** the buyer's age declaration: required while their account has none, ignored once it has */
  ageDeclaration?: AgeAnswer;
}

export interface CheckoutStarted {
  purchase: Purchase;
  clientSecret: string;
  tokensGranted: number;
  /** a hosted checkout to send the buyer to (Tebex); null when the page takes the card itself */
  redirectUrl: string | null;
}

/** Each further claim follows an open checkout that turned out to be paid, canceled or gone meanwhile. */
const CLAIM_ATTEMPTS = 3;

export interface StartCheckoutDeps {
  catalogue: Catalogue;
  purchases: PurchaseRepository;
  gateway: PaymentGateway;
  bans: StoreBans;
  settlement: PurchaseSettlement;
  ids: IdGenerator;
  clock: Clock;
  /** a new purchase and its coupon's use are stored in one transaction */
  transactions: TransactionRunner;
  /** Priority Pass tiers are memberships: the first month opens a subscription */
  memberships?: MembershipCheckout | null;
  /** sales and coupons; without it the catalogue price is charged */
  pricing?: CheckoutPricing | null;
  creators?: CreatorCodes | null;
  /** who a gift can be for; without it nothing is sold as a gift */
  recipients?: GiftRecipients | null;
  /** where a buyer's first age declaration is stored */
  accounts: Pick<UserRepository, 'declareAge'>;
}

/**
 * Opens a checkout priced by the catalogue, a live sale and the buyer's coupon (`pricing`), with a payment intent for
 * exactly that amount. A coupon's use is reserved in the transaction that stores the purchase, before the provider is
 * called; a coupon used up meanwhile stores neither and is refused.
 *
 * A buyer has one open checkout per item: starting the same product and option again answers the same
 * purchase and the same intent (brought up to date), so reloading the payment page never piles up
 * purchases. At most MAX_OPEN_CHECKOUTS distinct items wait for payment at once; a checkout unpaid for
 * CHECKOUT_ABANDONED_AFTER_HOURS is abandoned and counts no more.
 *
 * No database transaction stays open while the provider is called: when the provider fails, a purchase
 * this call stored is removed again, so a failed checkout leaves nothing behind.
 */
export class StartCheckout {
  private readonly catalogue: Catalogue;
  private readonly purchases: PurchaseRepository;
  private readonly gateway: PaymentGateway;
  private readonly bans: StoreBans;
  private readonly settlement: PurchaseSettlement;
  private readonly ids: IdGenerator;
  private readonly clock: Clock;
  private readonly transactions: TransactionRunner;
  private readonly memberships: MembershipCheckout | null;
  private readonly pricing: CheckoutPricing | null;
  private readonly creators: CreatorCodes | null;
  private readonly recipients: GiftRecipients | null;
  private readonly accounts: Pick<UserRepository, 'declareAge'>;
  /** the age declarations being written now, by buyer */
  private readonly declaring = new Map<string, Promise<boolean>>();

  constructor(deps: StartCheckoutDeps) {
    this.catalogue = deps.catalogue;
    this.purchases = deps.purchases;
    this.gateway = deps.gateway;
    this.bans = deps.bans;
    this.settlement = deps.settlement;
    this.ids = deps.ids;
    this.clock = deps.clock;
    this.transactions = deps.transactions;
    this.memberships = deps.memberships ?? null;
    this.pricing = deps.pricing ?? null;
    this.creators = deps.creators ?? null;
    this.recipients = deps.recipients ?? null;
    this.accounts = deps.accounts;
  }

  async execute(input: StartCheckoutInput): Promise<CheckoutStarted> {
    const declared = agreedTerms(input);
    const started = await this.open(input);
    // the first declaration stands; it is stored once a checkout opened, so a refused one leaves the account as it was
    if (declared && !input.buyer.ageDeclaration) await this.declareOnce(input.buyer.id, declared);
    return started;
  }

  /**
   * A buyer's first checkouts often start together (a basket of items at once), each read from a session made before
   * any declaration: one write per buyer is enough, the others in this process wait for it rather than write again.
   */
  private declareOnce(userId: string, answer: AgeAnswer): Promise<unknown> {
    const writing = this.declaring.get(userId);
    if (writing) return writing;
    const write = this.accounts
      .declareAge(userId, { answer, at: this.clock.now() })
      .finally(() => this.declaring.delete(userId));
    this.declaring.set(userId, write);
    return write;
  }

  private async open(input: StartCheckoutInput): Promise<CheckoutStarted> {
    const listed = this.catalogue.price(input.productId, input.productType, input.optionId);
    const banReason = banReasonFor(listed.product.type, input.banReason);
    if (await this.bans.isBanned(input.buyer.id)) throw new StoreBannedError();
    const gift = input.giftTo === undefined ? null : await this.giftFor(input, listed);
    // a gifted pass is its months paid at once; a sale or coupon lowers that price
    const item = giftPriced(listed, gift?.months ?? null);
    const priced: CheckoutPrice = this.pricing
      ? await this.pricing.price(item, input.buyer.id, input.couponCode)
      : { priceCents: item.priceCents, discount: null };
    if (input.expectedPriceCents !== undefined && input.expectedPriceCents !== priced.priceCents) {
      throw new PriceMismatchError(input.expectedPriceCents, priced.priceCents, item.name);
    }
    if (this.memberships && item.product.type === MEMBERSHIP_PRODUCT_TYPE && !gift) {
      const live = await this.memberships.liveTierOf(input.buyer.id);
      if (live) throw new MembershipExistsError(live);
    }
    const creator = await this.creatorOf(input);
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      const now = this.clock.now();
      const purchase = this.newPurchase(input, item, priced, banReason, creator, gift, now, consentOf(input, now));
      const claimAndReserve = async () => {
        const claimed = await this.purchases.claimCheckout(purchase, {
          openSince: openCheckoutSince(now),
          limit: MAX_OPEN_CHECKOUTS,
        });
        if (claimed.outcome === 'added') await this.pricing?.reserve(claimed.purchase, priced);
        return claimed;
      };
      // the claim is atomic on its own; a new purchase keeps its coupon's use in the same transaction (the buyer's
      // lock, then the coupon's): a coupon used up meanwhile stores neither
      const claim = purchase.discount?.coupon ? await this.transactions.run(claimAndReserve) : await claimAndReserve();
      if (claim.outcome === 'full') throw new TooManyOpenCheckoutsError(MAX_OPEN_CHECKOUTS);
      const started =
        claim.outcome === 'added'
          ? await this.begin(claim.purchase, input.buyerIp ?? null)
          : await this.resume(claim.purchase, input, { ...item, priced }, banReason, creator, gift);
      if (started) return started;
    }
    throw new ConflictError('CHECKOUT_BUSY', 'Your checkout changed while it was being opened. Please try again.');
  }

  /** the creator named, checked; the latest start of a checkout says which (none: none) */
  private async creatorOf(input: StartCheckoutInput): Promise<PurchaseCreator | null> {
    const code = input.creatorCode?.trim();
    if (!code || !this.creators) return null;
    return { ...(await this.creators.resolve(code, input.buyer.id)), provider: null };
  }

  /**
   * Who the gift is for, refused when it cannot be given: an unban, the buyer themself, a name no player has (or
   * several have), a banned account, and a pass for someone who holds one.
   */
  private async giftFor(input: StartCheckoutInput, item: PricedItem): Promise<PurchaseGift> {
    if (!this.recipients || NOT_GIFTABLE_TYPES.includes(item.product.type)) throw new NotGiftableError(item.name);
    const months = giftMonthsFor(item.product.type, MEMBERSHIP_PRODUCT_TYPE, input.giftMonths);
    if (months && this.gateway.mode === 'tebex') throw new GiftAtProviderError();
    const to = (input.giftTo ?? '').trim();
    let recipient: GiftRecipient | null;
    if (GIFT_DISCORD_ID.test(to)) recipient = await this.recipients.byDiscordId(to);
    else {
      if (!to)
        throw new GiftRecipientError('GIFT_RECIPIENT_REQUIRED', "Enter the recipient's Discord ID or player name.");
      const found = await this.recipients.byName(to.slice(0, 64));
      if (found.length === 0)
        throw new GiftRecipientError(
          'GIFT_RECIPIENT_UNKNOWN',
          `No player is named '${to.slice(0, 64)}'. Check the name, or use their Discord ID (17 to 20 digits).`,
        );
      if (found.length > 1)
        throw new GiftRecipientError(
          'GIFT_RECIPIENT_AMBIGUOUS',
          `More than one player is named '${to.slice(0, 64)}'. Use their Discord ID instead.`,
        );
      recipient = found[0];
    }
    if (recipient?.userId === input.buyer.id)
      throw new GiftRecipientError(
        'GIFT_TO_SELF',
        'You cannot buy a gift for yourself. Untick "Buy as a gift" to buy it for your own account.',
      );
    if (recipient && (await barredFromGifts(recipient, this.bans)))
      throw new GiftRecipientError('GIFT_RECIPIENT_BANNED', `${recipient.name} is banned and cannot receive gifts.`);
    if (months && recipient && this.memberships) {
      const live = await this.memberships.liveTierOf(recipient.userId);
      if (live) throw new RecipientHoldsPassError(recipient.name, live);
    }
    return {
      discordId: recipient?.discordId ?? to,
      userId: recipient?.userId ?? null,
      name: recipient?.name ?? to,
      months,
      deliveredAt: null,
    };
  }

  private newPurchase(
    input: StartCheckoutInput,
    item: PricedItem,
    priced: CheckoutPrice,
    banReason: string | null,
    creator: PurchaseCreator | null,
    gift: PurchaseGift | null,
    now: Date,
    withdrawalConsent: WithdrawalConsent,
  ): Purchase {
    return {
      id: this.ids.next(),
      userId: input.buyer.id,
      productType: item.product.type,
      productId: item.product.id,
      optionId: item.option?.id ?? null,
      productName: item.name,
      priceCents: priced.priceCents,
      currency: CURRENCY,
      tokensGranted: item.tokens,
      tokensAwarded: 0,
      buyerEmail: input.buyerEmail || input.buyer.email,
      buyerDiscord: input.buyerDiscord || input.buyer.discordUsername || input.buyer.username,
      banReason,
      paymentIntentId: null,
      status: 'pending',
      failureReason: null,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
      gateway: this.gateway.mode,
      billing: this.opensSubscription(item, gift)
        ? { reason: 'start', subscriptionId: null, membershipId: null, periodStart: null, periodEnd: null }
        : null,
      discount: priced.discount,
      // absent for none, as a stored purchase without a creator reads
      ...(creator ? { creator } : {}),
      gift,
      withdrawalConsent,
    };
  }

  /** a pass bought for the buyer is a monthly subscription; a gifted pass is paid once */
  private opensSubscription(item: PricedItem, gift: PurchaseGift | null): boolean {
    return this.memberships !== null && item.product.type === MEMBERSHIP_PRODUCT_TYPE && !gift;
  }

  /** the first payment: a one-time intent, or a membership's subscription with its first month's intent */
  private async openPayment(
    purchase: Purchase,
    buyerIp: string | null,
  ): Promise<{ intent: PaymentIntent; subscriptionId?: string }> {
    const request = { ...intentRequest(purchase), buyerIp };
    if (!purchase.billing || !this.memberships) return { intent: await this.gateway.createIntent(request) };
    return this.memberships.startSubscription({
      tierId: purchase.productId,
      amountCents: request.amountCents,
      currency: request.currency,
      description: `${purchase.productName} Priority Pass (monthly)`,
      customer: { userId: purchase.userId, email: purchase.buyerEmail, name: purchase.buyerDiscord },
      metadata: request.metadata,
      idempotencyKey: `membership-${purchase.id}`,
      buyerIp,
      discounts: subscriptionDiscounts(purchase),
      ...providerDiscount(purchase),
      creatorCode: request.creatorCode,
    });
  }

  /**
   * A purchase this call stored (with its coupon's use) gets its intent; when the provider fails, the purchase is
   * removed again (and the use with it).
   */
  private async begin(purchase: Purchase, buyerIp: string | null): Promise<CheckoutStarted | null> {
    let opened: { intent: PaymentIntent; subscriptionId?: string };
    try {
      opened = await this.openPayment(purchase, buyerIp);
    } catch (error) {
      await this.purchases.discardUnstarted(purchase.id);
      throw error;
    }
    const { intent } = opened;
    if (!(await this.purchases.attachIntent(purchase.id, intent.id, opened.subscriptionId))) return null;
    const started = await this.recordProviderCreator({ ...purchase, paymentIntentId: intent.id }, intent);
    if (!started) return null;
    return {
      purchase: started,
      clientSecret: intent.clientSecret,
      tokensGranted: purchase.tokensGranted,
      redirectUrl: intent.checkoutUrl ?? null,
    };
  }

  /** keeps the purchase's coupon use; a coupon used up meanwhile removes the purchase (it has no payment yet) */
  private async reserveFor(purchase: Purchase, priced: CheckoutPrice): Promise<void> {
    try {
      await this.pricing?.reserve(purchase, priced);
    } catch (error) {
      await this.purchases.discardUnstarted(purchase.id);
      throw error;
    }
  }

  /** What the provider made of the creator code passed on to it (Tebex), stored on the purchase; null once it is not open. */
  private async recordProviderCreator(purchase: Purchase, intent: PaymentIntent): Promise<Purchase | null> {
    const creator = providerCreator(purchase.creator ?? null, intent);
    if (!creator || creator.provider === (purchase.creator?.provider ?? null)) return purchase;
    return this.purchases.reviseCheckout(purchase.id, { creator, updatedAt: this.clock.now() });
  }

  /** The buyer's open checkout for this item: reused while its intent can still take the payment. */
  private async resume(
    open: Purchase,
    input: StartCheckoutInput,
    item: PricedItem & { priced: CheckoutPrice },
    banReason: string | null,
    creator: PurchaseCreator | null,
    gift: PurchaseGift | null,
  ): Promise<CheckoutStarted | null> {
    let purchase = open;
    let intent: PaymentIntent;
    if ((open.gateway ?? 'demo') !== this.gateway.mode) {
      // opened before the store changed gateways: the new one cannot take its payment
      await this.settlement.close(open, 'The store changed payment providers before this checkout was paid.');
      return null;
    }
    if (Boolean(open.billing) !== this.opensSubscription(item, gift)) {
      // a pass for the buyer opens a subscription, a gifted one a single payment: one cannot become the other
      await this.settlement.close(open, 'Replaced by a checkout of the same pass, for another recipient.');
      return null;
    }
    if (open.paymentIntentId) {
      const found = await intentIfKnown(this.gateway, open.paymentIntentId);
      if (!found) {
        await this.settlement.close(open, UNKNOWN_PAYMENT_REASON);
        return null;
      }
      intent = found;
    } else {
      // another request stored it a moment ago and is creating its intent (or stopped before it could):
      // the same idempotency key answers the same intent, so both requests end with one. Its coupon's use is reserved
      // first (the same use when that request reserved it already), so no payment opens at a discount without one.
      await this.reserveFor(open, item.priced);
      const opened = await this.openPayment(open, input.buyerIp ?? null);
      intent = opened.intent;
      if (!(await this.purchases.attachIntent(open.id, intent.id, opened.subscriptionId))) return null;
      purchase = { ...open, paymentIntentId: intent.id };
    }
    switch (intent.status) {
      case 'succeeded':
        // paid but not completed yet: it is completed now, not sold again, and this start opens a new one
        await this.settlement.complete(purchase, intent);
        return null;
      case 'canceled':
        await this.settlement.close(purchase, 'The payment was canceled.');
        return null;
      case 'processing':
      case 'requires_capture':
        throw new PaymentInProgressError(purchase.productName);
      case 'requires_payment_method':
        // past its payment window its coupon's use counts no more: ended as the reconciler ends it, so the next
        // checkout claims a use afresh instead of paying at a discount another player may hold now
        if (purchase.discount?.coupon && purchase.createdAt < paymentWindowSince(this.clock.now())) {
          await this.settlement.close(purchase, NO_PAYMENT_REASON);
          return null;
        }
        return this.revise(purchase, intent, input, item, banReason, creator, gift);
      default:
        return this.revise(purchase, intent, input, item, banReason, creator, gift);
    }
  }

  /**
   * Brings the reused checkout up to date: the buyer's contact details, the gift's recipient and months, and the
   * price if the catalogue (or the months) changed.
   */
  private async revise(
    open: Purchase,
    intent: PaymentIntent,
    input: StartCheckoutInput,
    item: PricedItem & { priced: CheckoutPrice },
    banReason: string | null,
    creator: PurchaseCreator | null,
    gift: PurchaseGift | null,
  ): Promise<CheckoutStarted | null> {
    const { priced } = item;
    // another coupon (or none now) is another checkout: this one gives its use back, and the buyer gets a new one
    if ((open.discount?.coupon?.code ?? null) !== (priced.discount?.coupon?.code ?? null)) {
      await this.settlement.close(open, 'Replaced by a checkout with another coupon code.');
      return null;
    }
    const intentChanges: IntentChanges = {};
    const creatorChanged = (creator?.code ?? null) !== (open.creator?.code ?? null);
    if (creatorChanged) intentChanges.creatorCode = creator?.code ?? null;
    // a membership's first month is its subscription's invoice: the provider prices it, and it is not changed here
    if (intent.amountCents !== priced.priceCents && !open.billing) intentChanges.amountCents = priced.priceCents;
    if (open.productName !== item.name) intentChanges.description = item.name;
    const metadata = intentMetadata({ ...open, creator, gift });
    if (!creator && intent.metadata.creatorCode) metadata.creatorCode = '';
    if (Object.entries(metadata).some(([key, value]) => intent.metadata[key] !== value))
      intentChanges.metadata = metadata;
    // the intent first: a provider that refuses (the buyer is paying right now) leaves the purchase as it was
    const current =
      Object.keys(intentChanges).length > 0 ? await this.gateway.updateIntent(intent.id, intentChanges) : intent;

    const changes: Omit<CheckoutChanges, 'updatedAt'> = {};
    if (input.buyerEmail && input.buyerEmail !== open.buyerEmail) changes.buyerEmail = input.buyerEmail;
    if (input.buyerDiscord && input.buyerDiscord !== open.buyerDiscord) changes.buyerDiscord = input.buyerDiscord;
    if (banReason !== open.banReason) changes.banReason = banReason;
    if (priced.priceCents !== open.priceCents && !open.billing) {
      changes.priceCents = priced.priceCents;
      changes.discount = priced.discount;
    }
    if (item.name !== open.productName) changes.productName = item.name;
    if (item.tokens !== open.tokensGranted) changes.tokensGranted = item.tokens;
    if (creatorChanged) changes.creator = providerCreator(creator, current);
    if (!sameGift(open.gift, gift)) changes.gift = gift;
    // the consent given when it was opened stands; one opened before the consent was asked takes this one
    if (!open.withdrawalConsent) changes.withdrawalConsent = consentOf(input, this.clock.now());
    let purchase: Purchase | null = open;
    if (Object.keys(changes).length > 0)
      purchase = await this.purchases.reviseCheckout(open.id, { ...changes, updatedAt: this.clock.now() });
    // null: paid or failed meanwhile, so it is no longer open
    if (!purchase) return null;
    return {
      purchase,
      clientSecret: current.clientSecret,
      tokensGranted: purchase.tokensGranted,
      redirectUrl: current.checkoutUrl ?? null,
    };
  }
}

/**
 * The buyer's answers a checkout needs before anything is priced or stored: the withdrawal consent in the wording shown
 * now, and an age declaration when their account has none. Answers the declaration to store, if any.
 */
function agreedTerms(input: StartCheckoutInput): AgeAnswer | undefined {
  if (!input.withdrawalConsent) throw new WithdrawalConsentRequiredError();
  if (input.withdrawalConsent !== WITHDRAWAL_CONSENT.version) throw new WithdrawalConsentOutdatedError();
  if (!input.buyer.ageDeclaration && !input.ageDeclaration) throw new AgeDeclarationRequiredError();
  return input.ageDeclaration;
}

function consentOf(input: StartCheckoutInput, now: Date): WithdrawalConsent {
  return { version: WITHDRAWAL_CONSENT.version, givenAt: now, address: input.buyerIp ?? null };
}

function intentMetadata(purchase: Purchase): Record<string, string> {
  return {
    purchaseId: purchase.id,
    userId: purchase.userId,
    productType: purchase.productType,
    productId: purchase.productId,
    ...(purchase.optionId ? { optionId: purchase.optionId } : {}),
    // Stripe keeps it beside the payment; a code dropped on a later start is blanked there
    ...(purchase.creator ? { creatorCode: purchase.creator.code } : {}),
    ...(purchase.gift ? { giftTo: purchase.gift.discordId } : {}),
  };
}

/** the creator as the provider took it: its word where the code was passed on to it */
function providerCreator(creator: PurchaseCreator | null, intent: PaymentIntent): PurchaseCreator | null {
  if (!creator) return null;
  const reported = intent.creatorCode;
  if (!reported || reported.code.toLowerCase() !== creator.code.toLowerCase()) return creator;
  return { ...creator, provider: reported.accepted ? 'accepted' : 'refused' };
}

/** One intent per purchase: the idempotency key names the purchase. */
function intentRequest(purchase: Purchase): CreateIntentRequest {
  return {
    amountCents: purchase.priceCents,
    currency: CURRENCY,
    description: purchase.productName,
    idempotencyKey: `purchase-${purchase.id}`,
    metadata: intentMetadata(purchase),
    creatorCode: purchase.creator?.code ?? null,
    ...providerDiscount(purchase),
  };
}

/** the catalogue price and the coupon code, for a provider that prices by its own list and takes codes (Tebex) */
function providerDiscount(purchase: Purchase): Pick<CreateIntentRequest, 'listAmountCents' | 'couponCode'> {
  const discount = purchase.discount;
  if (!discount) return {};
  return {
    listAmountCents: discount.listPriceCents,
    ...(discount.coupon ? { couponCode: discount.coupon.code } : {}),
  };
}
