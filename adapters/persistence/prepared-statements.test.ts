import { describe, expect, it } from 'vitest';
import { isStalePreparedStatement, PreparedStatements } from './prepared-statements.ts';

const statements = () => new PreparedStatements((date) => `at ${date.toISOString()}`);

describe('a plain statement made a prepared one', () => {
  it("numbers its placeholders, gives its values as parameters and a Date as the inlining's text", () => {
    const at = new Date('2026-11-30T10:00:00.000Z');
    const prepared = statements().of(
      'update "purchases" set "status" = ?, "updated_at" = ? where "id" = ? and "n" > ?',
      ['completed', at, 'p-1', 3],
    );
    expect(prepared).toMatchObject({
      text: 'update "purchases" set "status" = $1, "updated_at" = $2 where "id" = $3 and "n" > $4',
      values: ['completed', 'at 2026-11-30T10:00:00.000Z', 'p-1', 3],
    });
    expect(statements().of('select ? as "x", ?', [null, undefined])?.values).toEqual([null, null]);
    expect(statements().of('select ?', [false])?.values).toEqual([false]);
  });

  it('names a text by itself: the same text the same name in any process, another text another name', () => {
    const [one, two] = [statements(), statements()];
    const first = one.of('select * from "users" where "id" = ?', ['a']);
    expect(one.of('select * from "users" where "id" = ?', ['b'])?.name).toBe(first?.name);
    expect(two.of('select * from "users" where "id" = ?', ['c'])?.name).toBe(first?.name);
    expect(one.of('select * from "users" where "discord_id" = ?', ['a'])?.name).not.toBe(first?.name);
    expect(first?.name).toMatch(/^bayou_[0-9a-f]{20}$/);
  });

  it('leaves inlined what it cannot give as parameters', () => {
    const each = statements();
    // nothing to give
    expect(each.of('select 1', [])).toBeUndefined();
    // a list the inlining spreads into `in (...)`, JSON, a bigint, a number Postgres has no literal for
    expect(each.of('select * from "users" where "id" in (?)', [['a', 'b']])).toBeUndefined();
    expect(each.of('insert into "t" ("data") values (?)', [{ a: 1 }])).toBeUndefined();
    expect(each.of('select ?', [10n])).toBeUndefined();
    expect(each.of('select ?', [Number.NaN])).toBeUndefined();
    // an identifier, an escaped question mark
    expect(each.of('select ?? from "users" where "id" = ?', ['name', 'a'])).toBeUndefined();
    expect(each.of('select \\? , ?', ['a'])).toBeUndefined();
    // placeholders and values that do not match
    expect(each.of('select ?, ?', ['a'])).toBeUndefined();
    expect(each.of('select ?', ['a', 'b'])).toBeUndefined();
  });

  it('names at most a thousand texts, and goes on answering the ones it named', () => {
    const each = statements();
    for (let n = 0; n < 1_000; n++) expect(each.of(`select ? as "c${n}"`, [n])).toBeDefined();
    expect(each.of('select ? as "another"', [1])).toBeUndefined();
    expect(each.of('select ? as "c7"', [7])?.text).toBe('select $1 as "c7"');
  });

  it("knows Postgres' refusal of a prepared statement whose columns changed, and nothing else", () => {
    expect(isStalePreparedStatement({ code: '0A000', message: 'cached plan must not change result type' })).toBe(true);
    expect(isStalePreparedStatement({ code: '0A000', message: 'something else unsupported' })).toBe(false);
    expect(isStalePreparedStatement({ code: '42P01', message: 'cached plan must not change result type' })).toBe(false);
    expect(isStalePreparedStatement(undefined)).toBe(false);
  });
});
