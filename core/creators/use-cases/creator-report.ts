import type { Clock } from '../../shared/ports.ts';
import type { UserRepository } from '../../users/ports.ts';
import { type CreatorFigures, figuresOf } from '../model/creator-figures.ts';
import { type CreatorListing, withAccounts } from '../model/creator-listing.ts';
import { type Month, monthOf, parseMonth } from '../model/month.ts';
import type { CreatorRepository } from '../ports.ts';

export interface CreatorReportRow extends CreatorFigures {
  creator: CreatorListing;
}

export interface CreatorReport {
  month: Month;
  /** every creator, by code, with zeros where the code brought nothing in */
  rows: CreatorReportRow[];
  totals: CreatorFigures;
}

/**
 * The month's report per creator (this month unless named, YYYY-MM in UTC): the purchases completed in the month that
 * named the creator's code, the money taken for them, and the share owed; purchases refunded or disputed since are
 * counted apart and owe nothing.
 */
export class CreatorMonthReport {
  constructor(
    private readonly creators: CreatorRepository,
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { month?: string } = {}): Promise<CreatorReport> {
    const month = input.month ? parseMonth(input.month) : monthOf(this.clock.now());
    const listed = await withAccounts(this.users, await this.creators.list());
    const sales = new Map((await this.creators.sales(month)).map((row) => [row.creatorId, row]));
    const rows = listed.map((creator) => ({ creator, ...figuresOf(sales.get(creator.id), creator.sharePercent) }));
    const totals = rows.reduce(
      (sum, row) => ({
        sales: sum.sales + row.sales,
        takenCents: sum.takenCents + row.takenCents,
        shareCents: sum.shareCents + row.shareCents,
        refunds: sum.refunds + row.refunds,
        refundedCents: sum.refundedCents + row.refundedCents,
      }),
      { sales: 0, takenCents: 0, shareCents: 0, refunds: 0, refundedCents: 0 },
    );
    return { month, rows, totals };
  }
}
