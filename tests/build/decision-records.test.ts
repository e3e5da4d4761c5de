import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A decision record marked current (its status says Accepted and not superseded) must still describe the code: every
 * repository path it names in backticks exists, and every code symbol it names in backticks (`SomeClass`,
 * `someFunction()`) still occurs in the sources. A record the code has moved away from is fixed or marked superseded.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RECORDS = join(ROOT, 'docs/decisions');

/** the folders a record's paths point into, and where its symbols are looked for */
const SOURCE_ROOTS = ['core', 'adapters', 'ui/src', 'cli', 'scripts', 'tests', 'bench'];
const SOURCE_FILE = /\.(ts|tsx|mts|js|mjs|lua|sql)$/;

/**
 * `core/...`, `adapters/...`: a path inside the repository. A wildcard, placeholder or ellipsis (`ui/src/features/**`,
 * `core/<module>/ports.ts`, `tests/...`) is checked up to the last folder before it.
 */
const PATH = /^(core|adapters|ui|cli|scripts|tests|bench|docs)\//;
/**
 * `SomeClass`, `someFunction()`, `Some.method('x')`: a type or class name (two capitals at least, not all capitals), or
 * a call, whose arguments are not looked at
 */
const SYMBOL = /^(?:[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\(.*\))$/;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist') return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE_FILE.test(name) ? [path] : [];
  });
}

function sourceWords(): Set<string> {
  const files = [
    ...SOURCE_ROOTS.flatMap((dir) => sourceFiles(join(ROOT, dir))),
    ...readdirSync(ROOT)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => join(ROOT, name)),
  ];
  const words = new Set<string>();
  for (const file of files)
    for (const word of readFileSync(file, 'utf8').match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(word);
  return words;
}

interface Record {
  name: string;
  current: boolean;
  names: string[];
}

function readRecord(name: string): Record {
  const text = readFileSync(join(RECORDS, name), 'utf8');
  const status = text.match(/^Status: (.*)$/m)?.[1] ?? '';
  const current = status.startsWith('Accepted') && !/supersede/i.test(status);
  const withoutFences = text.replace(/^```[\s\S]*?^```/gm, '');
  const names = [...withoutFences.matchAll(/`([^`\n]+)`/g)].map((match) => match[1].trim());
  return { name, current, names };
}

/** what is wrong with one backticked name of a current record, or null */
function problem(word: string, words: Set<string>): string | null {
  if (PATH.test(word)) {
    const fixed = word.split('...')[0].match(/^[\w./-]*/)?.[0] ?? '';
    const path = fixed === word ? word : fixed.slice(0, fixed.lastIndexOf('/'));
    return existsSync(join(ROOT, path)) ? null : `no file or folder \`${word}\``;
  }
  if (SYMBOL.test(word)) {
    const missing = word
      .replace(/\(.*\)$/, '')
      .split('.')
      .filter((part) => !words.has(part));
    return missing.length === 0 ? null : `no \`${word}\` in the code`;
  }
  return null;
}

describe('decision records marked current', () => {
  it('name only files and code symbols that exist', () => {
    const words = sourceWords();
    const records = readdirSync(RECORDS)
      .filter((name) => /^\d{4}-.+\.md$/.test(name))
      .map(readRecord);
    const stale = records
      .filter((record) => record.current)
      .flatMap((record) =>
        record.names.flatMap((word) => {
          const found = problem(word, words);
          return found ? [`${record.name}: ${found}`] : [];
        }),
      );
    expect(stale, 'fix the name to what the code says now, or mark the record superseded').toEqual([]);
  });
});
