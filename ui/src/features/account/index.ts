/** What other features may use of this one; everything else here is its own. */
export { accountKeys } from './api/account.ts';
export { tokensText } from './components/format.ts';
