import type { Catalogue } from '../catalogue/model/catalogue.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { CreateCoupon } from './use-cases/create-coupon.ts';
import { CreateSale } from './use-cases/create-sale.ts';
import { DisableCoupon } from './use-cases/disable-coupon.ts';
import { EndSale } from './use-cases/end-sale.ts';
import { ListCoupons } from './use-cases/list-coupons.ts';
import { ListSales } from './use-cases/list-sales.ts';
import { ShowCoupon } from './use-cases/show-coupon.ts';
import type { PromotionRepository } from './ports.ts';
import { ListItemsOnSale } from './use-cases/list-items-on-sale.ts';
import { PriceCheckout } from './model/price-checkout.ts';
import { QuotePrice } from './use-cases/quote-price.ts';

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
