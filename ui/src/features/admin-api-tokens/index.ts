/** What other features may use of this one; everything else here is its own. */
export { apiTokenKeys } from './api/api-tokens.ts';
