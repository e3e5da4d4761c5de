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
