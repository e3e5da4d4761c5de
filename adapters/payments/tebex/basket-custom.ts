import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a basket carries of ours: Tebex sends it back with every payment of the basket. Anyone with the public
 * webstore token can open a basket with any custom data, so the site signs what it writes (`signature`, an
 * HMAC-SHA256 keyed by the webhook secret) and trusts custom data only with that signature.
 */
export interface BasketCustom {
  purchase_id: string;
  user_id: string;
  /** the catalogue item (`product-id` or `product-id:option-id`) */
  item: string;
  product_type: string;
  /** 'single', or 'subscription' for a Priority Pass month */
  package_type: string;
  price_cents: string;
}

const SIGNED_FIELDS = ['purchase_id', 'user_id', 'item', 'product_type', 'package_type', 'price_cents'] as const;

/** the signature of a basket's custom data: every field, in a fixed order, one per line */
export function basketSignature(secret: string, custom: BasketCustom): string {
  const text = SIGNED_FIELDS.map((field) => `${field}=${custom[field]}`).join('\n');
  return createHmac('sha256', secret).update(`bayou-basket\n${text}`).digest('hex');
}

/** the custom data with its signature, as the basket and its package carry it */
export function signedBasketCustom(secret: string, custom: BasketCustom): Record<string, string> {
  return { ...custom, signature: basketSignature(secret, custom) };
}

export function validBasketSignature(secret: string, custom: BasketCustom, signature: unknown): boolean {
  if (typeof signature !== 'string') return false;
  const expected = Buffer.from(basketSignature(secret, custom));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** the custom data's fields when every one is text, else null */
export function readCustom(custom: Record<string, unknown>): BasketCustom | null {
  const read: Partial<BasketCustom> = {};
  for (const field of SIGNED_FIELDS) {
    const value = custom[field];
    if (typeof value !== 'string') return null;
    read[field] = value;
  }
  return read as BasketCustom;
}
