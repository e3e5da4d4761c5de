import react from '@vitejs/plugin-react';
import tailwindcss from 'tailwindcss';
import { defineConfig } from 'vite';
import { indexHtml } from './scripts/index-html-plugin.ts';
import tailwindConfig from './tailwind.config.ts';
import { uiAliases } from './ui/aliases.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

export default defineConfig({
  root: 'ui',
  resolve: { alias: uiAliases },
  envPrefix: 'SITE_',
  plugins: [react(), indexHtml()],
  css: { postcss: { plugins: [tailwindcss(tailwindConfig)] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    target: 'es2022',
    // Icons shared by several pages go in one chunk: one request instead of one per icon.
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'icons', test: /node_modules[\\/]lucide-react/ }] } },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
