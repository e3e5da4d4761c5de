import type { Clock } from '../../shared/ports.ts';
import { SaleNotFoundError } from '../errors.ts';
import type { PromotionRepository } from '../ports.ts';
import type { Sale } from '../model/sale.ts';

/** Ends a sale now (one that has ended already stays as it was). */
export class EndSale {
  constructor(
    private readonly sales: PromotionRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { id: string }): Promise<Sale> {
    const sale = await this.sales.endSale(input.id, this.clock.now());
    if (!sale) throw new SaleNotFoundError(input.id);
    return sale;
  }
}
