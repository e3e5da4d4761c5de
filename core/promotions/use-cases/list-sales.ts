import type { PromotionRepository } from '../ports.ts';
import type { Sale } from '../model/sale.ts';

export class ListSales {
  constructor(private readonly sales: PromotionRepository) {}

  execute(): Promise<Sale[]> {
    return this.sales.listSales();
  }
}
