import type { Catalogue } from '../catalogue/catalogue.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { CURRENCY, PriceMismatchError, StoreBannedError, type Purchase } from './purchase.ts';
import type { PaymentGateway, PurchaseRepository, StoreBans } from './ports.ts';

export interface Buyer {
  id: string;
  email: string | null;
  discordUsername: string | null;
  username: string | null;
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
}

export interface CheckoutStarted {
  purchase: Purchase;
  clientSecret: string;
  tokensGranted: number;
}

/**
 * Opens a pending purchase priced by the catalogue alone and a payment intent for exactly that amount.
 * No database transaction stays open while the provider is called: when the provider fails, the
 * purchase row is removed again, so a failed checkout leaves nothing behind.
 */
export class StartCheckout {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly purchases: PurchaseRepository,
    private readonly gateway: PaymentGateway,
    private readonly bans: StoreBans,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: StartCheckoutInput): Promise<CheckoutStarted> {
    const item = this.catalogue.price(input.productId, input.productType, input.optionId);
    if (input.expectedPriceCents !== undefined && input.expectedPriceCents !== item.priceCents) {
      throw new PriceMismatchError(input.expectedPriceCents, item.priceCents, item.name);
    }
    if (await this.bans.isBanned(input.buyer.id)) throw new StoreBannedError();
    const now = this.clock.now();
    const purchase: Purchase = {
      id: this.ids.next(),
      userId: input.buyer.id,
      productType: item.product.type,
      productId: item.product.id,
      optionId: item.option?.id ?? null,
      productName: item.name,
      priceCents: item.priceCents,
      currency: CURRENCY,
      tokensGranted: item.tokens,
      tokensAwarded: 0,
      buyerEmail: input.buyerEmail || input.buyer.email,
      buyerDiscord: input.buyerDiscord || input.buyer.discordUsername || input.buyer.username,
      paymentIntentId: null,
      status: 'pending',
      failureReason: null,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
    };
    await this.purchases.add(purchase);
    let intent;
    try {
      intent = await this.gateway.createIntent({
        amountCents: item.priceCents,
        currency: CURRENCY,
        description: item.name,
        idempotencyKey: `purchase-${purchase.id}`,
        metadata: {
          purchaseId: purchase.id,
          userId: purchase.userId,
          productType: purchase.productType,
          productId: purchase.productId,
          ...(purchase.optionId ? { optionId: purchase.optionId } : {}),
        },
      });
    } catch (error) {
      await this.purchases.discardUnstarted(purchase.id);
      throw error;
    }
    await this.purchases.attachIntent(purchase.id, intent.id);
    return { purchase: { ...purchase, paymentIntentId: intent.id }, clientSecret: intent.clientSecret, tokensGranted: item.tokens };
  }
}
