import type { Catalogue } from '../../catalogue/model/catalogue.ts';
import type { Clock, IdGenerator } from '../../shared/ports.ts';
import { catalogueScope } from '../model/catalogue-ids.ts';
import { termsOf } from '../errors.ts';
import type { PromotionRepository } from '../ports.ts';
import { createSaleSchema, type CreateSaleInput, type Sale } from '../model/sale.ts';

export class CreateSale {
  constructor(
    private readonly sales: PromotionRepository,
    private readonly catalogue: Catalogue,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateSaleInput & { createdBy: string | null }): Promise<Sale> {
    const terms = termsOf(createSaleSchema, input, 'INVALID_SALE');
    const sale: Sale = {
      id: this.ids.next(),
      name: terms.name,
      percentOff: terms.percentOff,
      ...catalogueScope(this.catalogue, terms),
      startsAt: terms.startsAt,
      endsAt: terms.endsAt,
      createdBy: input.createdBy,
      createdAt: this.clock.now(),
    };
    await this.sales.addSale(sale);
    return sale;
  }
}
