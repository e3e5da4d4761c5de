import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config.ts';
import { UI_BUILD_SOURCES, withEnv } from '../../scripts/ui-build.ts';
import { uiAliases } from '../../ui/aliases.ts';

const NAME = 'BAYOU_UI_BUILD_PROBE';

describe('the UI build step of npm start', () => {
  afterEach(() => {
    delete process.env[NAME];
  });

  it('leaves an unset variable unset, so a first start on a fresh clone still loads its configuration', async () => {
    let during: string | undefined;
    await withEnv(NAME, 'production', async () => {
      during = process.env[NAME];
    });
    expect(during).toBe('production');
    expect(Object.hasOwn(process.env, NAME)).toBe(false);
    // what the configuration would have seen had the variable been NODE_ENV
    expect(() => loadConfig({ NODE_ENV: process.env[NAME], PORT: '0' })).not.toThrow();
  });

  it('puts a set variable back, even when the work fails', async () => {
    process.env[NAME] = 'test';
    await expect(withEnv(NAME, 'production', async () => Promise.reject(new Error('build failed')))).rejects.toThrow(
      'build failed',
    );
    expect(process.env[NAME]).toBe('test');
  });

  it('builds again when any file the UI imports changes: every file reached from ui/src is one it watches', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
      });
    const target = (from: string, specifier: string): string | null => {
      const alias = uiAliases.find((entry) => entry.find.test(specifier));
      const base = alias
        ? specifier.replace(alias.find, alias.replacement)
        : specifier.startsWith('.')
          ? resolve(dirname(from), specifier)
          : null;
      if (!base) return null; // a package: package-lock.json stands for it
      const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
        (path) => existsSync(path) && statSync(path).isFile(),
      );
      return found ? relative(process.cwd(), found) : null;
    };
    const reached = new Set<string>();
    const queue = files('ui/src').filter((path) => !/\.test\.tsx?$/.test(path));
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (reached.has(file)) continue;
      reached.add(file);
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        const next = target(file, specifier);
        if (next && /\.tsx?$/.test(next)) queue.push(next);
      }
    }
    const watched = (path: string) =>
      UI_BUILD_SOURCES.some((source) => path === source || path.startsWith(`${source}/`));
    expect([...reached].filter((path) => !watched(path))).toEqual([]);
    // the walk did follow the contract into the core
    expect([...reached].some((path) => path.startsWith('core/'))).toBe(true);
  });
});
