import { describe, expect, it } from 'vitest';
import { describeFailure, reportedFailure } from '../../cli/failure.ts';
import { indented, oneLine, terminalJson, terminalText } from '../../cli/terminal-text.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for control characters
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

describe('terminalText', () => {
  it.each([
    ['a CSI colour', 'Red\x1b[31mAlert\x1b[0m', 'RedAlert'],
    ['a CSI with parameters and intermediates', 'a\x1b[?25lb\x1b[1 qc', 'abc'],
    ['a C1 CSI', 'a\x9b2Jb', 'ab'],
    ['an OSC title ended by BEL', 'Evil\x1b]0;pwned\x07Name', 'EvilName'],
    ['an OSC hyperlink ended by ST', '\x1b]8;;http://x\x1b\\click\x1b]8;;\x1b\\', 'click'],
    ['a C1 OSC ended by C1 ST', 'a\x9d0;t\x9cb', 'ab'],
    ['a DCS string', 'a\x1bPq#0;2;0;0;0\x1b\\b', 'ab'],
    ['a two-character escape', 'a\x1b(Bb\x1b#8c\x1bcd', 'abcd'],
    ['a lone ESC at the end', 'abc\x1b', 'abc'],
    ['an unterminated OSC (its text stays readable)', 'a\x1b]0;title', 'a0;title'],
    ['C0 controls, CR, DEL and C1', 'a\x00b\x07c\rd\x7fe\x85f\x9fg', 'abcdefg'],
  ])('removes %s', (_what, input, expected) => {
    expect(terminalText(input)).toBe(expected);
  });

  it('keeps newlines, tabs and text beyond ASCII', () => {
    expect(terminalText('one\n\ttwo — café 🐊')).toBe('one\n\ttwo — café 🐊');
  });

  it('is done in one pass: what it leaves holds no escape to strip again', () => {
    for (const input of ['\x1b\x00[31m', '\x1b\x1b[31m]0;x\x07', '\x9b\x1b[1m', '\x00\x1b]0;x\x1b\x1b\\']) {
      const once = terminalText(input);
      expect(once).not.toMatch(UNSAFE);
      expect(terminalText(once)).toBe(once);
    }
  });

  it('stays fast on a hostile string', () => {
    const hostile = '\x1b]'.repeat(20_000) + '\x9d'.repeat(20_000) + '\x1b['.repeat(20_000);
    const started = Date.now();
    expect(terminalText(hostile)).not.toMatch(UNSAFE);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('oneLine and indented', () => {
  it('oneLine turns runs of newlines and tabs into one space', () => {
    expect(oneLine('Remy\n\nBoudreaux\tJr\r\nIII')).toBe('Remy Boudreaux Jr III');
    expect(oneLine(null)).toBe('');
  });

  it('indented starts continuation lines under the value', () => {
    expect(indented('first\nsecond\x1b[2J', 4)).toBe('first\n    second');
  });
});

describe('terminalJson', () => {
  it('escapes DEL and C1 controls, so the JSON parses back to the same text and holds none raw', () => {
    const value = { name: 'a\x1b[31mb\x07c\x7fd\x9be' };
    const json = terminalJson(value);
    expect(json).not.toMatch(UNSAFE);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('describeFailure', () => {
  const driverError = (message: string, code: string) => Object.assign(new Error(message), { code, severity: 'ERROR' });

  it('names what the database said, never the statement', () => {
    const failure = describeFailure(
      driverError('select "u0".* from "users" as "u0" where a - 1 = 2 - relation "users" does not exist', '42P01'),
    );
    expect(failure.message).toMatch(/^the database refused the request \(relation "users" does not exist\)/);
    expect(failure.message).not.toMatch(/select|"u0"/);
    expect(failure.exitCode).toBe(1);
  });

  it('maps a broken constraint to a conflict and a missing database to unavailable', () => {
    expect(
      describeFailure(
        driverError(
          'insert into "users" values (1) - duplicate key value violates unique constraint "users_pkey"',
          '23505',
        ),
      ),
    ).toEqual({
      message: 'the database refused the change (duplicate key value violates unique constraint "users_pkey")',
      exitCode: 5,
    });
    expect(describeFailure(driverError('database "nodb" does not exist', '3D000')).exitCode).toBe(7);
    expect(describeFailure(driverError('password authentication failed for user "bayou"', '28P01'))).toEqual({
      message: 'the database refused the connection (password authentication failed for user "bayou")',
      exitCode: 7,
    });
  });

  it('reports an unreachable database as unavailable, in one line', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(describeFailure(refused)).toEqual({
      message: 'cannot reach the database (connect ECONNREFUSED 127.0.0.1:5432)',
      exitCode: 7,
    });
    const lost = new Error('update "purchases" set "status" = \'x\' - Connection terminated unexpectedly');
    expect(describeFailure(lost)).toEqual({
      message: 'cannot reach the database (Connection terminated unexpectedly)',
      exitCode: 7,
    });
    const both = Object.assign(
      new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })], ''),
      { code: 'ECONNREFUSED' },
    );
    expect(describeFailure(both)).toEqual({
      message: 'cannot reach the database (connect ECONNREFUSED ::1:5432)',
      exitCode: 7,
    });
  });

  it('hides a statement in any other error, and puts a multi-line message on one line', () => {
    expect(describeFailure(new Error("select * from users where email = 'remy@example.com'")).message).not.toContain(
      'remy@example.com',
    );
    expect(describeFailure(new Error('Invalid configuration:\n  PORT: too big\n  LOG_LEVEL: unknown'))).toEqual({
      message: 'Invalid configuration: PORT: too big; LOG_LEVEL: unknown',
      exitCode: 1,
    });
    expect(describeFailure(new Error('bad \x1b[31mname\x1b]0;x\x07')).message).toBe('bad name');
  });

  it('words a failure a report carries the same way', () => {
    expect(reportedFailure('insert into "deliveries" values (1) - connection refused')).toBe('connection refused');
    expect(reportedFailure('Discord answered 403: Missing Permissions')).toBe(
      'Discord answered 403: Missing Permissions',
    );
  });
});
