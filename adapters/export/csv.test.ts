import { describe, expect, it } from 'vitest';
import { csvCell, csvLines, csvRow } from './csv.ts';

describe('csvCell', () => {
  it('writes plain text as it is', () => {
    expect(csvCell('Bayou Basic')).toBe('Bayou Basic');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes text holding a comma, a quote, CR or LF, doubling the quotes', () => {
    expect(csvCell('Thibodeaux, Remy')).toBe('"Thibodeaux, Remy"');
    expect(csvCell('the "big" one')).toBe('"the ""big"" one"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('carriage\rreturn')).toBe('"carriage\rreturn"');
  });

  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+1+cmd', `"'+1+cmd"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    ['-5', `"'-5"`],
  ])('neutralises text that a spreadsheet would run: %j', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('leaves a formula character that does not begin the text alone', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(' =1')).toBe(' =1');
  });

  it('writes numbers and booleans as they are, negative amounts included', () => {
    expect(csvCell(20)).toBe('20');
    expect(csvCell(-19.99)).toBe('-19.99');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(true)).toBe('true');
  });

  it('treats a number that is not finite as text', () => {
    expect(csvCell(Number.NEGATIVE_INFINITY)).toBe(`"'-Infinity"`);
    expect(csvCell(Number.NaN)).toBe('NaN');
  });

  it('writes dates as ISO text', () => {
    expect(csvCell(new Date('2026-11-22T10:00:00.000Z'))).toBe('2026-11-22T10:00:00.000Z');
  });
});

describe('csvRow and csvLines', () => {
  it('joins cells with commas', () => {
    expect(csvRow(['a', 1, null, '=x'])).toBe(`a,1,,"'=x"`);
  });

  it('writes a header row, then the records in column order', () => {
    const lines = csvLines(
      ['name', 'price'],
      [{ price: 20, name: 'Bayou Basic' }, { name: '@evil', price: -1 }, { name: 'no price' }],
    );
    expect(lines).toEqual(['name,price', 'Bayou Basic,20', `"'@evil",-1`, 'no price,']);
  });
});
