/**
 * `npm run font:subset`: writes the headings' font, Playfair Display 700 from @fontsource/playfair-display, cut down to
 * the characters the site's headings use (Basic Latin, the French accents of Louisiana names, common punctuation). Every page preloads it, so each byte
 * counts on a phone's first visit; anything outside the set falls back to Georgia. Run it again after updating the
 * package; the output is committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import subsetFont from 'subset-font';

export const HEADING_FONT_SOURCE =
  'node_modules/@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2';
export const HEADING_FONT_OUTPUT = 'ui/src/assets/fonts/playfair-display-700-headings.woff2';

/** U+0020-007E, the accents of Louisiana French and the punctuation headings use */
export function headingCharacters(): string {
  let text = '\u00a0';
  for (let code = 0x20; code <= 0x7e; code++) text += String.fromCharCode(code);
  return `${text}àâçèéêëîïôùûüÀÂÇÈÉÊÎÔÛ\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u2022`;
}

export async function subsetHeadingFont(): Promise<Buffer> {
  return subsetFont(readFileSync(HEADING_FONT_SOURCE), headingCharacters(), { targetFormat: 'woff2' });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const font = await subsetHeadingFont();
  writeFileSync(HEADING_FONT_OUTPUT, font);
  console.log(`${HEADING_FONT_OUTPUT}: ${font.length} bytes (from ${readFileSync(HEADING_FONT_SOURCE).length})`);
}
