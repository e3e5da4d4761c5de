/**
 * Stored text (names, notes, answers, error messages) reaches the terminal only through these functions, so a
 * value cannot move the cursor, retitle the window, hide what follows it or forge a line of its own.
 */

// Whole escape sequences, so their parameters do not stay behind as noise:
//   CSI (ESC [ or 0x9B): parameter bytes, intermediate bytes, one final byte, e.g. ESC[31m;
//   OSC, DCS, SOS, PM, APC (ESC ] P X ^ _ or their C1 forms): a string up to BEL or ST (ESC \ or 0x9C),
//     e.g. ESC]0;title BEL (an unterminated one loses only its introducer);
//   any other escape: ESC, intermediate bytes, one final byte, e.g. ESC(B or ESC#8.
const ESCAPE_SEQUENCE = new RegExp(
  [
    '(?:\\x1b\\[|\\x9b)[\\x30-\\x3f]*[\\x20-\\x2f]*[\\x40-\\x7e]',
    '(?:\\x1b[\\]PX^_]|[\\x90\\x98\\x9d\\x9e\\x9f])[^\\x07\\x1b\\x90\\x98\\x9c-\\x9f]*(?:\\x07|\\x1b\\\\|\\x9c)',
    '\\x1b[\\x20-\\x2f]*[\\x30-\\x7e]',
  ].join('|'),
  'g',
);

/** C0 controls but tab and newline, DEL, and C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

const LINE_BREAKS = /[\t\n]+/g;

/** Free text for the terminal: escape sequences and control characters removed; newlines and tabs stay. */
export function terminalText(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(CONTROL, '');
}

/** A value that must stay on its line (a table cell, a name): as terminalText, with tabs and newlines as one space. */
export function oneLine(value: string | null | undefined): string {
  return terminalText(value ?? '').replace(LINE_BREAKS, ' ');
}

/** A long answer in a labelled view: continuation lines are indented under the value, so none passes for a label. */
export function indented(value: string | null | undefined, width: number): string {
  return terminalText(value ?? '').replace(/\n/g, `\n${' '.repeat(width)}`);
}

/**
 * JSON for the terminal. JSON.stringify already escapes C0 controls; DEL and C1 controls are escaped too
 * (\u007f to \u009f), so the text stays exact for a parser and inert for a terminal.
 */
export function terminalJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /[\x7f-\x9f]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
