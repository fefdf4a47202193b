// How numbers are spelled in messages, reasons and tables: one spelling everywhere, so a value in
// an alert reason reads the same as in the comment and the job summary.
import { COUNT, unitScale } from './magnitude.js';

/** A short human spelling of a number: `sig` significant digits, no trailing zeros, no exponent below 1e21. */
export function shortNumber(x: number, sig = 4): string {
  if (!Number.isFinite(x)) return String(x);
  if (x === 0) return '0';
  return String(Number(x.toPrecision(sig)));
}

/** A fraction as a percent with its real sign: `+12%`, `-3.4%`, one decimal below 10%. */
export function signedPercent(x: number): string {
  const v = x * 100;
  // Rounded first, so 9.99…% reads 10%, not 10.0%.
  const digits = Number(Math.abs(v).toFixed(1)) >= 10 ? 0 : 1;
  let text = Math.abs(v).toFixed(digits);
  if (Number(text) === 0) return '0%';
  // A fall to a sliver of the base is not a fall to zero: minetest's 198700 -> 409.9 ns read -100%.
  if (v < 0 && v > -100 && Number(text) >= 100) text = Math.min(99.9, Number(Math.abs(v).toFixed(1))).toFixed(1);
  return `${v > 0 ? '+' : '-'}${text}%`;
}

/** Values of one unit written side by side, in the one scale that suits the largest of them. */
export interface TextScale {
  /** The unit to print after the numbers: `s` for data in `ns` whose magnitude is seconds. */
  readonly unit: string;
  number(x: number): string;
}

/** Counts and rates below this read plainly in a sentence; the chart's axes prefix from 1,000. */
const PREFIX_FROM = 1e6;

/**
 * Times and sizes in the unit that puts `magnitude` between 1 and 1000, as the chart draws them:
 * 3263000000 ns reads 3.263 s and 0.00042 s reads 420 µs. Counts and rates keep the tool's unit,
 * their numbers from a million up carrying M, G or T (174300000 ops/sec reads 174.3M ops/sec),
 * where four significant digits would leave a row of zeros. A zero or non-finite magnitude keeps
 * the data's unit.
 */
export function textScale(unit: string, magnitude: number): TextScale {
  const plain: TextScale = { unit, number: (x) => shortNumber(x) };
  if (!Number.isFinite(magnitude) || magnitude === 0) return plain;
  const scale = unitScale(unit, magnitude);
  const divisor = scale?.divisor ?? 1;
  // Only past the largest time or byte unit can a scaled magnitude reach a million (2556000 h):
  // its number then takes a prefix, as a count's does and as the chart writes it (2.556M h).
  const count = prefixOf(Math.abs(magnitude) / divisor);
  if (!count) return !scale || divisor === 1 ? plain : { unit: scale.label, number: (x) => shortNumber(x / divisor) };
  return { unit: scale?.label ?? unit, number: (x) => (x === 0 ? '0' : `${shortNumber(x / divisor / count.size)}${count.prefix}`) };
}

/** The prefix a number of this magnitude carries in a sentence; the edge is where four significant digits round up to it: 999999 reads 1M. */
function prefixOf(magnitude: number): (typeof COUNT)[number] | undefined {
  return COUNT.find((c) => c.size >= PREFIX_FROM && magnitude >= c.size * 0.99995);
}

/** One value and its unit, scaled as `textScale` does: `3.263 s`, `2.98 GiB`, `24300 Hz`, `174.3M ops/sec`. */
export function quantity(x: number, unit: string): string {
  const scale = textScale(unit, x);
  return unit === '' ? scale.number(x) : `${scale.number(x)} ${scale.unit}`;
}

/** The largest magnitude of some values, ignoring the ones that are not numbers. */
export function largest(...xs: readonly (number | undefined)[]): number {
  let m = 0;
  for (const x of xs) if (x !== undefined && Number.isFinite(x)) m = Math.max(m, Math.abs(x));
  return m;
}

/**
 * A value with its unit, and its band (quartiles) when given, all in the scale of the largest:
 * `1.02 s (0.98–1.05)`. `esc` escapes the unit for where it goes (markdown); a value that is not
 * a number reads `—`.
 */
export function valueWithBand(value: number, unit: string, band?: readonly [number, number], esc: (text: string) => string = (t) => t): string {
  const scale = textScale(unit, largest(value, ...(band ?? [])));
  const n = (x: number): string => (Number.isFinite(x) ? scale.number(x) : '—');
  const head = `${n(value)} ${esc(scale.unit)}`;
  return band ? `${head} (${n(band[0])}–${n(band[1])})` : head;
}

/** Two values of one unit in one scale, joined: `0 to 3.2 s`, `495.1 → 612 ms`. */
export function levels(unit: string, from: number, to: number, joiner = ' to '): string {
  const scale = textScale(unit, largest(from, to));
  const text = `${scale.number(from)}${joiner}${scale.number(to)}`;
  return unit === '' ? text : `${text} ${scale.unit}`;
}
