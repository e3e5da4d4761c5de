import { DomainError, NotFoundError } from '../../shared/errors.ts';
import { ProductNotFoundError } from '../errors.ts';
import { ALL_PRODUCTS } from './products.ts';
import { tokensFor, type PricedItem, type Product, type ProductType } from './product.ts';

/**
 * The catalogue of a store that credits no tokens for money (PURCHASE_TOKENS=off): no product grants tokens, and no
 * feature promises them.
 */
export function withoutPurchaseTokens(products: readonly Product[]): Product[] {
  return products.map((product) => ({
    ...product,
    fixedTokens: 0,
    features: product.features.filter((feature) => !/\btokens?\b/i.test(feature)),
  }));
}

/** The single source of every price and token grant. */
export class Catalogue {
  constructor(private readonly products: readonly Product[] = ALL_PRODUCTS) {}

  list(type?: ProductType): Product[] {
    return this.products.filter((product) => !type || product.type === type);
  }

  find(id: string, type?: string): Product {
    const found = this.products.find(
      (product) => (!type || product.type === type) && (product.id === id || product.aliases.includes(id)),
    );
    if (!found) throw new ProductNotFoundError(type, id);
    return found;
  }

  /**
   * What an item key (`productId`, or `productId:optionId`, as the owner's settings name items) names: the product and
   * its option, or why it names none. Product ids only, not their aliases.
   */
  itemOf(
    key: string,
  ):
    | { product: Product; optionId: string | undefined }
    | { problem: 'no-product' }
    | { problem: 'no-option'; product: Product; optionId: string } {
    const [productId, optionId, ...rest] = key.split(':');
    const product = this.products.find((candidate) => candidate.id === productId);
    if (!product || rest.length > 0) return { problem: 'no-product' };
    if (optionId !== undefined && !product.options.some((option) => option.id === optionId))
      return { problem: 'no-option', product, optionId };
    return { product, optionId };
  }

  /** The price and tokens of one purchasable item: a product, or one option of a multi-price product. */
  price(id: string, type?: string, optionId?: string): PricedItem {
    const product = this.find(id, type);
    if (product.options.length === 0) {
      if (optionId)
        throw new NotFoundError('OPTION_NOT_FOUND', `${product.name} has no options; remove the option '${optionId}'.`);
      const priceCents = product.priceCents as number;
      return { product, option: null, name: product.name, priceCents, tokens: tokensFor(product, priceCents) };
    }
    if (!optionId) {
      throw new DomainError(
        'OPTION_REQUIRED',
        'invalid',
        `Choose an option for ${product.name}: ${product.options.map((o) => o.id).join(', ')}.`,
        [{ path: 'option', message: 'Required' }],
      );
    }
    const option = product.options.find((candidate) => candidate.id === optionId);
    if (!option) throw new NotFoundError('OPTION_NOT_FOUND', `${product.name} has no option '${optionId}'.`);
    return {
      product,
      option,
      name: `${product.name} (${option.label})`,
      priceCents: option.priceCents,
      tokens: tokensFor(product, option.priceCents),
    };
  }
}
