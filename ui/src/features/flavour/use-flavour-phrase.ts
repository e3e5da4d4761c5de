import { useState } from 'react';
import { flavourPhrase, type FlavourKey } from './phrases.ts';

/** One random phrase for the key, kept for the life of the component so it does not change on every render. */
export function useFlavourPhrase(key: FlavourKey | string): string {
  const [phrase] = useState(() => flavourPhrase(key));
  return phrase;
}
