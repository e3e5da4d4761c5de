/** What other features may use of this one; everything else here is its own. */
export { catalogueQuery, useFulfilment, useProducts } from './api/catalogue.ts';
export { buyButtonText } from './components/buy-button-text.ts';
export { ProductIcon } from './components/product-icon.tsx';
export { type ItemPrice, itemsOnSaleQuery, useItemPrice, useSaleOf, useSaleOnOptionsOf } from './api/sales.ts';
export { SalePrice } from './components/sale-price.tsx';
