import type { CreatorFigures } from '../../../core/creators/model/creator-figures.ts';
import type { CreatorListing } from '../../../core/creators/model/creator-listing.ts';
import type { CreatorReport } from '../../../core/creators/use-cases/creator-report.ts';
import type { MyCreatorFigures } from '../../../core/creators/use-cases/show-my-creator-figures.ts';
import { centsToDollars } from '../../../core/shared/money.ts';
import type { CreatorDto, CreatorFiguresDto, CreatorReportDto, MyCreatorDto } from '../contract/creators.ts';

export function presentCreator(creator: CreatorListing): CreatorDto {
  return {
    id: creator.id,
    code: creator.code,
    sharePercent: creator.sharePercent,
    discordId: creator.discordId,
    name: creator.name,
    createdAt: creator.createdAt.toISOString(),
    disabledAt: creator.disabledAt?.toISOString() ?? null,
  };
}

export function presentFigures(figures: CreatorFigures): CreatorFiguresDto {
  return {
    sales: figures.sales,
    taken: centsToDollars(figures.takenCents),
    shareOwed: centsToDollars(figures.shareCents),
    refunds: figures.refunds,
    refunded: centsToDollars(figures.refundedCents),
  };
}

export function presentCreatorReport(report: CreatorReport): CreatorReportDto {
  return {
    month: report.month.label,
    rows: report.rows.map((row) => ({ creator: presentCreator(row.creator), ...presentFigures(row) })),
    totals: presentFigures(report.totals),
  };
}

export function presentMyCreator(mine: MyCreatorFigures | null): MyCreatorDto {
  if (!mine) return { creator: null };
  return {
    creator: {
      code: mine.creator.code,
      sharePercent: mine.creator.sharePercent,
      disabledAt: mine.creator.disabledAt?.toISOString() ?? null,
      months: mine.months.map(({ month, ...figures }) => ({ month: month.label, ...presentFigures(figures) })),
    },
  };
}
