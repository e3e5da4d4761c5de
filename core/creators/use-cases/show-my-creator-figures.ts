import type { Clock } from '../../shared/ports.ts';
import type { Creator } from '../model/creator.ts';
import { type CreatorFigures, figuresOf } from '../model/creator-figures.ts';
import { type Month, monthOf, previousMonth } from '../model/month.ts';
import type { CreatorRepository } from '../ports.ts';

export interface MyCreatorFigures {
  creator: Creator;
  months: Array<{ month: Month } & CreatorFigures>;
}

/** A creator's own code and figures for this month and the last; null for a player who is no creator. */
export class ShowMyCreatorFigures {
  constructor(
    private readonly creators: CreatorRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { userId: string }): Promise<MyCreatorFigures | null> {
    const creator = await this.creators.findByUser(input.userId);
    if (!creator) return null;
    const current = monthOf(this.clock.now());
    const months = await Promise.all(
      [current, previousMonth(current)].map(async (month) => {
        const [sales] = await this.creators.sales(month, creator.id);
        return { month, ...figuresOf(sales, creator.sharePercent) };
      }),
    );
    return { creator, months };
  }
}
