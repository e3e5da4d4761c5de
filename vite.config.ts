import react from '@vitejs/plugin-react';
import tailwindcss from 'tailwindcss';
import { defineConfig, type Plugin } from 'vite';
import { indexHtml } from './scripts/index-html-plugin.ts';
import { prerenderPages } from './scripts/prerender-plugin.ts';
import tailwindConfig from './tailwind.config.ts';
import { uiAliases } from './ui/aliases.ts';

/** the headings' font, Playfair Display 700 cut to the headings' characters (ui/src/styles.css); the build hashes its name */
const HEADING_FONT = /playfair-display-700-headings[-.\w]*\.woff2$/;

/** index.html preloads the headings' font, so it downloads beside the CSS instead of after the CSS has been read. */
function preloadHeadingFont(): Plugin {
  return {
    name: 'preload-heading-font',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => {
        if (!context.bundle) return html;
        const font = Object.keys(context.bundle).find((file) => HEADING_FONT.test(file));
        if (!font) throw new Error('The build has no Playfair Display 700 font file to preload');
        const attrs = { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' };
        return { html, tags: [{ tag: 'link', attrs, injectTo: 'head' }] };
      },
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

export default defineConfig({
  root: 'ui',
  resolve: { alias: uiAliases },
  envPrefix: 'SITE_',
  plugins: [react(), indexHtml(), preloadHeadingFont(), prerenderPages()],
  css: { postcss: { plugins: [tailwindcss(tailwindConfig)] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    target: 'es2022',
    // The site has one stylesheet, which every page's HTML carries (linked, or written inline in a page the build
    // drew): no lazily loaded chunk links it again, which would make the browser restyle the whole page.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // The libraries the entry needs, each a chunk of its own: a page the build drew loads them one per task
        // (scripts/prerender-plugin.ts), so evaluating them is several short tasks rather than one long one.
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'react', test: /[\\/]node_modules[\\/]react[\\/]/, priority: 2 },
            { name: 'router', test: /[\\/]node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 2 },
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            // the schema library in one chunk of its own: a page that validates nothing (the account page's dialogs)
            // never loads it beside a component it shares a chunk with, nor runs its start-up probe of eval
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
