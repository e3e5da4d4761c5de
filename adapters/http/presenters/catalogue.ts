import type { Product } from '../../../core/catalogue/model/product.ts';
import { tokensFor } from '../../../core/catalogue/model/product.ts';
import { centsToDollars } from '../../../core/shared/money.ts';
import type { CatalogueResponse, ProductDto } from '../contract/catalogue.ts';

export function presentProduct(product: Product): ProductDto {
  return {
    type: product.type,
    id: product.id,
    name: product.name,
    description: product.description,
    features: product.features,
    price: product.priceCents === null ? null : centsToDollars(product.priceCents),
    tokens: product.priceCents === null ? null : tokensFor(product, product.priceCents),
    options: product.options.map((option) => ({
      id: option.id,
      label: option.label,
      price: centsToDollars(option.priceCents),
      isPackage: option.isPackage,
      tokens: tokensFor(product, option.priceCents),
    })),
    popular: product.popular,
    recommended: product.recommended,
    aliases: product.aliases,
    ...(product.detail ? { detail: product.detail } : {}),
    fulfilment: { kind: product.fulfilment.kind, time: product.fulfilment.time },
  };
}

/** GET /api/catalogue's answer; the build prerenders the Priority Pass page with the same */
export function presentCatalogue(products: readonly Product[]): CatalogueResponse {
  return { products: products.map(presentProduct) };
}
