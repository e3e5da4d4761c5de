import { useState, useSyncExternalStore } from 'react';
import { flavourPhrase, type FlavourKey } from './phrases.ts';

const first = () => 0;
const unchanging = () => () => {};

/**
 * True while the page is drawn as HTML (the build's prerender) and while the browser adopts that HTML (hydration):
 * React reads the server snapshot in both, and the browser's own snapshot everywhere else.
 */
const useDrawingPrerendered = () =>
  useSyncExternalStore(
    unchanging,
    () => false,
    () => true,
  );

/**
 * One random phrase for the key, kept for the life of the component so it does not change on every render; on a page
 * the build prerendered, the key's first phrase, as the build drew it, so the adopted page matches its HTML.
 */
export function useFlavourPhrase(key: FlavourKey | string): string {
  const prerendered = useDrawingPrerendered();
  const [phrase] = useState(() => flavourPhrase(key, prerendered ? first : Math.random));
  return phrase;
}
