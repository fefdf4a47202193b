import { InputError, type BenchRecord, type Metric } from '../model.js';
import { buildPoints, caseName } from '../cases.js';
import { canConvert, convertUnit } from '../units.js';

/** The two arms of a comparison, each a list of records (one per shape). */
export interface Arms {
  readonly baseline: readonly BenchRecord[];
  readonly candidate: readonly BenchRecord[];
}

/**
 * One file holding both arms (Orca's interleaved ABBA result parses into a baseline and a
 * candidate record): splits its records by arm. A file with no arms cannot be compared alone.
 */
export function splitArms(file: string, records: readonly BenchRecord[]): Arms {
  const baseline = records.filter((r) => r.arm === 'baseline');
  const candidate = records.filter((r) => r.arm === 'candidate');
  if (baseline.length === 0 || candidate.length === 0) {
    const has = baseline.length ? 'only a baseline arm' : candidate.length ? 'only a candidate arm' : 'no baseline and candidate arms';
    throw new InputError(`${file}: holds ${has}; compare one file only when it carries both arms, otherwise pass --baseline FILE... --candidate FILE...`);
  }
  return { baseline, candidate };
}

/**
 * Records given as one arm must not carry the other arm: a two-arm file passed as --baseline would
 * compare the candidate with itself.
 */
export function refuseOtherArm(records: readonly BenchRecord[], arm: 'baseline' | 'candidate'): void {
  const other = records.find((r) => r.arm !== undefined && r.arm !== arm);
  if (other) {
    throw new InputError(`${other.file}: carries a ${other.arm} arm but was given as the ${arm}; a file holding both arms is compared alone`);
  }
}

/** One case as both arms have it; an arm that lacks the case leaves its side undefined. */
export interface CaseSides {
  readonly case: string;
  readonly shape: string;
  readonly metric: string;
  readonly unit: string;
  readonly direction: Metric['direction'];
  readonly baseline?: { readonly record: BenchRecord; readonly metric: Metric };
  readonly candidate?: { readonly record: BenchRecord; readonly metric: Metric };
  /** Said when the candidate's values were converted into the baseline's unit. */
  readonly note?: string;
}

/** A metric's every value written in `unit`, which measures the same thing. */
function inUnit(m: Metric, unit: string): Metric {
  const to = (v: number) => convertUnit(v, m.unit, unit);
  const or = (v: number | null) => (v === null ? null : to(v));
  const s = m.summary;
  return {
    ...m,
    unit,
    samples: m.samples.map(or),
    ...(m.allSamples ? { allSamples: m.allSamples.map(or) } : {}),
    ...(s
      ? {
          summary: {
            ...s,
            value: to(s.value),
            ...(s.lo !== undefined ? { lo: to(s.lo) } : {}),
            ...(s.hi !== undefined ? { hi: to(s.hi) } : {}),
            ...(s.stdev !== undefined ? { stdev: to(s.stdev) } : {}),
          },
        }
      : {}),
  };
}

function byShape(records: readonly BenchRecord[], arm: string): Map<string, BenchRecord> {
  const out = new Map<string, BenchRecord>();
  for (const r of records) {
    const first = out.get(r.shape);
    if (first) throw new InputError(`${r.file}: shape "${r.shape}" is already in the ${arm} arm from ${first.file}; one record per shape per arm`);
    out.set(r.shape, r);
  }
  return out;
}

/**
 * Matches the arms case by case (`<shape> / <metric>`), baseline order first, then cases only the
 * candidate has. A case in one unit on one side and another on the other is converted to the
 * baseline's unit when both measure the same quantity, and refused otherwise: no shift can be read
 * across `ns/op` and `B/op`.
 */
export function matchCases(arms: Arms): CaseSides[] {
  // What `cases` and a publish refuse (a negative time, a subnormal, a name that is not text) is
  // refused here too, naming the file and the case, before a round of it is compared.
  for (const r of [...arms.baseline, ...arms.candidate]) buildPoints([r]);
  const base = byShape(arms.baseline, 'baseline');
  const cand = byShape(arms.candidate, 'candidate');
  if (![...base.keys()].some((s) => cand.has(s))) {
    const b = [...base.keys()].join(', ') || 'none';
    const c = [...cand.keys()].join(', ') || 'none';
    throw new InputError(`compare: the arms share no shape (baseline: ${b}; candidate: ${c}); name the records of one shape in both arms`);
  }
  const out: CaseSides[] = [];
  const seen = new Set<string>();
  for (const [shape, b] of base) {
    const c = cand.get(shape);
    // By name, not a search of the candidate's list per case: at 150,000 cases that took minutes.
    const candidateOf = new Map<string, (typeof b.metrics)[number]>();
    for (const m of c?.metrics ?? []) if (!candidateOf.has(m.name)) candidateOf.set(m.name, m);
    for (const bm of b.metrics) {
      let cm = candidateOf.get(bm.name);
      let note: string | undefined;
      if (c && cm && cm.unit !== bm.unit) {
        if (!canConvert(cm.unit, bm.unit)) {
          throw new InputError(
            `${c.file}: ${caseName(shape, bm.name)} is in ${cm.unit} but the baseline ${b.file} has it in ${bm.unit}; compare needs one unit per case`,
          );
        }
        // The same quantity in another unit (us and µs, ns and µs): a publish converts it too.
        note = `${c.file}: ${caseName(shape, bm.name)} is in ${cm.unit}; converted to ${bm.unit}, the baseline's unit`;
        cm = inUnit(cm, bm.unit);
      }
      seen.add(caseName(shape, bm.name));
      out.push({
        case: caseName(shape, bm.name),
        shape,
        metric: bm.name,
        unit: bm.unit,
        direction: bm.direction,
        baseline: { record: b, metric: bm },
        ...(c && cm ? { candidate: { record: c, metric: cm } } : {}),
        ...(note !== undefined ? { note } : {}),
      });
    }
  }
  for (const [shape, c] of cand) {
    for (const cm of c.metrics) {
      if (seen.has(caseName(shape, cm.name))) continue;
      out.push({ case: caseName(shape, cm.name), shape, metric: cm.name, unit: cm.unit, direction: cm.direction, candidate: { record: c, metric: cm } });
    }
  }
  return out;
}
