import { useState } from 'react';
import { usePrerenderingOrHydrating } from '@/lib/hydration.ts';
import { flavourPhrase, type FlavourKey } from './phrases.ts';

const first = () => 0;

/**
 * One random phrase for the key, held for the life of the component so it does not change on every render; on a page
 * the build prerendered, the key's first phrase, as the build prerendered it, so the hydrated page matches its HTML.
 */
export function useFlavourPhrase(key: FlavourKey | string): string {
  const prerendered = usePrerenderingOrHydrating();
  const [phrase] = useState(() => flavourPhrase(key, prerendered ? first : Math.random));
  return phrase;
}
