import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HEADING_FONT_OUTPUT, headingCharacters, subsetHeadingFont } from '../../scripts/subset-heading-font.ts';

describe('the headings font', () => {
  it('is the package font cut to the headings characters, as committed (npm run font:subset rewrites it)', async () => {
    const committed = readFileSync(HEADING_FONT_OUTPUT);
    expect(Buffer.compare(await subsetHeadingFont(), committed)).toBe(0);
    // small enough to preload on every page
    expect(committed.length).toBeLessThan(20_000);
  });

  it('covers the brand and the accents of Louisiana names', () => {
    for (const character of 'Bayou Roleplay $0-9 Évangéline Thibodeaux’s “Café”')
      expect(headingCharacters()).toContain(character);
  });
});
