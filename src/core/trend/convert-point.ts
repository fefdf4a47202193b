import { canConvert, convertUnit } from '../units.js';
import type { StoredPoint } from './types.js';

/**
 * A point written in the unit its case is already stored in, or undefined when the units measure
 * different things. The tool's range text is dropped: it spells the old unit.
 */
export function convertStoredPoint(p: StoredPoint, unit: string): StoredPoint | undefined {
  if (p.unit === unit) return p;
  if (!canConvert(p.unit, unit)) return undefined;
  const to = (x: number) => convertUnit(x, p.unit, unit);
  const { range: _range, ...rest } = p;
  return {
    ...rest,
    unit,
    value: to(p.value),
    q1: to(p.q1),
    q3: to(p.q3),
    min: to(p.min),
    max: to(p.max),
    stdev: p.stdev === null ? null : to(p.stdev),
    samples: p.samples.map(to),
  };
}
