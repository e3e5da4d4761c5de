/** What other features may use of this one; everything else here is its own. */
export { catalogueQuery, useProducts } from './api/catalogue.ts';
export { buyButtonText } from './components/buy-button-text.ts';
export { ProductIcon } from './components/product-icon.tsx';
export { itemsOnSaleQuery, useSaleOf } from './api/sales.ts';
export { SalePrice } from './components/sale-price.tsx';
