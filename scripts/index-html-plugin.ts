import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { brand } from '../ui/src/config/brand.ts';
import { paths } from '../ui/src/config/paths.ts';

const UI_SOURCES = resolve('ui/src');
const ROUTER = resolve(UI_SOURCES, 'app/router.tsx');
/** `page(paths.jobs, () => import('@/features/jobs/components/jobs-page.tsx'))` in the router */
const LAZY_ROUTE = /page\(\s*paths\.(\w+),\s*\(\)\s*=>\s*import\('([^']+)'\)\s*\)/g;

interface Chunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
}

/**
 * Finishes the UI build:
 * - `%BRAND_NAME%` in index.html becomes the brand name (SITE_BRAND_NAME or the default), for the title and the header
 *   painted before the scripts run;
 * - route-preloads.json lists, for each lazily loaded route, its page chunk and the chunks that page imports beyond the
 *   entry's. The server names them in index.html, so a page's code downloads beside the entry instead of after it.
 */
export function indexHtml(): Plugin {
  return {
    name: 'index-html',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replaceAll('%BRAND_NAME%', escapeHtml(brand.name)),
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is typeof item & Chunk => item.type === 'chunk',
      ) as unknown as Chunk[];
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: string[], seen = new Set<string>()) => {
        for (const file of start) {
          if (seen.has(file)) continue;
          seen.add(file);
          closure(byFile.get(file)?.imports ?? [], seen);
        }
        return seen;
      };
      const loaded = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const routePaths = paths as Record<string, string>;
      const preloads: Record<string, string[]> = {};
      for (const [, key, specifier] of readFileSync(ROUTER, 'utf8').matchAll(LAZY_ROUTE)) {
        const module = specifier.startsWith('@/')
          ? resolve(UI_SOURCES, specifier.slice(2))
          : resolve(dirname(ROUTER), specifier);
        const page = chunks.find((chunk) => chunk.facadeModuleId === module);
        if (!page || !routePaths[key]) throw new Error(`No page chunk for paths.${key} (${specifier})`);
        preloads[routePaths[key]] = [...closure([page.fileName])].filter((file) => !loaded.has(file));
      }
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
