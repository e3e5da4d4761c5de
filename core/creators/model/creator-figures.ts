import type { CreatorSales } from '../ports.ts';
import { shareOf } from './creator.ts';

/** What a creator's code brought in over a month, and the share owed on it. */
export interface CreatorFigures {
  sales: number;
  takenCents: number;
  shareCents: number;
  refunds: number;
  refundedCents: number;
}

const NONE: Omit<CreatorSales, 'creatorId'> = { sales: 0, takenCents: 0, refunds: 0, refundedCents: 0 };

/** a creator's figures from their sales row; the share is on the month's money taken, rounded once */
export function figuresOf(sales: Omit<CreatorSales, 'creatorId'> | undefined, sharePercent: number): CreatorFigures {
  const row = sales ?? NONE;
  return {
    sales: row.sales,
    takenCents: row.takenCents,
    shareCents: shareOf(row.takenCents, sharePercent),
    refunds: row.refunds,
    refundedCents: row.refundedCents,
  };
}
