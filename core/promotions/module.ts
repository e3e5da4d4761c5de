import type { Catalogue } from '../catalogue/catalogue.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { CreateCoupon } from './create-coupon.ts';
import { CreateSale } from './create-sale.ts';
import { DisableCoupon } from './disable-coupon.ts';
import { EndSale } from './end-sale.ts';
import { ListCoupons } from './list-coupons.ts';
import { ListSales } from './list-sales.ts';
import { ShowCoupon } from './show-coupon.ts';
import type { PromotionRepository } from './ports.ts';
import { ListItemsOnSale } from './list-items-on-sale.ts';
import { PriceCheckout } from './price-checkout.ts';
import { QuotePrice } from './quote-price.ts';

export interface PromotionPorts {
  promotions: PromotionRepository;
}

export function createPromotionModule(
  p: PromotionPorts,
  shared: { catalogue: Catalogue; clock: Clock; ids: IdGenerator },
) {
  const { catalogue, clock, ids } = shared;
  const pricing = new PriceCheckout(p.promotions, clock);
  return {
    /** what the store's checkout prices with */
    pricing,
    quote: new QuotePrice(catalogue, pricing),
    onSale: new ListItemsOnSale(catalogue, p.promotions, clock),
    createCoupon: new CreateCoupon(p.promotions, catalogue, ids, clock),
    listCoupons: new ListCoupons(p.promotions, clock),
    showCoupon: new ShowCoupon(p.promotions, clock),
    disableCoupon: new DisableCoupon(p.promotions, clock),
    createSale: new CreateSale(p.promotions, catalogue, ids, clock),
    listSales: new ListSales(p.promotions),
    endSale: new EndSale(p.promotions, clock),
  };
}
