import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * Every bound in the HTTP contract says its own numbers: for each string, number or array schema with a minimum
 * or maximum, a message on one of those bounds that names numbers names only that schema's bounds (a dollar amount
 * in cents: "$10,000" is a maximum of 1,000,000). The bounds are read from the schemas themselves.
 */
const CONTRACT_DIR = join(import.meta.dirname, 'contract');

interface Bound {
  kind: string;
  value: number;
  message: string | undefined;
}
interface Found {
  path: string;
  bounds: Bound[];
}

type Def = Record<string, unknown> & { type?: string; checks?: unknown[] };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } })?._zod?.def;

const BOUND_KEYS: Record<string, string> = {
  max_length: 'maximum',
  min_length: 'minimum',
  length_equals: 'length',
  less_than: 'value',
  greater_than: 'value',
  max_size: 'maximum',
  min_size: 'minimum',
};

function messageOf(check: Def): string | undefined {
  const error = check.error;
  if (typeof error === 'string') return error;
  if (typeof error !== 'function') return undefined;
  const made = (error as (issue: object) => unknown)({});
  if (typeof made === 'string') return made;
  return (made as { message?: string } | undefined)?.message;
}

/** the schemas whose children sit under fixed names: each child's name and the step it adds to the path */
const NAMED_CHILDREN: Record<string, ReadonlyArray<readonly [key: string, step: string]>> = {
  array: [['element', '[]']],
  intersection: [
    ['left', '&left'],
    ['right', '&right'],
  ],
  record: [['valueType', '{}']],
  pipe: [
    ['in', '>in'],
    ['out', '>out'],
  ],
};

/** every schema with bounds, found by walking objects, wrappers, pipes, arrays, unions and records */
function walk(schema: unknown, path: string, found: Found[], seen = new Set<unknown>()): void {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  const bounds: Bound[] = [];
  for (const check of def.checks ?? []) {
    const checkDef = defOf(check);
    const key = checkDef?.check ? BOUND_KEYS[String(checkDef.check)] : undefined;
    if (!checkDef || !key) continue;
    const value = checkDef[key];
    const number = value instanceof Date ? null : Number(value);
    if (number !== null && Number.isFinite(number))
      bounds.push({ kind: String(checkDef.check), value: number, message: messageOf(checkDef) });
  }
  if (bounds.length > 0) found.push({ path, bounds });
  const next = (child: unknown, step: string) => walk(child, `${path}${step}`, found, seen);
  const named = NAMED_CHILDREN[String(def.type)];
  if (named) {
    for (const [key, step] of named) next(def[key], step);
    return;
  }
  switch (def.type) {
    case 'object':
      for (const [key, child] of Object.entries((def.shape as Record<string, unknown>) ?? {})) next(child, `.${key}`);
      break;
    case 'union':
      for (const [index, option] of (def.options as unknown[]).entries()) next(option, `|${index}`);
      break;
    case 'tuple':
      for (const [index, item] of (def.items as unknown[]).entries()) next(item, `[${index}]`);
      break;
    default:
      if (def.innerType) next(def.innerType, '');
  }
}

/** the numbers a message names: "1,000" is 1000; "$10,000" is a dollar amount, 1,000,000 in cents */
function numbersIn(message: string): Array<{ text: string; values: number[] }> {
  return [...message.matchAll(/(\$?)(\d[\d,]*(?:\.\d+)?)/g)].map(([text, dollar, digits]) => {
    const value = Number(digits.replace(/,/g, ''));
    return { text, values: dollar ? [Math.round(value * 100), value] : [value] };
  });
}

async function contractSchemas(): Promise<Array<[string, z.ZodType]>> {
  const files = readdirSync(CONTRACT_DIR).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  const schemas: Array<[string, z.ZodType]> = [];
  for (const file of files) {
    const module = (await import(join(CONTRACT_DIR, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module))
      if (defOf(value)) schemas.push([`${file.replace(/\.ts$/, '')}.${name}`, value as z.ZodType]);
  }
  return schemas;
}

/** each bound's message that names a number the schema does not bound itself by */
function mismatches(found: Found[]): string[] {
  const wrong: string[] = [];
  for (const { path, bounds } of found) {
    const own = new Set(bounds.map((bound) => bound.value));
    for (const bound of bounds) {
      if (!bound.message) continue;
      for (const named of numbersIn(bound.message))
        if (!named.values.some((value) => own.has(value)))
          wrong.push(`${path} (${bound.kind} ${bound.value}): "${bound.message}" names ${named.text}`);
    }
  }
  return wrong;
}

describe('the HTTP contract', () => {
  it("names in each bound's message only the numbers of that schema's own bounds", async () => {
    const found: Found[] = [];
    for (const [name, schema] of await contractSchemas()) walk(schema, name, found);
    // the walk reaches the bounded fields it is about
    const paths = found.map((each) => each.path);
    expect(paths).toContain('payments.createPaymentIntentSchema.banReason');
    expect(paths).toContain('payments.createPaymentIntentSchema.creatorCode');
    expect(mismatches(found)).toEqual([]);
  });

  it('finds a message that names another number than its bound, and reads cents as dollars', () => {
    const found: Found[] = [];
    const sample = z.object({
      reason: z.string().max(5000, 'Keep it to 1,000 characters or fewer.').optional(),
      code: z.string().min(3, 'A code has 3 to 24 characters.').max(24, 'A code has 3 to 24 characters.'),
      cents: z.number().max(1_000_000, 'An amount is at most $10,000.'),
    });
    walk(sample, 'sample', found);
    expect(mismatches(found)).toEqual([
      'sample.reason (max_length 5000): "Keep it to 1,000 characters or fewer." names 1,000',
    ]);
  });
});
