import { describe, expect, it } from 'vitest';
import { floorIn, parseAbsoluteFloors } from '../../src/core/regress/absolute-floor.js';
import { bestSplit, eDivisive } from '../../src/core/regress/change-points.js';
import { DEFAULT_SCORE_OPTIONS, oracleCulprit, scoreReplay, summarise } from '../../bench/lib/evaluate.js';
import { Random, hashString, mixSeed } from '../../src/core/regress/prng.js';
import { replay } from '../../src/core/regress/replay.js';
import { DEFAULT_ALERT_SETTINGS, floorsMatchingNothing, readAlertSettings } from '../../src/core/regress/settings.js';
import { tUpperQuantile, tUpperTail } from '../../src/core/regress/student-t.js';
import { generateHistory, generateSuite, PROFILES, suiteSegments } from '../../bench/lib/synthetic.js';
import { planReplay } from '../../src/core/regress/replay-trend.js';
import { InputError } from '../../src/core/model.js';

describe('Student t', () => {
  it('matches published table values', () => {
    expect(tUpperQuantile(0.025, 10)).toBeCloseTo(2.228139, 5);
    expect(tUpperQuantile(0.001, 29)).toBeCloseTo(3.396240, 5);
    expect(tUpperQuantile(0.0001, 4)).toBeCloseTo(13.03367, 4);
    expect(tUpperQuantile(0.05, 1)).toBeCloseTo(6.313752, 5);
    // Large df approaches the normal: 1.959964 for 2.5%.
    expect(tUpperQuantile(0.025, 1e6)).toBeCloseTo(1.959966, 4);
  });
  it('is the inverse of its tail, far into the tail', () => {
    for (const [p, df] of [[1e-6, 20], [3e-7, 8], [0.2, 3]] as const) expect(tUpperTail(tUpperQuantile(p, df), df) / p).toBeCloseTo(1, 6);
    expect(tUpperQuantile(0.975, 10)).toBeCloseTo(-2.228139, 5);
  });
});

describe('seeded randomness', () => {
  it('repeats for a seed and differs between seeds', () => {
    const a = Array.from({ length: 5 }, ((r) => () => r.next())(new Random(42)));
    const b = Array.from({ length: 5 }, ((r) => () => r.next())(new Random(42)));
    const c = Array.from({ length: 5 }, ((r) => () => r.next())(new Random(43)));
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(hashString('warm / total')).toBe(hashString('warm / total'));
    expect(mixSeed(1, 2)).not.toBe(mixSeed(2, 1));
  });

  it('gives the numbers it always gave, for seeds below and above 2^31 (every stored verdict depends on them)', () => {
    // Recorded from the generator before its state became a signed integer.
    const recorded: [number, number[]][] = [
      [1, [0.6270739405881613, 0.002735721180215478, 0.5274470399599522, 295, 6]],
      [2 ** 31 + 5, [0.5801103678531945, 0.08632027637213469, 0.9113832253497094, 229, 6]],
      [2 ** 32 - 1, [0.8964226141106337, 0.189478256739676, 0.7156526781618595, 284, 5]],
    ];
    for (const [seed, numbers] of recorded) {
      const r = new Random(seed);
      expect([r.next(), r.next(), r.next(), r.below(301), r.below(7)], String(seed)).toEqual(numbers);
    }
  });
});

/** The energy statistic straight from its definition, O(n²). */
function naiveQ(v: readonly number[], tau: number): number {
  const x = v.slice(0, tau);
  const y = v.slice(tau);
  const m = x.length;
  const k = y.length;
  let between = 0;
  let wx = 0;
  let wy = 0;
  for (const a of x) for (const b of y) between += Math.abs(a - b);
  for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) wx += Math.abs((x[i] as number) - (x[j] as number));
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) wy += Math.abs((y[i] as number) - (y[j] as number));
  return ((m * k) / (m + k)) * ((2 * between) / (m * k) - wx / ((m * (m - 1)) / 2) - wy / ((k * (k - 1)) / 2));
}

describe('E-Divisive means', () => {
  const rng = new Random(1);
  const noise = (n: number, s: number) => Array.from({ length: n }, () => s * rng.normal());

  it('finds the split the definition finds, with the same statistic', () => {
    const v = [...noise(30, 0.05), ...noise(25, 0.05).map((x) => x + 0.1), 0.1, 0.1, 0.1];
    let best = -Infinity;
    let at = -1;
    for (let t = 5; t <= v.length - 5; t++) {
      const q = naiveQ(v, t);
      if (q > best) [best, at] = [q, t];
    }
    const fast = bestSplit(v, 5);
    expect(fast.index).toBe(at);
    expect(fast.q).toBeCloseTo(best, 9);
  });

  it('finds two steps where they are, and nothing in noise', () => {
    const steps = [...noise(100, 0.03), ...noise(80, 0.03).map((x) => x + 0.2), ...noise(60, 0.03).map((x) => x + 0.05)];
    expect(eDivisive(steps, undefined, 7).map((s) => s.index)).toEqual([100, 180]);
    const quiet = noise(200, 0.03);
    expect(eDivisive(quiet, undefined, 7)).toEqual([]);
  });

  it('finds steps on both sides of the first split', () => {
    // The largest step is in the middle; the smaller ones lie left and right of it.
    const levels = [0, 0.1, 0.4, 0.5];
    const v = levels.flatMap((level) => noise(60, 0.02).map((x) => x + level));
    expect(eDivisive(v, undefined, 7).map((s) => s.index)).toEqual([60, 120, 180]);
  });

  it('gives the same answer for the same input and seed, and its p-value comes from the seeded permutations', () => {
    // A weak step and a lax significance: the p-value lies well inside (0, 1), where shuffles decide it.
    const v = [...noise(50, 0.05), ...noise(50, 0.05).map((x) => x + 0.015)];
    const lax = { minSize: 5, permutations: 199, significance: 0.5 };
    const a = eDivisive(v, lax, 3);
    expect(a).toHaveLength(1);
    expect(a[0]?.pValue).toBeGreaterThan(0.02);
    expect(eDivisive(v, lax, 3)).toEqual(a);
    const others = [4, 5, 6, 7].map((seed) => eDivisive(v, lax, seed)[0]?.pValue);
    expect(others.some((p) => p !== a[0]?.pValue)).toBe(true);
  });

  it('reports a permutation p-value no smaller than the test can resolve', () => {
    const v = [...noise(40, 0.01), ...noise(40, 0.01).map((x) => x + 1)];
    const [split] = eDivisive(v, { minSize: 5, permutations: 199, significance: 0.01 }, 1);
    expect(split?.pValue).toBe(1 / 200);
  });
});

describe('absolute floors', () => {
  it('parses amounts with units and converts within time and size', () => {
    const floors = parseAbsoluteFloors('1ms, 40us\n4KiB');
    expect(floors.map((f) => [f.amount, f.unit])).toEqual([
      [1, 'ms'],
      [40, 'us'],
      [4, 'KiB'],
    ]);
    expect(floorIn(floors, 'ns/iter')).toBeCloseTo(1e6);
    expect(floorIn(floors, 's')).toBeCloseTo(0.001);
    expect(floorIn(floors, 'B')).toBe(4096);
    expect(floorIn(floors, 'ops/s')).toBeUndefined();
  });
  it('knows every spelling the units know: times written out, sizes the floor table lacked', () => {
    const floors = parseAbsoluteFloors('1ms, 4KiB');
    expect(floorIn(floors, 'Nanoseconds')).toBeCloseTo(1e6);
    expect(floorIn(floors, 'milliseconds')).toBeCloseTo(1);
    expect(floorIn(floors, 'Megabytes')).toBeCloseTo(0.004096);
    // A time per something else than a call is not the same quantity: no floor.
    expect(floorIn(floors, 'ms/ggas')).toBeUndefined();
  });
  it('names a floor that applies to no unit of the run: it would hold back nothing, silently', () => {
    const floors = parseAbsoluteFloors('1 parsec, 1ms, 2 widgets');
    expect(floorsMatchingNothing({ floors }, ['ns/iter', 'ops/s', 'ns/iter'], 'this run')).toEqual(
      ['1 parsec', '2 widgets'].map((f) => `absolute-floor: "${f}" applies to no case of this run (their units: ns/iter, ops/s); a time or a size converts to any unit of its kind, anything else applies to its own unit alone`),
    );
    expect(floorsMatchingNothing({ floors: parseAbsoluteFloors('2 widgets') }, ['widgets'], 'this run')).toEqual([]);
  });
  it('refuses a floor without a unit, naming the input', () => {
    expect(() => parseAbsoluteFloors('5')).toThrow(new InputError('absolute-floor: "5" is not an amount with a unit; write it like 1ms, 40us or 4KiB'));
  });
});

describe('alert settings from inputs', () => {
  const reader = (inputs: Record<string, string>) => (name: string) => inputs[name] ?? '';
  it('keeps the defaults when nothing is set', () => {
    expect(readAlertSettings(reader({}))).toEqual(DEFAULT_ALERT_SETTINGS);
  });
  it('reads the inputs', () => {
    const s = readAlertSettings(reader({ 'alert-window': '20', 'min-effect': '10%', 'alert-confidence': '99.99%', 'absolute-floor': '1ms', 'alert-after': '3' }));
    expect(s).toMatchObject({ method: 'limit', window: 20, minEffect: 0.1, confidence: 0.9999, alertAfter: 3 });
    expect(s.floors.map((f) => f.text)).toEqual(['1ms']);
  });
  it('takes alert-threshold as github-action-benchmark’s ratio rule', () => {
    expect(readAlertSettings(reader({ 'alert-threshold': '150%' }))).toMatchObject({ method: 'ratio', ratioThreshold: 1.5 });
    expect(readAlertSettings(reader({ 'alert-threshold': '2', 'alert-method': 'limit' }))).toMatchObject({ method: 'limit', ratioThreshold: 2 });
  });
  it('refuses bad values with the input’s name and the value', () => {
    expect(() => readAlertSettings(reader({ 'alert-threshold': '90%' }))).toThrow(/^alert-threshold: "90%" must be above 100%/);
    // A forgotten % is refused rather than read as "alert at 150 times the previous value".
    expect(() => readAlertSettings(reader({ 'alert-threshold': '150' }))).toThrow('alert-threshold: "150" reads as 150 times the previous value; write 150% for a percentage, or a ratio such as 1.5');
    expect(() => readAlertSettings(reader({ 'min-effect': 'five' }))).toThrow('min-effect: "five" is not a number or a percentage');
    expect(() => readAlertSettings(reader({ 'alert-window': '2' }))).toThrow('alert-window: "2" must be a whole number from 5 to 1000');
    expect(() => readAlertSettings(reader({ 'alert-method': 'ratio' }))).toThrow('alert-method: ratio needs alert-threshold, e.g. 150%');
    expect(() => readAlertSettings(reader({ 'alert-after': '4' }))).toThrow('alert-after: "4" must be a whole number from 1 to 3');
  });
});

describe('synthetic histories and their score', () => {
  it('are reproducible and carry the steps they inject', () => {
    const a = generateHistory({ seed: 4, commits: 400, profile: PROFILES.moderate, stepSizes: [0.05, 0.1, 0.2] });
    const b = generateHistory({ seed: 4, commits: 400, profile: PROFILES.moderate, stepSizes: [0.05, 0.1, 0.2] });
    expect(a).toEqual(b);
    expect(a.steps.length).toBeGreaterThanOrEqual(2);
    const s = a.steps[0];
    if (!s) return;
    const before = a.points.slice(s.index - 20, s.index).map((p) => p.value);
    const after = a.points.slice(s.index, s.index + 20).map((p) => p.value);
    const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[10] as number;
    const ratio = med(after) / med(before);
    expect(s.worse ? ratio > 1 : ratio < 1).toBe(true);
  });

  it('makes a suite on one machine: one sha per commit, the slow hosts shared, felt by each case by its own share', () => {
    const cases = generateSuite({ seed: 7, commits: 300, profile: PROFILES.twice, cases: 10 });
    expect(cases).toHaveLength(10);
    const first = cases[0] as (typeof cases)[number];
    for (const c of cases) {
      expect(c.points.map((p) => p.sha)).toEqual(first.points.map((p) => p.sha));
      expect(c.slow).toEqual(first.slow);
    }
    const slowAt = first.slow.flatMap((slow, i) => (slow && i >= 20 ? [i] : []));
    expect(slowAt.length).toBeGreaterThan(2);
    // Each case feels a slow host by its own factor: the cases' moves at a slow commit differ.
    const moves = (i: number) => cases.map((c) => Math.log((c.points[i] as { value: number }).value / (c.points[i - 1] as { value: number }).value) * (c.direction === 'smaller' ? 1 : -1));
    const at = slowAt.find((i) => !first.slow[i - 1]) as number;
    const m = moves(at);
    expect(Math.max(...m) - Math.min(...m)).toBeGreaterThan(0.03);
    // The replay's plan reads the other cases' moves as the witness: most cases see the host there.
    const segments = suiteSegments(cases);
    const plan = planReplay(segments, DEFAULT_ALERT_SETTINGS);
    expect(plan.jobs.filter((j) => j.hostMoved[at] === true).length).toBeGreaterThanOrEqual(8);
    expect(plan.jobs.filter((j) => j.hostMoved[at - 1] === true).length).toBeLessThanOrEqual(2);
  });

  it('the oracle places a step between the two levels it knows, leaves slow hosts out, and counts a tie for the step', () => {
    // A step from 1.00 to 1.10 at index 40 of 80, a point of 1.06 (above the midpoint) just before it.
    const values = Array.from({ length: 80 }, (_, i) => (i < 40 ? 1 : 1.1) * (1 + 0.002 * Math.sin(i)));
    const history = (vs: number[], slow: boolean[] = vs.map(() => false)) => ({
      name: 'h',
      unit: 's',
      direction: 'smaller' as const,
      points: vs.map((value, i) => ({ sha: `${i}`.padStart(40, '0'), seq: i, value, q1: value, q3: value, runs: 1, n: 1 })),
      steps: [{ index: 40, size: 0.1, worse: true }],
      slow,
    });
    expect(oracleCulprit(history(values), 40)).toBe(true);
    const early = [...values];
    early[39] = 1.06;
    // One point past the midpoint just before the step pulls the split onto it...
    expect(oracleCulprit(history(early), 40)).toBe(false);
    // ...unless that point is a slow host the oracle knows of: left out, it ties, and a tie counts.
    expect(oracleCulprit(history(early, early.map((_, i) => i === 39)), 40)).toBe(true);
    // A point back below the midpoint at the step's first commit moves the split a commit late.
    const late = [...values];
    late[40] = 1.02;
    expect(oracleCulprit(history(late), 40)).toBe(false);
  });

  it('scores a replay: a caught step, its delay, and no false alert on a quiet profile', () => {
    const h = generateHistory({ seed: 2, commits: 300, profile: PROFILES.low, stepSizes: [0.2], improvementShare: 0 });
    const r = replay({ suite: 's', case: h.name, unit: h.unit, direction: h.direction, points: h.points }, DEFAULT_ALERT_SETTINGS, { suiteCases: 10, from: 1 });
    const score = scoreReplay(h, r, DEFAULT_SCORE_OPTIONS);
    expect(score.falseAlerts).toBe(0);
    expect(score.steps.every((s) => s.delay !== undefined && s.delay <= 3)).toBe(true);
    const sum = summarise([score]);
    expect(sum.recall[0]).toMatchObject({ size: 0.2, steps: h.steps.length, within3: h.steps.length });
    expect(sum.precision).toBe(1);
    // 20% steps in low noise: the oracle names every one, and the ceiling counts the caught ones.
    expect(score.steps.every((s) => s.oracleExact === true)).toBe(true);
    expect(sum.culpritCeiling).toBe(1);
    expect(sum.recall[0]?.oracleExact).toBe(h.steps.length);
  });
});
