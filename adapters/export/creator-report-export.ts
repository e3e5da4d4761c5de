import type { CreatorReportDto } from '../http/contract/creators.ts';
import type { CsvValue } from './csv.ts';

/** The creator report's columns, one row a creator: the one list the admin screen's CSV and `creators report --csv` write. */
export const CREATOR_REPORT_COLUMNS = [
  'month',
  'code',
  'discordId',
  'name',
  'sharePercent',
  'sales',
  'taken',
  'shareOwed',
  'refunds',
  'refunded',
  'disabledAt',
] as const;

export type CreatorReportColumn = (typeof CREATOR_REPORT_COLUMNS)[number];

/** The presented report's rows (amounts in dollars, as numbers); `text` cleans each text cell (the terminal's). */
export function creatorReportRecords(
  report: CreatorReportDto,
  text: (value: string) => string = (value) => value,
): Array<Record<CreatorReportColumn, CsvValue>> {
  return report.rows.map((row) => ({
    month: report.month,
    code: text(row.creator.code),
    discordId: row.creator.discordId,
    name: text(row.creator.name),
    sharePercent: row.creator.sharePercent,
    sales: row.sales,
    taken: row.taken,
    shareOwed: row.shareOwed,
    refunds: row.refunds,
    refunded: row.refunded,
    disabledAt: row.creator.disabledAt,
  }));
}
