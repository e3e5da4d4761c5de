/**
 * CSV that is safe to open in a spreadsheet (RFC 4180 quoting, OWASP's rule against formula injection).
 * Text that begins with = + - @, a tab or a carriage return would run as a formula, so it gets a leading
 * single quote and is always quoted. Numbers and booleans are written as they are: the program produced them,
 * and a negative amount stays a number. So pass what people typed as strings, and amounts as numbers.
 */
export type CsvValue = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) return quoted(`'${text}`);
  return NEEDS_QUOTES.test(text) ? quoted(text) : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',');
}

/** A header row of the column names, then one row a record, each without its line ending. */
export function csvLines<Column extends string>(
  columns: readonly Column[],
  records: Iterable<Partial<Record<Column, CsvValue>>>,
): string[] {
  const lines = [csvRow(columns)];
  for (const record of records) lines.push(csvRow(columns.map((column) => record[column])));
  return lines;
}
