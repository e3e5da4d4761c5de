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

describe('module boundaries', () => {
  it('core imports nothing outside core but zod and Node built-ins', () => {
    const bad = violations('core', (specifier, target) =>
      target !== undefined
        ? target.startsWith('core/')
        : BUILTINS.has(specifier.replace(/^node:/, '')) || specifier === 'zod' || specifier === 'vitest',
    );
    expect(bad).toEqual([]);
  });

  it('the UI imports no server code but the HTTP contract', () => {
    const bad = violations(
      'ui/src',
      (_specifier, target) =>
        target === undefined || target.startsWith('ui/') || target.startsWith('adapters/http/contract/'),
    );
    expect(bad).toEqual([]);
  });

  it('the checker itself catches a forbidden import', () => {
    expect(
      importsOf("import { MikroORM } from '@mikro-orm/core';\nconst x = await import('../adapters/x.ts');"),
    ).toEqual(['@mikro-orm/core', '../adapters/x.ts']);
  });
});
