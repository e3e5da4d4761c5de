import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const BUILTINS = new Set(builtinModules);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const pattern =
    /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(pattern)) specifiers.push(match[1] ?? match[2] ?? match[3]);
  return specifiers;
}

function violations(area: string, allowed: (specifier: string, target: string | undefined) => boolean): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(join(ROOT, area))) {
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const target = specifier.startsWith('.') ? relative(ROOT, resolve(dirname(file), specifier)) : undefined;
      if (!allowed(specifier, target)) found.push(`${relative(ROOT, file)} imports ${specifier}`);
    }
  }
  return found;
}

const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
const DECLARED = new Set([...Object.keys(PACKAGE.dependencies ?? {}), ...Object.keys(PACKAGE.devDependencies ?? {})]);

/** the package a bare specifier names: `react-dom/client` is react-dom, `@radix-ui/react-dialog/x` is @radix-ui/react-dialog */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** A core module is the first directory under core/; files directly in core/ (the composition) belong to none. */
function coreModuleOf(path: string): string | undefined {
  const parts = path.split('/');
  return parts[0] === 'core' && parts.length > 2 ? parts[1] : undefined;
}

/** which core modules each core module imports, from its files' relative imports */
function coreModuleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(join(ROOT, 'core'))) {
    const from = coreModuleOf(relative(ROOT, file));
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const to = coreModuleOf(relative(ROOT, resolve(dirname(file), specifier)));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** every cycle of the graph, each once, as the modules along it (`a -> b -> a`) */
function cyclesOf(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (path: string[]) => {
    const last = path[path.length - 1];
    for (const next of graph.get(last) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const cycle = path.slice(at);
        // one name per cycle whatever module the walk entered it by: start at its smallest name
        const start = cycle.indexOf([...cycle].sort()[0]);
        const turned = [...cycle.slice(start), ...cycle.slice(0, start)];
        found.add([...turned, turned[0]].join(' -> '));
      } else walk([...path, next]);
    }
  };
  for (const module of graph.keys()) walk([module]);
  return [...found].sort();
}

/** a source with its comments and the insides of its strings blanked, so only code's brackets count */
const codeOnly = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, (text) =>
    text.replace(/[^\n]/g, ' '),
  );

/**
 * the text inside the bracket opened at `open`, and its pieces split at its own commas; `angles`: `<` and `>` count as
 * brackets too (in parameter types; `=>` is none), not in code where they compare
 */
function bracketed(code: string, open: number, angles = false): { inside: string; pieces: string[] } {
  const pieces = [''];
  for (let at = open + 1, depth = 1; at < code.length; at++) {
    const c = code[at];
    if ('({['.includes(c) || (angles && c === '<')) depth++;
    else if (')}]'.includes(c) || (angles && c === '>' && code[at - 1] !== '=')) depth--;
    if (depth === 0) return { inside: code.slice(open + 1, at), pieces: pieces.filter((piece) => piece.trim()) };
    if (c === ',' && depth === 1) pieces.push('');
    else pieces[pieces.length - 1] += c;
  }
  return { inside: code.slice(open + 1), pieces };
}

/** the classes a source declares: each one's public methods, and how many parameters its constructor takes */
function classesOf(source: string): { name: string; methods: string[]; parameters: number }[] {
  const code = codeOnly(source);
  return [...code.matchAll(/^(?:export )?(?:abstract )?class (\w+)[^{]*\{/gm)].map((found) => {
    const body = bracketed(code, (found.index ?? 0) + found[0].length - 1).inside;
    const member =
      /^ {2}((?:(?:public|private|protected|static|readonly|async|get|set)\s+|\*\s*)*)(#?[\w$]+)\s*(?:<[^(]*>)?\s*(?:\(|=\s*(?:async\s*)?\()/gm;
    const methods = [...body.matchAll(member)]
      .filter(([, modifiers, name]) => !/private|protected/.test(modifiers) && !/^#|^constructor$/.test(name))
      .map(([, , name]) => name);
    const opening = /^ {2}constructor\s*\(/m.exec(body);
    const parameters = opening ? bracketed(body, opening.index + opening[0].length - 1, true).pieces.length : 0;
    return { name: found[1], methods, parameters };
  });
}

/** what breaks the rule of one use case a file (one class, its one public method `execute`) and of deps objects */
function useCaseViolations(path: string, source: string): string[] {
  const classes = classesOf(source);
  const found = classes
    .filter((declared) => declared.parameters > 4)
    .map((declared) => `${path}: ${declared.name} takes ${declared.parameters} parameters, not one deps object`);
  if (!/^core\/[^/]+\/use-cases\//.test(path)) return found;
  if (classes.length !== 1) found.push(`${path} declares ${classes.length} classes, not one use case`);
  for (const { name, methods } of classes)
    if (methods.join() !== 'execute') found.push(`${path}: ${name} has public ${methods.join(', ') || 'nothing'}`);
  return found;
}

describe('module boundaries', () => {
  it('core imports nothing outside core but zod and Node built-ins', () => {
    const bad = violations('core', (specifier, target) =>
      target !== undefined
        ? target.startsWith('core/')
        : BUILTINS.has(specifier.replace(/^node:/, '')) || specifier === 'zod' || specifier === 'vitest',
    );
    expect(bad).toEqual([]);
  });

  it('the UI imports its own files, the HTTP contract through @contract/, and declared packages only', () => {
    const bad = violations('ui/src', (specifier, target) => {
      if (target !== undefined) return target.startsWith('ui/');
      if (specifier.startsWith('@/') || specifier.startsWith('@contract/')) return true;
      return DECLARED.has(packageOf(specifier));
    });
    expect(bad).toEqual([]);
  });

  it("core's modules import each other without a cycle", () => {
    expect(cyclesOf(coreModuleGraph())).toEqual([]);
  });

  it('memberships depend on purchases, and purchases on nothing of memberships', () => {
    const graph = coreModuleGraph();
    expect(graph.get('memberships')?.has('purchases')).toBe(true);
    expect(graph.get('purchases')?.has('memberships')).toBe(false);
  });

  it('each file in core/*/use-cases is one class with one public method, execute; no constructor takes more than four', () => {
    const bad = sourceFiles(join(ROOT, 'core'))
      .filter((file) => !file.endsWith('.test.ts'))
      .flatMap((file) => useCaseViolations(relative(ROOT, file), readFileSync(file, 'utf8')));
    expect(bad).toEqual([]);
    const twoPublic =
      'export class A {\n  constructor(private readonly a: A, b = () => {}) {}\n  execute() {}\n  other(x: Map<string, number>) {}\n}\n';
    expect(useCaseViolations('core/m/use-cases/a.ts', twoPublic)).toEqual([
      'core/m/use-cases/a.ts: A has public execute, other',
    ]);
    const wide =
      'class B {\n  constructor(a: A, b: B, c: C<D, E>, d: D, e = "{") {}\n  private x() {}\n  async *execute() {}\n}\nclass C {}\n';
    expect(useCaseViolations('core/m/use-cases/b.ts', wide)).toEqual([
      'core/m/use-cases/b.ts: B takes 5 parameters, not one deps object',
      'core/m/use-cases/b.ts declares 2 classes, not one use case',
      'core/m/use-cases/b.ts: C has public nothing',
    ]);
    expect(useCaseViolations('core/m/model/b.ts', wide)).toEqual([
      'core/m/model/b.ts: B takes 5 parameters, not one deps object',
    ]);
  });

  it('the checker itself catches a forbidden import, a cycle and an undeclared package', () => {
    expect(
      importsOf("import { MikroORM } from '@mikro-orm/core';\nconst x = await import('../adapters/x.ts');"),
    ).toEqual(['@mikro-orm/core', '../adapters/x.ts']);
    const graph = new Map([
      ['tokens', new Set(['users'])],
      ['users', new Set(['shared', 'tokens'])],
      ['shared', new Set<string>()],
      ['purchases', new Set(['delivery'])],
      ['delivery', new Set(['memberships'])],
      ['memberships', new Set(['purchases'])],
    ]);
    expect(cyclesOf(graph)).toEqual(['delivery -> memberships -> purchases -> delivery', 'tokens -> users -> tokens']);
    expect(coreModuleOf('core/index.ts')).toBeUndefined();
    expect(coreModuleOf('core/applications/model/kinds/staff.ts')).toBe('applications');
    expect(DECLARED.has(packageOf('@radix-ui/react-dialog'))).toBe(true);
    expect(DECLARED.has(packageOf('@core/purchases'))).toBe(false);
  });
});

/**
 * An adapter unit is a folder directly under adapters/ (the HTTP contract apart from the rest of http/, as the UI
 * shares it) or a file directly in adapters/ (compose.ts, config.ts, logger.ts).
 */
function adapterUnitOf(path: string): string | undefined {
  const parts = path.split('/');
  if (parts[0] !== 'adapters' || parts.length < 2) return undefined;
  return parts[1] === 'http' && parts[2] === 'contract' ? 'http/contract' : parts[1];
}

interface AdapterImport {
  from: string;
  to: string;
  /** only `import type` may cross: the importer implements or names an interface, and runs none of the other's code */
  typesOnly?: boolean;
}

/** The adapter-to-adapter imports allowed, by unit ('*': any unit); decision 0084 gives the reason for each. */
const DECLARED_ADAPTER_IMPORTS: readonly AdapterImport[] = [
  { from: 'compose.ts', to: '*' },
  { from: '*', to: 'config.ts' },
  { from: '*', to: 'config-error.ts' },
  { from: '*', to: 'logger.ts' },
  { from: 'http', to: 'http/contract' },
  { from: 'export', to: 'http/contract' },
  { from: 'http', to: 'compose.ts' },
  { from: 'http', to: 'export' },
  { from: 'http', to: 'identity' },
  { from: 'http', to: 'payments', typesOnly: true },
  { from: 'http', to: 'persistence' },
  { from: 'persistence', to: 'payments', typesOnly: true },
  { from: 'memory', to: 'payments', typesOnly: true },
  { from: 'memory', to: 'persistence' },
  { from: 'scheduling', to: 'persistence' },
];

interface ImportStatement {
  specifier: string;
  typesOnly: boolean;
  /** the local names of the values it brings in (a type-only name excluded) */
  values: string[];
}

/** every import and re-export of a source, with whether it brings types only and which value names */
function importStatementsOf(source: string): ImportStatement[] {
  const found: ImportStatement[] = [];
  const statics = /(?:^|[\n;])\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(statics)) {
    const clause = match[3];
    const braces = /\{([^}]*)\}/.exec(clause);
    const named = (braces?.[1] ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const defaultName = /^([A-Za-z_$][\w$]*)/.exec(clause.replace(/^\{[^}]*\}/, ''))?.[1];
    const values = match[2]
      ? []
      : [
          ...named.filter((part) => !part.startsWith('type ')).map((part) => part.split(/\s+as\s+/).pop() ?? part),
          ...(defaultName && match[1] === 'import' ? [defaultName] : []),
          ...(/\*\s+as\s+([\w$]+)/.exec(clause)?.slice(1) ?? []),
        ];
    const typesOnly = match[2] !== undefined || (braces !== null && !defaultName && values.length === 0);
    found.push({ specifier: match[4], typesOnly, values });
  }
  for (const match of source.matchAll(/import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[\n;])\s*import\s+['"]([^'"]+)['"]/g))
    found.push({ specifier: match[1] ?? match[2], typesOnly: false, values: [] });
  return found;
}

/**
 * The adapter imports a set of files makes that no declared pair allows, and the adapters built outside the
 * composition root from another unit's classes, each naming the importing file and the imported one.
 */
function adapterViolations(files: ReadonlyArray<{ path: string; source: string }>): string[] {
  const found: string[] = [];
  for (const { path, source } of files) {
    const from = adapterUnitOf(path);
    if (!from) continue;
    for (const statement of importStatementsOf(source)) {
      if (!statement.specifier.startsWith('.')) continue;
      const target = relative(ROOT, resolve(ROOT, dirname(path), statement.specifier));
      const to = adapterUnitOf(target);
      if (!to || to === from) continue;
      const pairs = DECLARED_ADAPTER_IMPORTS.filter(
        (pair) => (pair.from === '*' || pair.from === from) && (pair.to === '*' || pair.to === to),
      );
      if (pairs.length === 0) {
        found.push(`${path} imports ${target}: ${from} -> ${to} is not a declared adapter import`);
        continue;
      }
      if (!statement.typesOnly && pairs.every((pair) => pair.typesOnly)) {
        found.push(`${path} imports ${target}: ${from} -> ${to} may import types only`);
        continue;
      }
      if (from === 'compose.ts') continue;
      // throwing another unit's error is not building an adapter
      for (const name of statement.values.filter((value) => !value.endsWith('Error'))) {
        if (new RegExp(`\\bnew\\s+${name.replace(/\$/g, '\\$')}\\b`).test(source))
          found.push(`${path} builds ${name} of ${target}: only adapters/compose.ts builds another unit's adapters`);
      }
    }
  }
  return found;
}

describe('adapter boundaries', () => {
  it('adapters import each other only along the declared pairs, and only compose.ts builds another folder’s', () => {
    const files = sourceFiles(join(ROOT, 'adapters')).map((file) => ({
      path: relative(ROOT, file),
      source: readFileSync(file, 'utf8'),
    }));
    expect(adapterViolations(files)).toEqual([]);
  });

  it('the adapter checker names the importing and the imported file of each import it refuses', () => {
    expect(
      adapterViolations([
        {
          path: 'adapters/payments/payment-adapters.ts',
          source: [
            "import type { Config } from '../config.ts';",
            "import { MikroOrmPurchaseRepository } from '../persistence/mikro-orm-purchase-repository.ts';",
          ].join('\n'),
        },
        {
          path: 'adapters/persistence/mikro-orm-stripe-customers.ts',
          source: "import { StripeSubscriptionGateway } from '../payments/stripe-subscription-gateway.ts';",
        },
        {
          path: 'adapters/persistence/mikro-orm-demo-intent-store.ts',
          source:
            "import {\n  type DemoIntent,\n  type DemoIntentStore,\n} from '../payments/demo-payment-gateway.ts';",
        },
        {
          path: 'adapters/http/app.ts',
          source: [
            "import { Database } from '../persistence/database.ts';",
            "import { csvLines } from '../export/csv.ts';",
            "import { ConfigError } from '../config-error.ts';",
            'const database = new Database();',
            "throw new ConfigError('PORT');",
          ].join('\n'),
        },
        { path: 'adapters/discord/delivery-worker.ts', source: "const http = await import('../http/app.ts');" },
        {
          path: 'adapters/compose.ts',
          source: "import { Database } from './persistence/database.ts';\nnew Database();",
        },
      ]),
    ).toEqual([
      'adapters/payments/payment-adapters.ts imports adapters/persistence/mikro-orm-purchase-repository.ts: payments -> persistence is not a declared adapter import',
      'adapters/persistence/mikro-orm-stripe-customers.ts imports adapters/payments/stripe-subscription-gateway.ts: persistence -> payments may import types only',
      "adapters/http/app.ts builds Database of adapters/persistence/database.ts: only adapters/compose.ts builds another unit's adapters",
      'adapters/discord/delivery-worker.ts imports adapters/http/app.ts: discord -> http is not a declared adapter import',
    ]);
    expect(adapterUnitOf('adapters/http/contract/payments.ts')).toBe('http/contract');
    expect(adapterUnitOf('adapters/http/routes/payments.ts')).toBe('http');
    expect(adapterUnitOf('core/index.ts')).toBeUndefined();
  });
});
