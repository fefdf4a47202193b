import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refuseOtherArm, splitArms } from '../../src/core/compare/arms.js';
import { compareArms, type CaseComparison } from '../../src/core/compare/compare.js';
import { compareReport, parseControlCases } from '../../src/core/compare/report.js';
import { decide, parseMinEffect } from '../../src/core/compare/verdict.js';
import { InputError, type BenchRecord } from '../../src/core/model.js';
import { compareJson, renderCompareMarkdown } from '../../src/core/render-compare.js';
import { MAX_SAMPLES } from '../../src/formats/metrics.js';
import { parseInput } from '../../src/formats/registry.js';
import { FIXTURES } from '../helpers/paths.js';

const read = (rel: string) => readFileSync(join(FIXTURES, rel), 'utf8');
const abArms = () => ({
  baseline: parseInput('ab/baseline.json', read('ab/baseline.json'), 'record'),
  candidate: parseInput('ab/candidate.json', read('ab/candidate.json'), 'record'),
});
const find = (cases: readonly CaseComparison[], name: string) => {
  const c = cases.find((x) => x.case === name);
  if (!c) throw new Error(`no case ${name}`);
  return c;
};

// Independent arithmetic, written plainly: sort and pick, every Walsh average by two loops.
function plainMedian(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
function plainWalshMedian(d: readonly number[]): number {
  const w: number[] = [];
  for (let i = 0; i < d.length; i++) for (let j = i; j < d.length; j++) w.push((d[i]! + d[j]!) / 2);
  return plainMedian(w);
}

describe('compare on the paired A/B fixture (8 rounds of a first-session create)', () => {
  // The records are bench records, so their unit is seconds: 1.0961 s is the published 1096.1 ms.
  it('gives the published medians, change and verdict', () => {
    const result = compareArms(abArms());
    const create = find(result.cases, 'first-session / create');
    expect(create.unit).toBe('s');
    expect(create.baseline?.median).toBe(1.0961);
    expect(create.candidate?.median).toBe(0.77295);
    expect(create.change).toBeCloseTo(-0.2948, 4);
    expect(create.verdict).toBe('improved');
    expect(create.method).toBe('paired');
    expect(create.rounds).toHaveLength(8);
    expect(create.shift?.count).toBe(8);
    expect(create.shift?.confidence).toBeGreaterThanOrEqual(0.95);
    expect(create.shift!.hi).toBeLessThan(0);
  });

  it('the shift is the median of the Walsh averages of the round deltas', () => {
    const { baseline, candidate } = abArms();
    const b = baseline[0]!.metrics.find((m) => m.name === 'create')!.samples as number[];
    const c = candidate[0]!.metrics.find((m) => m.name === 'create')!.samples as number[];
    const deltas = b.map((v, i) => c[i]! - v);
    const create = find(compareArms({ baseline, candidate }).cases, 'first-session / create');
    expect(create.shift!.estimate).toBeCloseTo(plainWalshMedian(deltas), 10);
    expect(create.rounds!.map((r) => r.delta)).toEqual(deltas.map((d) => Number(d.toPrecision(12))));
  });

  it('reports in ms in markdown and in the data unit (s) in JSON', () => {
    const result = compareArms(abArms());
    const md = renderCompareMarkdown(result);
    expect(md).toContain('| first\\-session / create | 1096.1 ms (1078.3–1129.3) | 772.95 ms (758.4–824.1) | 8/8 · 8/8 |');
    expect(md).toContain('-29.48%');
    expect(md).toContain('8 paired rounds');
    const json = compareJson(result);
    const create = json.find((c) => c.case === 'first-session / create')!;
    expect(create).toMatchObject({ unit: 's', verdict: 'improved', baseline: { median: 1.0961, runs: 8, n: 8 }, candidate: { median: 0.77295 } });
    expect(create.interval![0]).toBeLessThanOrEqual(create.shift!);
    expect(create.interval![1]).toBeGreaterThanOrEqual(create.shift!);
    for (const key of ['case', 'unit', 'baseline', 'candidate', 'shift', 'interval', 'change', 'verdict']) expect(create).toHaveProperty(key);
  });

  it('names the stage that owns the total change', () => {
    const total = find(compareArms(abArms()).cases, 'first-session / total');
    expect(total.verdict).toBe('improved');
    expect(total.attribution?.owners.map((o) => [o.stage, o.share])).toEqual([['create', 1]]);
    expect(renderCompareMarkdown(compareArms(abArms()))).toContain('- first\\-session / total \\-323 ms\\: create \\-323 ms \\(100%\\)');
  });

  it('splits a total only among stages in its own unit: a memory figure beside the clocks takes no share', () => {
    const arm = (file: string, total: number[], create: number[], rss: number[]): BenchRecord => ({
      file,
      format: 'test',
      shape: 'startup',
      runs: total.length,
      metrics: [
        { name: 'total', unit: 's', direction: 'smaller', samples: total },
        { name: 'create', unit: 's', direction: 'smaller', samples: create },
        { name: 'rss', unit: 'MB', direction: 'smaller', samples: rss },
      ],
    });
    const rounds = [0, 1, 2, 3, 4, 5, 6, 7];
    const baseline = arm('b.json', rounds.map((i) => 2 + i / 100), rounds.map((i) => 1.5 + i / 100), rounds.map((i) => 300 + i));
    const candidate = arm('c.json', rounds.map((i) => 1.5 + i / 100), rounds.map((i) => 1 + i / 100), rounds.map((i) => 900 + i));
    const total = find(compareArms({ baseline: [baseline], candidate: [candidate] }).cases, 'startup / total');
    expect(total.verdict).toBe('improved');
    expect(total.attribution?.owners.map((o) => o.stage)).toEqual(['create']);
    expect([...(total.attribution?.against ?? []), ...(total.attribution?.owners ?? [])].some((o) => o.stage === 'rss')).toBe(false);
  });

  it('is deterministic: the same records give the same numbers twice', () => {
    expect(compareJson(compareArms(abArms()))).toEqual(compareJson(compareArms(abArms())));
    expect(renderCompareMarkdown(compareArms(abArms()))).toBe(renderCompareMarkdown(compareArms(abArms())));
  });

  it('a minimum effect above the change makes the verdict inconclusive, with the reason', () => {
    const create = find(compareArms(abArms(), { minEffect: 0.3 }).cases, 'first-session / create');
    expect(create.verdict).toBe('inconclusive');
    expect(create.reason).toBe('the change -29.48% is below the minimum effect of 30%');
  });

  it('unpaired, the shift is the median of all 64 pairwise differences', () => {
    const { baseline, candidate } = abArms();
    const b = baseline[0]!.metrics[0]!.samples as number[];
    const c = candidate[0]!.metrics[0]!.samples as number[];
    const create = find(compareArms({ baseline, candidate }, { pairing: 'unpaired' }).cases, 'first-session / create');
    expect(create.method).toBe('unpaired');
    expect(create.rounds).toBeNull();
    expect(create.shift!.count).toBe(64);
    expect(create.shift!.estimate).toBeCloseTo(plainMedian(b.flatMap((x) => c.map((y) => y - x))), 10);
    expect(create.verdict).toBe('improved');
  });
});

interface OrcaRun {
  baseline: { outcome: string; phases: Record<string, number> };
  candidate: { outcome: string; phases: Record<string, number> };
}
interface OrcaAb {
  controlPhases: string[];
  runs: OrcaRun[];
}

/** The Orca ABBA result read straight from its JSON, as the model says its parse must look. */
function orcaRecords(transform: (phase: string, arm: 'baseline' | 'candidate', v: number, round: number) => number = (_p, _a, v) => v): BenchRecord[] {
  const data = JSON.parse(read('orca/startup-ab.json')) as OrcaAb;
  const phases = Object.keys(data.runs[0]!.baseline.phases);
  const arm = (a: 'baseline' | 'candidate'): BenchRecord => ({
    file: 'orca/startup-ab.json',
    format: 'test',
    shape: 'startup',
    runs: data.runs.length,
    arm: a,
    controls: data.controlPhases,
    metrics: phases.map((p) => ({
      name: p,
      unit: 'ms',
      direction: 'smaller' as const,
      samples: data.runs.map((r, i) => (r[a].outcome === 'ok' && r[a].phases[p] !== undefined ? transform(p, a, r[a].phases[p]!, i) : null)),
    })),
  });
  return [arm('baseline'), arm('candidate')];
}

describe('compare on the Orca interleaved ABBA fixture (12 paired rounds, 16 phases in ms)', () => {
  const data = JSON.parse(read('orca/startup-ab.json')) as OrcaAb;
  const phases = Object.keys(data.runs[0]!.baseline.phases);
  const result = compareArms(splitArms('orca/startup-ab.json', orcaRecords()));

  it.each(phases)('%s: arm medians and the Hodges–Lehmann shift of the 12 paired deltas', (phase) => {
    const b = data.runs.map((r) => r.baseline.phases[phase]!);
    const c = data.runs.map((r) => r.candidate.phases[phase]!);
    const got = find(result.cases, `startup / ${phase}`);
    expect(got.baseline?.median).toBeCloseTo(plainMedian(b), 9);
    expect(got.candidate?.median).toBeCloseTo(plainMedian(c), 9);
    expect(got.method).toBe('paired');
    expect(got.shift?.count).toBe(12);
    expect(got.shift?.estimate).toBeCloseTo(plainWalshMedian(c.map((v, i) => v - b[i]!)), 9);
  });

  it.each(phases)('%s: the verdict follows the rule', (phase) => {
    const got = find(result.cases, `startup / ${phase}`);
    const s = got.shift!;
    const b = plainMedian(data.runs.map((r) => r.baseline.phases[phase]!));
    const c = plainMedian(data.runs.map((r) => r.candidate.phases[phase]!));
    const change = b === 0 ? null : (c - b) / b;
    const excludesZero = s.lo > 0 || s.hi < 0;
    const directional = excludesZero && change !== null && Math.sign(change) === Math.sign(s.estimate) && Math.abs(change) >= 0.01;
    expect(got.verdict).toBe(directional ? (s.estimate < 0 ? 'improved' : 'regressed') : 'inconclusive');
    expect(got.control).toBe(data.controlPhases.includes(phase));
  });

  it('finds no drift in the controls, as the file itself says (driftDetected: false)', () => {
    expect(result.drift).toEqual([]);
    expect(result.cases.filter((c) => c.control).map((c) => c.metric)).toEqual(data.controlPhases);
    // Every phase's interval includes 0 on this real run: nothing earns a direction.
    expect(result.cases.map((c) => c.verdict)).toEqual(phases.map(() => 'inconclusive'));
  });

  it('reports drift when a control phase moves', () => {
    const drifted = orcaRecords((p, a, v) => (p === 'spawnToAppReady' && a === 'candidate' ? v * 1.6 : v));
    const r = compareArms(splitArms('x', drifted));
    expect(r.drift.map((d) => d.case)).toEqual(['startup / spawnToAppReady']);
    expect(find(r.cases, 'startup / spawnToAppReady').verdict).toBe('regressed');
    expect(renderCompareMarkdown(r)).toMatch(/> \*\*Drift:\*\* control startup \/ spawnToAppReady moved \+\d+\.\d\d% /);
  });

  it('calls a real shift improved or regressed, and a control named on the command line counts too', () => {
    const faster = orcaRecords((p, a, v, i) => (p === 'daemonInitMs' && a === 'candidate' ? data.runs[i]!.baseline.phases[p]! * 0.7 : v));
    const r = compareArms(splitArms('x', faster), { controls: ['startup / i18nToOpenWindow'] });
    expect(find(r.cases, 'startup / daemonInitMs').verdict).toBe('improved');
    expect(find(r.cases, 'startup / daemonInitMs').change).toBeCloseTo(-0.3, 9);
    expect(find(r.cases, 'startup / i18nToOpenWindow').control).toBe(true);
  });

  it('a failed iteration is counted and shown as an unpaired round, never dropped', () => {
    // Round 4's candidate failed: the parse keeps the round's slot empty and counts the failure.
    const records = orcaRecords().map((r) =>
      r.arm === 'candidate'
        ? { ...r, metrics: r.metrics.map((m) => ({ ...m, samples: m.samples.map((v, i) => (i === 3 ? null : v)), failed: 1 })) }
        : r,
    );
    const r = compareArms(splitArms('x', records));
    const total = find(r.cases, 'startup / totalToWorkspaceReady');
    expect(total.candidate).toMatchObject({ runs: 11, n: 12, failed: 1 });
    expect(total.shift?.count).toBe(11);
    expect(total.rounds).toHaveLength(12);
    expect(total.rounds![3]).toEqual({ round: 4, baseline: 5664, candidate: null, delta: null });
    const md = renderCompareMarkdown(r);
    expect(md).toContain('12/12 · 11/12, 1 failed');
    expect(md).toContain('| 4 | 5664 | — | unpaired |');
  });
});

describe('the verdict rule', () => {
  const shift = (estimate: number, lo: number, hi: number) => ({ estimate, lo, hi, confidence: 0.96, method: 'exact' as const, count: 12 });

  it('is directional only when the interval excludes zero: an end at exactly 0 does not', () => {
    expect(decide(shift(-5, -9, -1), -0.05, 'smaller', 0.01).verdict).toBe('improved');
    expect(decide(shift(5, 1, 9), 0.05, 'smaller', 0.01).verdict).toBe('regressed');
    expect(decide(shift(5, 0, 9), 0.05, 'smaller', 0.01)).toEqual({ verdict: 'inconclusive', reason: 'the 95% interval includes 0' });
    expect(decide(shift(-5, -9, 0), -0.05, 'smaller', 0.01)).toEqual({ verdict: 'inconclusive', reason: 'the 95% interval includes 0' });
  });

  it('is inconclusive when the arm medians moved the other way from the shift', () => {
    expect(decide(shift(-5, -9, -1), 0.03, 'smaller', 0.01)).toEqual({ verdict: 'inconclusive', reason: 'the arm medians moved the other way from the shift' });
  });

  it('reads the direction: a rise is improved for bigger-is-better and regressed for smaller-is-better', () => {
    expect(decide(shift(5, 1, 9), 0.05, 'bigger', 0.01).verdict).toBe('improved');
    expect(decide(shift(-5, -9, -1), -0.05, 'bigger', 0.01).verdict).toBe('regressed');
  });
});

describe('compare refusals and edges', () => {
  const rec = (file: string, shape: string, samples: (number | null)[], extra: Partial<BenchRecord> = {}): BenchRecord => ({
    file,
    format: 'test',
    shape,
    runs: samples.length,
    metrics: [{ name: 'total', unit: 's', direction: 'smaller', samples }],
    ...extra,
  });

  it('refuses arms that share no shape, naming both', () => {
    expect(() => compareArms({ baseline: [rec('a.json', 'warm', [1])], candidate: [rec('b.json', 'cold', [1])] })).toThrow(
      new InputError('compare: the arms share no shape (baseline: warm; candidate: cold); name the records of one shape in both arms'),
    );
  });

  it('writes a case the candidate has in another unit of the same quantity in the baseline\'s unit, and says so', () => {
    const b = rec('a.json', 'warm', [1, 1.01, 0.99, 1, 1.02, 0.98, 1, 1.01]);
    const ms = [1200, 1210, 1190, 1200, 1220, 1180, 1200, 1210];
    const c: BenchRecord = { ...rec('b.json', 'warm', ms), metrics: [{ name: 'total', unit: 'ms', direction: 'smaller', samples: ms }] };
    const r = compareArms({ baseline: [b], candidate: [c] });
    expect(r.cases[0]).toMatchObject({ unit: 's', verdict: 'regressed', candidate: { median: 1.2 }, shift: { estimate: 0.2 } });
    expect(r.notes).toContain("b.json: warm / total is in ms; converted to s, the baseline's unit");
  });

  it('refuses a case in two units that measure different things, naming the files', () => {
    const b = rec('a.json', 'warm', [1]);
    const c: BenchRecord = { ...rec('b.json', 'warm', [1]), metrics: [{ name: 'total', unit: 'B', direction: 'smaller', samples: [1000] }] };
    expect(() => compareArms({ baseline: [b], candidate: [c] })).toThrow(/^b\.json: warm \/ total is in B but the baseline a\.json has it in s/);
  });

  it('refuses a run a publish would refuse (a negative time, a subnormal), naming the file and the case', () => {
    expect(() => compareArms({ baseline: [rec('a.json', 'warm', [1, -0.01])], candidate: [rec('b.json', 'warm', [1, 1])] })).toThrow(
      new InputError('a.json: case "warm / total": samples[1] is -0.01, but a time or a rate cannot be negative; refused, nothing is published'),
    );
    expect(() => compareArms({ baseline: [rec('a.json', 'warm', [1, 1])], candidate: [rec('b.json', 'warm', [1, 5e-324])] })).toThrow(/^b\.json: case "warm \/ total": samples\[1\] is 5e-324, a subnormal/);
  });

  it('refuses two records of one shape in one arm', () => {
    expect(() => compareArms({ baseline: [rec('a.json', 'w', [1]), rec('a2.json', 'w', [1])], candidate: [rec('b.json', 'w', [1])] })).toThrow(
      /^a2\.json: shape "w" is already in the baseline arm from a\.json/,
    );
  });

  it('takes a glob of case names as a control, as a push does, and refuses one that matches none', () => {
    const arms = { baseline: [rec('a.json', 'w', [1, 1, 1]), rec('c.json', 'x', [2, 2, 2])], candidate: [rec('b.json', 'w', [1, 1, 1]), rec('d.json', 'x', [2, 2, 2])] };
    const r = compareArms(arms, { controls: ['w / *'] });
    expect(r.cases.filter((c) => c.control).map((c) => c.case)).toEqual(r.cases.filter((c) => c.case.startsWith('w / ')).map((c) => c.case));
    expect(r.cases.some((c) => c.control && c.case.startsWith('x / '))).toBe(false);
    expect(() => compareArms(arms, { controls: ['y / *'] })).toThrow('control-cases: "y / *" names no case of the comparison');
  });

  it('refuses a control that names no case: it would read like a control that held still', () => {
    expect(() => compareArms({ baseline: [rec('a.json', 'w', [1])], candidate: [rec('b.json', 'w', [1])] }, { controls: ['w / nope'] })).toThrow(
      'control-cases: "w / nope" names no case of the comparison',
    );
  });

  it('a file with one arm cannot be compared alone; a two-arm file cannot be one arm', () => {
    expect(() => splitArms('one.json', [rec('one.json', 'w', [1], { arm: 'baseline' })])).toThrow(/^one\.json: holds only a baseline arm/);
    expect(() => splitArms('plain.json', [rec('plain.json', 'w', [1])])).toThrow(/^plain\.json: holds no baseline and candidate arms/);
    expect(() => refuseOtherArm([rec('ab.json', 'w', [1], { arm: 'candidate' })], 'baseline')).toThrow(
      /^ab\.json: carries a candidate arm but was given as the baseline/,
    );
  });

  it('too few rounds for 95% is inconclusive and says how much confidence there was', () => {
    const r = compareArms({ baseline: [rec('a', 'w', [1, 1, 1, 1])], candidate: [rec('b', 'w', [2, 2, 2, 2])] });
    expect(r.cases[0]).toMatchObject({ verdict: 'inconclusive', reason: 'too few runs for a 95% interval: 4 values reach only 87.5%' });
  });

  it('one run a side is counted in the singular', () => {
    const one = compareArms({ baseline: [rec('a', 'w', [1])], candidate: [rec('b', 'w', [2])] });
    expect(renderCompareMarkdown(one)).toContain('· 1 paired round ·');
    expect(compareArms({ baseline: [rec('a', 'w', [1])], candidate: [rec('b', 'w', [2, 2])] }).notes[0]).toMatch(/^w: the baseline has 1 run and the candidate 2,/);
  });

  it('arms with different run counts do not pair and say so', () => {
    const r = compareArms({ baseline: [rec('a', 'w', [1, 1.1, 0.9, 1, 1.05])], candidate: [rec('b', 'w', [2, 2.1, 1.9, 2, 2.05, 2])] });
    expect(r.cases[0]!.method).toBe('unpaired');
    expect(r.notes).toContain('w: the baseline has 5 runs and the candidate 6, so rounds cannot pair; shifts are the median of all pairwise differences');
    expect(r.cases[0]!.verdict).toBe('regressed');
  });

  it('a case in one arm only, or with only a summary, is no-data', () => {
    const b: BenchRecord = { ...rec('a', 'w', [1, 2]), metrics: [{ name: 'total', unit: 's', direction: 'smaller', samples: [1, 2] }, { name: 'gone', unit: 's', direction: 'smaller', samples: [1, 1] }] };
    const c: BenchRecord = {
      ...rec('b', 'w', []),
      runs: 1,
      metrics: [
        { name: 'total', unit: 's', direction: 'smaller', samples: [], summary: { value: 3 } },
        { name: 'new', unit: 's', direction: 'smaller', samples: [4] },
      ],
    };
    const r = compareArms({ baseline: [b], candidate: [c] });
    expect(find(r.cases, 'w / gone')).toMatchObject({ verdict: 'no-data', reason: 'only the baseline has this case', candidate: null });
    expect(find(r.cases, 'w / new')).toMatchObject({ verdict: 'no-data', reason: 'only the candidate has this case', baseline: null, candidate: { median: 4, runs: 1 } });
    expect(find(r.cases, 'w / total')).toMatchObject({ verdict: 'no-data', shift: null, change: 1 });
  });

  it('a case that leaves a baseline of 0 in every round is directional: 0 → 1 allocs/op passes any minimum effect', () => {
    const allocs = (file: string, samples: number[]): BenchRecord => ({ ...rec(file, 'go', []), runs: 8, metrics: [{ name: 'allocs/op', unit: 'allocs/op', direction: 'smaller', samples }] });
    const zeros = [0, 0, 0, 0, 0, 0, 0, 0];
    const up = compareArms({ baseline: [allocs('a', zeros)], candidate: [allocs('b', [1, 1, 1, 1, 1, 1, 1, 1])] }, { minEffect: 0.5 }).cases[0]!;
    expect(up).toMatchObject({ verdict: 'regressed', change: null, reason: 'the 95% interval excludes 0 and the baseline median is 0, so any change passes the minimum effect' });
    const still = compareArms({ baseline: [allocs('a', zeros)], candidate: [allocs('b', zeros)] }).cases[0]!;
    expect(still.verdict).toBe('inconclusive');
    // Medians still at 0 while most rounds rose: the shift alone does not earn a direction.
    const half = compareArms({ baseline: [allocs('a', zeros)], candidate: [allocs('b', [0, 0, 0, 0, 0, 1, 1, 1])] }).cases[0]!;
    expect(half.verdict).toBe('inconclusive');
    expect(decide({ estimate: 2, lo: 1, hi: 3, confidence: 0.96, method: 'exact', count: 8 }, null, 'smaller', 0.01, 0)).toEqual({
      verdict: 'inconclusive',
      reason: 'the baseline median is 0 and the candidate median did not move from it',
    });
  });

  it(`arms of more than ${MAX_SAMPLES} runs are compared run by run, though their points keep only a summary`, () => {
    const runs = MAX_SAMPLES + 1;
    const record = (f: number) =>
      JSON.stringify({ shape: 'big', runs: Array.from({ length: runs }, (_, i) => ({ stages: { step: f * (1 + ((i * 7919) % 101) / 1000) } })) });
    const arms = { baseline: parseInput('a.json', record(1), 'record'), candidate: parseInput('b.json', record(1.2), 'record') };
    expect(arms.baseline[0]!.metrics[0]!.summary).toBeDefined();
    const step = compareArms(arms).cases[0]!;
    expect(step).toMatchObject({ verdict: 'regressed', method: 'paired', baseline: { runs, summaryOnly: false } });
    expect(step.rounds).toHaveLength(runs);
    expect(step.shift!.lo).toBeGreaterThan(0);

    const data = (f: number) => Array.from({ length: runs }, (_, i) => f * (0.001 + ((i * 7919) % 101) * 1e-6));
    const pytest = (f: number) => {
      const d = data(f);
      const sorted = [...d].sort((x, y) => x - y);
      const stats = { min: sorted[0], max: sorted[runs - 1], mean: 0.00105 * f, stddev: 3e-5, rounds: runs, median: sorted[500], q1: sorted[250], q3: sorted[750], ops: 952, data: d, iterations: 1 };
      return JSON.stringify({ machine_info: {}, benchmarks: [{ name: 't', fullname: 'b.py::t', stats }] });
    };
    const py = compareArms({ baseline: parseInput('a.json', pytest(1), 'pytest'), candidate: parseInput('b.json', pytest(1.1), 'pytest') }).cases[0]!;
    // pytest is charted as 1/time, bigger is better: rounds 10% slower are a lower rate.
    expect(py).toMatchObject({ verdict: 'regressed', candidate: { runs, n: runs, summaryOnly: false } });
  });

  it('a bigger-is-better case that rises is improved', () => {
    const up = (file: string, f: number): BenchRecord => ({
      ...rec(file, 'tp', []),
      runs: 8,
      metrics: [{ name: 'rate', unit: 'ops/s', direction: 'bigger', samples: [100, 102, 98, 101, 99, 103, 97, 100].map((v) => v * f) }],
    });
    expect(compareArms({ baseline: [up('a', 1)], candidate: [up('b', 1.2)] }).cases[0]!.verdict).toBe('improved');
  });

  it('reads the minimum effect as a percentage and refuses a bare number', () => {
    expect(parseMinEffect('1%')).toBe(0.01);
    expect(parseMinEffect(' 0.5 % ')).toBe(0.005);
    expect(parseMinEffect('0')).toBe(0);
    expect(() => parseMinEffect('1')).toThrow('compare-min-effect: expected a percentage below 100% such as "1%", got "1"');
    expect(() => parseMinEffect('150%')).toThrow(InputError);
  });
});

describe('the action report (compareReport)', () => {
  it('compares compare-baseline records against the records, and gives markdown and JSON', () => {
    const { baseline, candidate } = abArms();
    const report = compareReport(candidate, baseline, { minEffect: 0.01, heading: '##' })!;
    expect(report.markdown.startsWith('## Compare: candidate against baseline')).toBe(true);
    expect(report.json.map((c) => [c.case, c.verdict])).toEqual([
      ['first-session / create', 'improved'],
      ['first-session / total', 'improved'],
    ]);
  });

  it('compares records that carry both arms on their own, and nothing when there is no second arm', () => {
    const report = compareReport(orcaRecords(), undefined, { controls: parseControlCases('# drift sentinels\nstartup / daemonInitMs\n') })!;
    expect(report.comparison.cases).toHaveLength(16);
    expect(report.comparison.cases.filter((c) => c.control).map((c) => c.metric)).toEqual([
      'spawnToAppReady',
      'appReadyToServices',
      'servicesToI18n',
      'daemonInitMs',
    ]);
    expect(compareReport(abArms().candidate, undefined)).toBeNull();
    expect(compareReport(abArms().candidate, [])).toBeNull();
  });
});

describe('the Orca A/B file through the orca parser, end to end', () => {
  it('parses into two arms of one shape whose comparison is the one computed from the raw JSON', () => {
    const records = parseInput('orca/startup-ab.json', read('orca/startup-ab.json'), 'auto', { shape: 'startup' });
    expect(records.map((r) => [r.format, r.shape, r.arm, r.runs])).toEqual([
      ['orca', 'startup', 'baseline', 12],
      ['orca', 'startup', 'candidate', 12],
    ]);
    const parsed = compareJson(compareArms(splitArms('orca/startup-ab.json', records)));
    const direct = compareJson(compareArms(splitArms('orca/startup-ab.json', orcaRecords())));
    expect(parsed).toEqual(direct);
    expect(parsed.filter((c) => c.control).map((c) => c.case)).toEqual(['startup / spawnToAppReady', 'startup / appReadyToServices', 'startup / servicesToI18n']);
  });

  it('a launch that timed out is counted as failed, shown as an unpaired round and named in the notes', () => {
    const data = JSON.parse(read('orca/startup-ab.json')) as OrcaAb;
    data.runs[5]!.candidate.outcome = 'timeout';
    const records = parseInput('ab.json', JSON.stringify(data), 'orca', { shape: 'startup' });
    const r = compareArms(splitArms('ab.json', records));
    const total = find(r.cases, 'startup / totalToWorkspaceReady');
    expect(total.candidate).toMatchObject({ runs: 11, n: 12, failed: 1 });
    expect(total.shift?.count).toBe(11);
    expect(total.rounds![5]).toMatchObject({ round: 6, candidate: null, delta: null });
    const md = renderCompareMarkdown(r);
    expect(md).toContain('12/12 · 11/12, 1 failed');
    expect(md).toContain('ab\\.json\\: candidate\\: 1 of 12 launches did not finish ok \\(timeout ×1\\)');
  });

  it('a round that lost one arm’s launch altogether counts it as failed in that arm', () => {
    const data = JSON.parse(read('orca/startup-ab.json')) as { runs: Record<string, unknown>[] };
    delete data.runs[2]!['baseline'];
    const records = parseInput('ab.json', JSON.stringify(data), 'orca', { shape: 'startup' });
    const r = compareArms(splitArms('ab.json', records));
    const total = find(r.cases, 'startup / totalToWorkspaceReady');
    expect(total.baseline).toMatchObject({ runs: 11, n: 12, failed: 1 });
    expect(total.candidate).toMatchObject({ runs: 12, n: 12 });
    expect(total.rounds![2]).toMatchObject({ round: 3, baseline: null, delta: null });
    expect(records[0]?.notes).toContain('baseline: 1 of 12 launches did not finish ok (missing ×1); their phases are left out');
  });
});
