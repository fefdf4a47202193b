/**
 * Aligned columns for a terminal: the plain-text counterpart of a markdown table. Cells are taken
 * as they are (no escaping: a terminal shows characters, not markup); line breaks inside a cell
 * would break the row, so they become spaces.
 */
import { isolate } from './text.js';

export type Align = 'left' | 'right';

/**
 * Width as a terminal counts it for the text these reports hold: one column per code point, none
 * for a format character (U+202E, the isolates around a name) or a combining mark, which take no
 * column of their own.
 */
function width(text: string): number {
  return [...text.replace(/[\p{Cf}\p{Mn}\p{Me}]/gu, '')].length;
}

function flat(text: string): string {
  return text.replace(/[\r\n\u001b]+/g, ' ');
}

/** The header and rows as lines, columns two spaces apart; the last column is never padded. */
export function textTable(head: readonly string[], rows: readonly (readonly string[])[], align: readonly Align[] = []): string[] {
  // Each cell isolated: a right-to-left name in one column cannot turn the columns after it round.
  const all = [head, ...rows].map((r) => r.map((c) => isolate(flat(c))));
  // A fold: a spread over a table of some 120,000 rows would overflow the stack.
  const widths = head.map((_, i) => all.reduce((w, r) => Math.max(w, width(r[i] ?? '')), 0));
  const line = (r: readonly string[]) =>
    r
      .map((c, i) => {
        const pad = ' '.repeat(Math.max(0, (widths[i] as number) - width(c)));
        if (align[i] === 'right') return pad + c;
        return i === r.length - 1 ? c : c + pad;
      })
      .join('  ')
      .trimEnd();
  return all.map(line);
}
