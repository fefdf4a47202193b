/**
 * The optional absolute floor per unit (input `absolute-floor`, e.g. `1ms` or `40us, 4KiB`): a
 * change smaller than the floor is never an alert, so a 40 µs stage that moved by 20 µs stays
 * quiet however steady it was before.
 */
import { InputError } from '../model.js';
import { parseUnit } from '../units.js';

export interface AbsoluteFloor {
  /** The amount in its own unit, as written. */
  readonly amount: number;
  readonly unit: string;
  /** As written, for messages. */
  readonly text: string;
}

/** What a per-call suffix does not change: `ns/iter` and `ns/op` are still nanoseconds. */
const PER_CALL = /\/(?:iter|op|call|run|it|iteration)$/;

/** A time or a size (per call or not) in its family's base unit; units.ts knows the spellings. */
function scaleOf(unit: string): { family: 'time' | 'size'; factor: number } | undefined {
  const u = parseUnit(unit.trim().replace(PER_CALL, ''));
  if (u.per !== undefined || u.perSeconds !== undefined) return undefined;
  if (u.kind === 'time') return { family: 'time', factor: u.scale };
  if (u.kind === 'bytes') return { family: 'size', factor: u.scale };
  return undefined;
}

/**
 * The floor in the given unit, or undefined when no floor applies to it. Time and size floors
 * convert between units of their family; any other floor applies only to its exact unit.
 */
export function floorIn(floors: readonly AbsoluteFloor[], unit: string): number | undefined {
  const target = scaleOf(unit);
  let best: number | undefined;
  for (const f of floors) {
    let amount: number | undefined;
    if (f.unit === unit) amount = f.amount;
    else {
      const from = scaleOf(f.unit);
      if (from && target && from.family === target.family) amount = (f.amount * from.factor) / target.factor;
    }
    if (amount !== undefined) best = best === undefined ? amount : Math.max(best, amount);
  }
  return best;
}

/** Parses `1ms`, `40us`, `0.5 s, 4KiB`: a list separated by commas or new lines. */
export function parseAbsoluteFloors(text: string, input = 'absolute-floor'): AbsoluteFloor[] {
  const floors: AbsoluteFloor[] = [];
  for (const raw of text.split(/[,\n]/)) {
    const item = raw.trim();
    if (item === '') continue;
    const m = /^(\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s*(\S+)$/i.exec(item);
    const amount = m ? Number(m[1]) : NaN;
    if (!m || !Number.isFinite(amount) || amount < 0) {
      throw new InputError(`${input}: ${JSON.stringify(item)} is not an amount with a unit; write it like 1ms, 40us or 4KiB`);
    }
    floors.push({ amount, unit: m[2] as string, text: item });
  }
  return floors;
}
