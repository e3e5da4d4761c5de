/*
 * The values of the privacy contract the account page uses, in a module without zod: the page loads no schema.
 */
export { ERASURE_CONFIRMATION_WORD, ERASURE_NOTICE } from '../../../core/privacy/model/erasure-notice.ts';

/** The download's file name: the site, the account's id (never a name) and the day it was made (ISO 8601). */
export const personalDataFileName = (accountId: string, exportedAt: string) =>
  `bayou-roleplay-data-${accountId}-${exportedAt.slice(0, 10)}.json`;
