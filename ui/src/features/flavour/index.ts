/** What other features may use of this one; everything else here is its own. */
export { useFlavourPhrase } from './use-flavour-phrase.ts';
