import { clean } from '../stats.js';

/** Time units from the largest down, with how many of each make one of the unit before it. */
const TIME_UNITS: readonly { readonly unit: string; readonly perSecond: number }[] = [
  { unit: 's', perSecond: 1 },
  { unit: 'ms', perSecond: 1e3 },
  { unit: 'µs', perSecond: 1e6 },
  { unit: 'ns', perSecond: 1e9 },
];

const ALIASES: Readonly<Record<string, string>> = { us: 'µs', μs: 'µs', sec: 's', seconds: 's' };

/** The unit a case is shown in and the factor from the data's unit to it. */
export interface DisplayScale {
  readonly unit: string;
  readonly factor: number;
}

/**
 * Shows values in the unit the data has, stepping down a time unit while the magnitude is below 1
 * in it: a 0.77 s create reads 772.95 ms, a 1.21 s total stays 1.21 s, ms data stays in ms.
 * Other units (bytes, ops/s, counts) are never rescaled: the tool chose them.
 */
export function displayScale(unit: string, magnitude: number): DisplayScale {
  const canonical = ALIASES[unit] ?? unit;
  let at = TIME_UNITS.findIndex((u) => u.unit === canonical);
  if (at < 0 || !Number.isFinite(magnitude) || magnitude === 0) return { unit, factor: 1 };
  const from = TIME_UNITS[at] as (typeof TIME_UNITS)[number];
  let m = Math.abs(magnitude);
  while (m < 1 && at < TIME_UNITS.length - 1) {
    at += 1;
    m *= 1000;
  }
  const to = TIME_UNITS[at] as (typeof TIME_UNITS)[number];
  return to.unit === from.unit ? { unit, factor: 1 } : { unit: to.unit, factor: to.perSecond / from.perSecond };
}

/**
 * The unit a case's levels are shown in, from the larger arm median: timings under 10 s read in ms
 * (1096.1 ms → 772.95 ms, as published A/B reports write them, rather than 1.0961 s), and any time
 * unit steps down further while below 1. Integer-ms data with a 0.5 ms median stays in ms.
 */
export function levelScale(unit: string, largest: number): DisplayScale {
  const canonical = ALIASES[unit] ?? unit;
  if (canonical === 's' && Math.abs(largest) < 10 && largest !== 0) {
    const inMs = displayScale('ms', largest * 1000);
    return { unit: inMs.unit, factor: 1000 * inMs.factor };
  }
  return displayScale(unit, largest);
}

/**
 * The ASCII hyphen-minus for negatives, as every other change benchtrend prints (`-9.5% worse`,
 * changeText in JSON): one sign to search for and to paste into a number; `+` only where a sign is
 * asked for.
 */
function signed(text: string, plus: boolean): string {
  if (text.startsWith('-')) return text;
  return plus && text !== '0' && !/^0\.0*$/.test(text) ? `+${text}` : text;
}

/** A level or shift to `sig` significant digits, trailing zeros dropped: 1096.1, 772.95, -314.8. */
export function formatValue(x: number, scale: DisplayScale, options: { sig?: number; plus?: boolean } = {}): string {
  const v = clean(x * scale.factor);
  const text = v === 0 ? '0' : String(Number(v.toPrecision(options.sig ?? 5)));
  return signed(text, options.plus ?? false);
}

/** A value with a fixed count of decimals, so that a column of deltas lines up: +1.10, +0.08. */
export function formatFixed(x: number, scale: DisplayScale, decimals: number, plus = true): string {
  const v = clean(x * scale.factor);
  const text = v.toFixed(decimals);
  return signed(/^-0\.?0*$/.test(text) ? text.slice(1) : text, plus);
}

/** Decimals that show `magnitude` (in the display unit) to `sig` significant digits. */
export function decimalsFor(magnitude: number, sig = 3): number {
  if (!Number.isFinite(magnitude) || magnitude === 0) return 0;
  return Math.max(0, sig - 1 - Math.floor(Math.log10(Math.abs(magnitude))));
}

/** A fraction as a signed percent with two decimals: -29.48%. */
export function formatPercent(fraction: number, decimals = 2, plus = true): string {
  const text = (fraction * 100).toFixed(decimals);
  return `${signed(/^-0\.?0*$/.test(text) ? text.slice(1) : text, plus)}%`;
}
