import { scaleFor } from '../../src/core/magnitude.js';

/**
 * The value axis's steps, round in the unit its ticks are written in: uPlot's own steps are round
 * in the stored unit, so a trend in seconds drawn in minutes, or 9.2e18 ns drawn in millions of
 * hours, had ticks at 3.3 min, 6.7 min or 2.528M h. Pure: chart.ts hands these to uPlot.
 */

const MANTISSAS = [1, 2, 2.5, 5];

/** Candidate distances between ticks, smallest first, for an axis reaching `magnitude`. */
export function valueIncrements(unit: string, magnitude: number): number[] {
  const divisor = scaleFor(unit, Number.isFinite(magnitude) ? magnitude : 0).divisor;
  const out: number[] = [];
  for (let k = -16; k <= 19; k++) for (const m of MANTISSAS) out.push(m * 10 ** k * divisor);
  return out;
}

/**
 * The distance between ticks: the smallest of valueIncrements that leaves `minSpace` CSS pixels
 * between ticks at `pxPerValue`. Chosen here, not by uPlot: uPlot takes an increment below 5 only
 * when its own table of increments knows its decimals, which a step of 1/1024 or 60 of the stored
 * unit never is (a case in MiB below 1, drawn in KiB, had no tick at all).
 */
export function valueIncrement(unit: string, magnitude: number, pxPerValue: number, minSpace: number): number {
  const candidates = valueIncrements(unit, magnitude);
  return candidates.find((c) => c * pxPerValue >= minSpace) ?? (candidates[candidates.length - 1] as number);
}

/** Ticks: the multiples of `increment` in [min, max], each computed from its index so no error piles up. */
export function valueSplits(min: number, max: number, increment: number): number[] {
  if (!(increment > 0) || !Number.isFinite(min) || !Number.isFinite(max)) return [];
  const first = Math.ceil(min / increment - 1e-9);
  const last = Math.floor(max / increment + 1e-9);
  const out: number[] = [];
  for (let i = first; i <= last && out.length < 100; i++) out.push(i === 0 ? 0 : i * increment);
  return out;
}
