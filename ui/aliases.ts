import { fileURLToPath } from 'node:url';

/** The UI's import aliases (tsconfig.json's `paths` says the same to the type checker). */
export const uiAliases = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
  { find: /^@contract\//, replacement: fileURLToPath(new URL('../adapters/http/contract/', import.meta.url)) },
];
