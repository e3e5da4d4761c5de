import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** production code: what the site, the CLI and the build run (tests beside the code included) */
const PRODUCTION = ['core', 'adapters', 'ui/src', 'cli', 'scripts'];
const CODE = /\.(ts|tsx|mts|js|mjs)$/;

/**
 * The words this codebase no longer uses (decision 0082, docs/glossary.md), as identifiers, file names and in
 * comments and messages, each with the word that replaced it.
 */
const RETIRED: ReadonlyArray<{ pattern: RegExp; use: string }> = [
  { pattern: /kept/i, use: 'cache/cached for a cache; stored, recorded or reserved otherwise' },
  {
    pattern:
      /\b(KeptAnswer|AnswerOptions|answerOf|errorAnswer|answerError|answerAtBuild|PublicAnswers|SessionAnswers)\b/,
    use: 'CachedResponse, ResponseCacheOptions, responseOf, errorResponse, PublicResponseCache, SessionResponseCache',
  },
  { pattern: /\b(cached|list|API) answers?\b/, use: 'response(s)' },
  { pattern: /\bedge\(|\bedge\.ts\b|\bthe edge sets\b/, use: 'loggingSecurityAndErrors' },
  { pattern: /\bdrawing\.ts\b|\b(endDrawing|useDrawing\w*|DrawnAnswers|DRAWN_ANSWERS\w*)\b/, use: 'hydration.ts' },
  { pattern: /\b(build (draws|drew)|drawn page|as drawn|drawn with)\b/, use: 'prerender(ed)' },
  { pattern: /\badopt(s|ed|ing|ion)?\b|ADOPT/i, use: 'hydrate, hydration' },
  {
    pattern:
      /\btak(e|es|en|ing)[ -]back\b|take-back|takeBack|takenBack|TakeBack|TAKE_BACK|\b(taking (a|this) month|takes? (the|its) tokens) back\b/i,
    use: 'reversal, refund or dispute',
  },
  { pattern: /\binterface (Without|Naming)\b|[:<,{] (Without|Naming)\b/, use: 'EntitlementExclusion, ClaimedPurchase' },
  { pattern: /\btakes\(/, use: 'appliesTo(' },
  { pattern: /\bholderOf\b/, use: 'beneficiaryOf' },
  { pattern: /PeriodicPass|periodic-pass/, use: 'RecurringJob' },
  { pattern: /paid-hand-off|PaidHandOff/, use: 'usePaymentCompleteRedirect' },
];

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist') return [];
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return files(path);
    return CODE.test(name) ? [path] : [];
  });
}

function retiredIn(path: string, text: string): string[] {
  const found: string[] = [];
  for (const { pattern, use } of RETIRED) if (pattern.test(path)) found.push(`${path}: file name (use ${use})`);
  text.split('\n').forEach((line, index) => {
    for (const { pattern, use } of RETIRED)
      if (pattern.test(line)) found.push(`${path}:${index + 1}: ${line.trim().slice(0, 100)} (use ${use})`);
  });
  return found;
}

describe("production code speaks the field's words", () => {
  it('names no retired word in a file name, an identifier, a comment or a message', () => {
    const found = PRODUCTION.flatMap((dir) => files(dir)).flatMap((path) =>
      retiredIn(relative(ROOT, join(ROOT, path)), readFileSync(join(ROOT, path), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it.each([
    ['adapters/http/middleware/kept-answer.ts', ''],
    ['a.ts', 'export class KeptLists {'],
    ['a.ts', '// answers kept in memory go out from here'],
    ['a.ts', 'app.use(edge({ logger }));'],
    ['a.ts', "import { endDrawing } from '@/lib/drawing.ts';"],
    ['a.ts', '// the browser adopts it once the page is here'],
    ['a.ts', 'private takeBack(purchase: Purchase) {'],
    ['a.ts', '// its tokens were taken back'],
    ['a.ts', '// what taking a month back does to its membership'],
    ['a.ts', 'export interface Without {'],
    ['a.ts', 'if (!takes(coupon, item.product)) throw'],
    ['a.ts', 'const holder = holderOf(purchase);'],
    ['a.ts', 'new PeriodicPass({'],
    ['ui/src/features/store/components/paid-hand-off.tsx', ''],
  ])('finds the old word in %s %s', (path, line) => {
    expect(retiredIn(path, line)).not.toEqual([]);
  });

  it('leaves the words that stay: cached responses, hydration, a reversal, an applicant’s answers', () => {
    const current = [
      'export class ListResponseCache {',
      "import { endHydration } from '@/lib/hydration.ts';",
      'private reverse(purchase: Purchase) {',
      'export const appealAnswersSchema = z.object({',
      'whose figures sit on the edge of the chart',
    ];
    expect(current.flatMap((line) => retiredIn('a.ts', line))).toEqual([]);
  });
});
