/** What other features may use of this one; everything else here is its own. */
export { accountKeys } from './api/account.ts';
export { creatorCodeText, tokensText } from './components/format.ts';
