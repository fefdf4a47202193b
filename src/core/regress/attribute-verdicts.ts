/**
 * Stage attribution for a total that got worse on publish, or in a pull request against the base
 * trend: the change of a regressed `<shape> / total` is split among the stages of that shape
 * judged at the same commit. Each stage's before is its own baseline median and its after its new
 * value, exactly as its verdict carries them, so the line rests on the same judgement as the
 * alert. Compare (src/core/compare) does the same from its two arms.
 */
import { attributeChange, attributionLine } from '../attribution.js';
import type { CaseVerdict } from './detect.js';

/** A case and the shape it belongs to, as the points say: a shape may itself contain ` / `. */
export interface ShapedCase {
  readonly case: string;
  readonly shape: string;
}

const TOTAL = 'total';

function metricOf(name: string, shape: string | undefined): string | undefined {
  if (shape === undefined) return undefined;
  const prefix = `${shape} / `;
  return name.startsWith(prefix) ? name.slice(prefix.length) : undefined;
}

/**
 * The verdicts with an attribution on each regressed total whose shape has stages judged here.
 * A stage without a baseline (too little history, a level just restarted) is named as such, never
 * given a made-up before; a stage in another unit than its total cannot share in it and is left
 * out; a total whose stages were not benched gets nothing.
 */
export function attributeVerdicts(verdicts: readonly CaseVerdict[], cases: readonly ShapedCase[]): CaseVerdict[] {
  const shapeOf = new Map(cases.map((c) => [c.case, c.shape]));
  return verdicts.map((total) => {
    const shape = shapeOf.get(total.case);
    if (total.kind !== 'regressed' || !total.baseline || metricOf(total.case, shape) !== TOTAL) return total;
    const before = new Map<string, number>();
    const after = new Map<string, number>();
    const withoutBaseline: string[] = [];
    for (const v of verdicts) {
      if (v.suite !== total.suite || v.unit !== total.unit || shapeOf.get(v.case) !== shape) continue;
      const stage = metricOf(v.case, shape);
      if (stage === undefined || stage === TOTAL) continue;
      if (v.baseline) {
        before.set(stage, v.baseline.median);
        after.set(stage, v.value);
      } else {
        withoutBaseline.push(stage);
      }
    }
    if (before.size === 0 && withoutBaseline.length === 0) return total;
    const attribution = attributeChange({
      case: total.case,
      unit: total.unit,
      total: { before: total.baseline.median, after: total.value },
      before,
      after,
      withoutBaseline,
    });
    return attribution ? { ...total, attribution } : total;
  });
}

/** One plain-text line per regressed total that has an attribution, in verdict order; the renderer escapes it. */
export function attributionLines(verdicts: readonly CaseVerdict[]): string[] {
  return verdicts.flatMap((v) => (v.kind === 'regressed' && v.attribution ? [attributionLine(v.attribution)] : []));
}
