/**
 * Words for changes, shared by every renderer (CLI text and markdown, comments, summary, page):
 * a change is shown with its real sign, the way the numbers moved, and a word saying whether
 * that is better or worse, so `24300 -> 22000 Hz` reads `-9.5% worse`, never `+9.4%`.
 */
import type { Direction } from '../model.js';
import { signedPercent } from '../format-number.js';

/** Where a reason sends a maintainer for the method's details: the limit's and the scan's reasons end with it. */
export const DETAILS = ' (details: docs/alerts.md)';

/** A reason without its closing link to the method (DETAILS), and whether it had one. */
export function withoutDetails(reason: string): { readonly text: string; readonly linked: boolean } {
  const linked = reason.endsWith(DETAILS);
  return { text: linked ? reason.slice(0, -DETAILS.length) : reason, linked };
}

// Kept here too: every renderer takes its words from this module.
export { signedPercent };

/** Signed relative change of `value` against `base` (value / base − 1), whatever the direction. */
export function signedChange(value: number, base: number): number {
  return value / base - 1;
}

/** `worse`, `better` or `unchanged` for a signed change in a case of the given direction. */
export function changeWord(signed: number, direction: Direction): 'worse' | 'better' | 'unchanged' {
  if (signed === 0) return 'unchanged';
  return (signed > 0) === (direction === 'smaller') ? 'worse' : 'better';
}

/** `-9.5% worse`, `+12% better`: the change from `base` to `value` in plain words. */
export function describeChange(value: number, base: number, direction: Direction): string {
  if (base === 0) return value === 0 ? 'unchanged' : `from 0, ${changeWord(value, direction)}`;
  return inWords(signedChange(value, base), direction);
}

/** A signed change in words; one too small to show a digit of reads `unchanged`, not `0% worse`. */
function inWords(s: number, direction: Direction): string {
  const text = signedPercent(s);
  const word = changeWord(s, direction);
  return word === 'unchanged' || text === '0%' ? 'unchanged' : `${text} ${word}`;
}

/** What a step from zero reads as: it has no finite ratio, so its alert stores no change. */
export const FROM_ZERO = 'worse, from 0';

/**
 * A stored alert's change in words, or undefined when it has none to tell: a regression without
 * one is a step from zero; a change point without one (written before changes were stored) says
 * nothing.
 */
export function alertChangeWords(alert: { readonly kind: string; readonly change?: number | undefined }, direction: Direction): string | undefined {
  return alert.change !== undefined || alert.kind === 'regression' ? describeWorseChange(alert.change, direction) : undefined;
}

/**
 * The same from a stored "positive when worse" fraction (manifest.alerts, regressions-json);
 * an alert without one (undefined, null) is a step from zero.
 */
export function describeWorseChange(worse: number | undefined | null, direction: Direction): string {
  if (worse === undefined || worse === null || !Number.isFinite(worse)) return FROM_ZERO;
  // worse = value/base − 1 for smaller-is-better, 1 − value/base for bigger-is-better.
  return inWords(direction === 'smaller' ? worse : -worse, direction);
}

/**
 * A reason without the change it opens with, where that change is shown beside it already (the
 * Change column of a table, the words before it on the page): "+60% worse: 3 commits in a row are
 * above 48.64 s…" reads "3 commits in a row are above 48.64 s…" there. A reason that opens with
 * anything else is kept whole; stored reasons and JSON keep the full sentence.
 */
export function reasonBeside(reason: string, change: string): string {
  const lead = `${change}: `;
  return reason.startsWith(lead) && reason.length > lead.length ? reason.slice(lead.length) : reason;
}
