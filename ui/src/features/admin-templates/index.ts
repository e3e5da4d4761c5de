/** What other features may use of this one; everything else here is its own. */
export { templateKeys } from './api/templates.ts';
