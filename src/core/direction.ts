/**
 * Which way is better, per case: from the unit when it says (a rate is better bigger, a time, a
 * size or a count per operation smaller), else from the format, and overridable per case by the
 * `direction-overrides` input. Pure.
 */
import { InputError, type Direction } from './model.js';
import { parseUnit } from './units.js';

/** Counts whose fewer is better even without a `per` (`allocs`, `cycles`). */
const COSTLY_NOUNS = new Set(['alloc', 'cycle', 'instruction', 'miss', 'fault', 'gc', 'error', 'failure', 'retry']);

/**
 * The direction a unit implies, or undefined when it does not say (`Percent`, `req`, a custom
 * word): rates bigger; times, sizes, counts per operation and costly counts smaller.
 */
export function directionOfUnit(unit: string): Direction | undefined {
  const u = parseUnit(unit);
  if (u.perSeconds !== undefined) return u.kind === 'percent' ? undefined : 'bigger';
  if (u.kind === 'time' || u.kind === 'bytes') return 'smaller';
  if (u.kind === 'count' && (u.per !== undefined || COSTLY_NOUNS.has(u.noun))) return 'smaller';
  return undefined;
}

/** The unit's direction when it implies one, else the format's. */
export function directionFor(unit: string, formatDefault: Direction): Direction {
  return directionOfUnit(unit) ?? formatDefault;
}

/** One line of the `direction-overrides` input. */
export interface DirectionOverride {
  /** The case name or glob as written (`*` any text, `?` one character). */
  readonly pattern: string;
  readonly direction: Direction;
  /** 1-based line in the input, for messages. */
  readonly line: number;
  readonly test: (caseName: string) => boolean;
}

/** A test for a case name or glob (`*` any text, `?` one character), as direction-overrides and control-cases read them. */
export function globTest(pattern: string): (name: string) => boolean {
  if (!/[*?]/.test(pattern)) return (name) => name === pattern;
  const source = pattern
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[\\^$.+()[\]{}|]/g, '\\$&')))
    .join('');
  const re = new RegExp(`^${source}$`, 's');
  return (name) => re.test(name);
}

/**
 * Parses `direction-overrides`: one `<case name or glob>: bigger|smaller` per line, blank lines and
 * `#` comments skipped. The last colon separates, so case names may hold colons
 * (`pytest / bench.py::test_fib: bigger`). Refusals name the input (`source`) and the line.
 */
export function parseDirectionOverrides(text: string, source = 'direction-overrides'): DirectionOverride[] {
  const out: DirectionOverride[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const colon = line.lastIndexOf(':');
    const pattern = colon < 0 ? '' : line.slice(0, colon).trim();
    const word = colon < 0 ? '' : line.slice(colon + 1).trim().toLowerCase();
    if (pattern === '') {
      throw new InputError(`${source}: line ${i + 1} must read "<case name or glob>: bigger" or "...: smaller", got ${JSON.stringify(line)}`);
    }
    if (word !== 'bigger' && word !== 'smaller') {
      throw new InputError(`${source}: line ${i + 1} says ${JSON.stringify(line.slice(colon + 1).trim())} for ${JSON.stringify(pattern)}; the direction must be bigger or smaller`);
    }
    out.push({ pattern, direction: word, line: i + 1, test: globTest(pattern) });
  });
  return out;
}

/** The override that decides a case: the last line that matches it, as in .gitattributes. */
function decide(caseName: string, overrides: readonly DirectionOverride[]): DirectionOverride | undefined {
  for (let i = overrides.length - 1; i >= 0; i--) {
    const o = overrides[i] as DirectionOverride;
    if (o.test(caseName)) return o;
  }
  return undefined;
}

/**
 * Whether some override names a case: such a case's direction is the user's choice, so a
 * disagreement of its unit with its format is settled and not warned about.
 */
export function decidedBy(overrides: readonly DirectionOverride[]): (caseName: string) => boolean {
  return (caseName) => decide(caseName, overrides) !== undefined;
}

/** Points (or anything with a case and a direction) with the overrides applied; the input is not changed. */
export function applyDirectionOverrides<T extends { readonly case: string; readonly direction: Direction }>(
  points: readonly T[],
  overrides: readonly DirectionOverride[],
): T[] {
  if (overrides.length === 0) return [...points];
  return points.map((p) => {
    const o = decide(p.case, overrides);
    return o && o.direction !== p.direction ? { ...p, direction: o.direction } : p;
  });
}

/**
 * Override lines that matched no case: worth a warning, since an override that covers nothing
 * reads exactly like one that worked.
 */
export function overridesMatchingNothing(
  points: readonly { readonly case: string }[],
  overrides: readonly DirectionOverride[],
): DirectionOverride[] {
  return overrides.filter((o) => !points.some((p) => o.test(p.case)));
}
