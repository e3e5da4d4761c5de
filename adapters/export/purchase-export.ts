import type { PurchaseDto } from '../http/contract/purchases.ts';
import type { CsvValue } from './csv.ts';

/**
 * The purchase export's columns, in the order a spreadsheet shows them: the one list the admin page's CSV and the
 * CLI's `purchases list --csv` both write. Each is a field of the presented purchase, so amounts are in dollars.
 */
export const PURCHASE_EXPORT_COLUMNS = [
  'id',
  'createdAt',
  'status',
  'productType',
  'productId',
  'productName',
  'optionId',
  'price',
  'amountPaid',
  'buyerDiscord',
  'buyerEmail',
  'userId',
  'tokensAwarded',
  'failureReason',
  'refundReason',
  'completedAt',
  'paymentAttemptedAt',
  'paymentIntentId',
  'paymentReference',
  'gateway',
  'listPrice',
  'discount',
  'couponCode',
  'saleName',
  'creatorCode',
  'giftTo',
  'giftMonths',
  'consentGivenAt',
  'consentVersion',
  'consentAddress',
] as const satisfies readonly (keyof PurchaseDto)[];

export type PurchaseExportColumn = (typeof PURCHASE_EXPORT_COLUMNS)[number];

/** A presented purchase's export row; `text` cleans each text cell (the terminal's control characters, say). */
export function purchaseExportRecord(
  dto: Pick<PurchaseDto, PurchaseExportColumn>,
  text: (value: string) => string = (value) => value,
): Record<PurchaseExportColumn, CsvValue> {
  const record = {} as Record<PurchaseExportColumn, CsvValue>;
  for (const column of PURCHASE_EXPORT_COLUMNS) {
    const value = dto[column];
    record[column] = typeof value === 'string' ? text(value) : value;
  }
  return record;
}
