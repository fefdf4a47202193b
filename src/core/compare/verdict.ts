import { InputError, type Direction } from '../model.js';
import { shortNumber } from '../format-number.js';
import { formatPercent } from './display.js';
import type { Shift } from './hodges-lehmann.js';
import { CONFIDENCE } from './rank-distributions.js';

export type Verdict = 'improved' | 'regressed' | 'inconclusive' | 'no-data';

export interface Decision {
  readonly verdict: Verdict;
  /** Why, in words: which condition held or failed. */
  readonly reason: string;
}

/** `1%`, `0.5%`: the minimum effect as the user wrote it. */
export function minEffectText(minEffect: number): string {
  return `${shortNumber(minEffect * 100, 6)}%`;
}

/** The default minimum effect: a change smaller than 1% of the baseline is not called either way. */
export const DEFAULT_MIN_EFFECT = 0.01;

/**
 * A directional verdict needs all of: an interval that reaches 95% confidence, that interval
 * excluding zero, a change that passes the minimum effect, and the medians moving the same way as
 * the shift. Anything less is inconclusive, never a guess. `moved` (candidate median − baseline
 * median) says which way the medians went when `change` is null, from a baseline median of 0.
 */
export function decide(shift: Shift, change: number | null, direction: Direction, minEffect: number, moved?: number): Decision {
  if (shift.confidence < CONFIDENCE - 1e-9) {
    return {
      verdict: 'inconclusive',
      reason: `too few runs for a 95% interval: ${shift.count} ${shift.count === 1 ? 'value reaches' : 'values reach'} only ${formatPercent(shift.confidence, 1, false)}`,
    };
  }
  if (shift.lo <= 0 && shift.hi >= 0) return { verdict: 'inconclusive', reason: 'the 95% interval includes 0' };
  // From a baseline median of 0 a move is no percent at all, yet passes every minimum effect: 0 → 1
  // allocs/op in every round is the very regression a bench is kept for.
  const fromZero = change === null;
  const medians = fromZero ? (moved ?? 0) : change;
  if (fromZero && medians === 0) return { verdict: 'inconclusive', reason: 'the baseline median is 0 and the candidate median did not move from it' };
  if (Math.sign(medians) !== Math.sign(shift.estimate)) {
    return { verdict: 'inconclusive', reason: 'the arm medians moved the other way from the shift' };
  }
  if (!fromZero && Math.abs(change) < minEffect) {
    return { verdict: 'inconclusive', reason: `the change ${formatPercent(change)} is below the minimum effect of ${minEffectText(minEffect)}` };
  }
  const better = direction === 'smaller' ? shift.estimate < 0 : shift.estimate > 0;
  return {
    verdict: better ? 'improved' : 'regressed',
    reason: fromZero
      ? 'the 95% interval excludes 0 and the baseline median is 0, so any change passes the minimum effect'
      : `the 95% interval excludes 0 and the change passes the minimum effect of ${minEffectText(minEffect)}`,
  };
}

/**
 * Reads `1%`, `0.5%` or `0` (input `compare-min-effect`, option `--min-effect`). A bare number other
 * than 0 is refused: `1` could mean 1% or 100%, and guessing would silently change every verdict.
 */
export function parseMinEffect(text: string, source = 'compare-min-effect'): number {
  const t = text.trim();
  const m = /^(\d+(?:\.\d+)?)\s*%$/.exec(t);
  if (m) {
    const v = Number(m[1]) / 100;
    if (v < 1) return v;
  } else if (/^0+(?:\.0+)?$/.test(t)) {
    return 0;
  }
  throw new InputError(`${source}: expected a percentage below 100% such as "1%", got ${JSON.stringify(text)}`);
}
