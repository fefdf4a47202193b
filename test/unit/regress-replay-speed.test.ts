import { describe, expect, it } from 'vitest';
import { machineMoved, machineScattered, machineWitness } from '../../src/core/regress/host.js';
import { mixSeed, Random } from '../../src/core/regress/prng.js';
import { HostWitness } from '../../src/core/regress/replay-trend.js';
import { bestSplit, carriedPermutations, eDivisive, forgetTests, permutationScans, segmentOrder } from '../../src/core/regress/change-points.js';
import { assessCase, NO_MEMORY, type SeriesPoint } from '../../src/core/regress/detect.js';
import { noisy, points, series as caseSeries, settings } from './regress-series.js';

// The replay's shortcuts against the direct computation they stand in for.
describe('the replay witness of the machine', () => {
  it('says what machineMoved says for every case of a commit, ties and small suites included', () => {
    const rng = new Random(17);
    let checked = 0;
    for (let trial = 0; trial < 300; trial++) {
      const size = trial % 9;
      const moves = new Map<string, number>();
      for (let i = 0; i < size; i++) {
        // Coarse values so that ties (several cases with one move) are common.
        const move = trial % 3 === 0 ? Math.round(rng.normal() * 4) / 40 : 0.05 + 0.1 * rng.normal();
        moves.set(`case ${i}`, move);
      }
      const minEffect = trial % 2 ? 0.05 : 0;
      const witness = new HostWitness(moves, minEffect);
      for (const name of [...moves.keys(), 'not in the suite']) {
        expect(witness.movedWithout(name), `${trial} ${name}`).toBe(machineMoved(moves, name, minEffect));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('the replay witness of a scattered suite', () => {
  it('says what machineScattered says for every case of a commit, cases without a typical move and small suites included', () => {
    const rng = new Random(23);
    let checked = 0;
    let scattered = 0;
    for (let trial = 0; trial < 300; trial++) {
      const size = trial % 9;
      const moves = new Map<string, number>();
      const typical = new Map<string, number>();
      for (let i = 0; i < size; i++) {
        // Moves on both sides, some of them exactly at the limit of a jump (ties).
        const t = 0.01 + 0.04 * Math.abs(rng.normal());
        const move = trial % 3 === 0 ? (rng.normal() < 0 ? -1 : 1) * Math.max(0.05, 2 * t) : 0.1 * rng.normal();
        moves.set(`case ${i}`, move);
        if (i % 4 !== 3) typical.set(`case ${i}`, t);
      }
      if (trial % 5 === 0) typical.set('not moved', 0.02);
      const minEffect = trial % 2 ? 0.05 : 0;
      const witness = new HostWitness(moves, minEffect, typical);
      for (const name of [...moves.keys(), 'not moved', 'not in the suite']) {
        const want = machineScattered(moves, typical, name, minEffect);
        expect(witness.scatteredWithout(name), `${trial} ${name}`).toBe(want);
        expect(witness.witnessWithout(name), `${trial} ${name}`).toBe(machineWitness(machineMoved(moves, name, minEffect), want));
        if (want === true) scattered++;
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(scattered).toBeGreaterThan(100);
  });
});

describe('the memo of change-point tests', () => {
  const rng = new Random(5);
  const noise = (n: number, s: number) => Array.from({ length: n }, () => s * rng.normal());
  // Stretches a replay meets: a step, noise, and the same values again under other bounds.
  const step = Float64Array.from([...noise(60, 0.02), ...noise(50, 0.02).map((x) => x + 0.1), ...noise(40, 0.02).map((x) => x - 0.05)]);
  const quiet = Float64Array.from(noise(120, 0.03));
  const calls: [Float64Array, number, number, number][] = [];
  for (let to = 40; to <= step.length; to += 7) calls.push([step, 3, 0, to], [step, 3, 20, to], [step, 4, 0, to]);
  for (let to = 30; to <= quiet.length; to += 9) calls.push([quiet, 1, 0, to]);

  it('answers every test as running it afresh does, in any order, repeated or not', () => {
    forgetTests();
    const direct = calls.map(([v, seed, from, to]) => {
      forgetTests();
      return eDivisive(v, undefined, seed, from, to);
    });
    forgetTests();
    const twice = [...calls, ...calls].reverse().map(([v, seed, from, to]) => eDivisive(v, undefined, seed, from, to));
    expect(twice.slice(calls.length).reverse()).toEqual(direct);
    expect(twice.slice(0, calls.length).reverse()).toEqual(direct);
    expect(direct.some((s) => s.length >= 2)).toBe(true);
    expect(direct.some((s) => s.length === 0)).toBe(true);
  });

  it('keeps its own copy of the values, and tells other settings and values apart', () => {
    forgetTests();
    const v = Float64Array.from(step);
    const before = eDivisive(v, undefined, 3);
    expect(before.map((s) => s.index)).toEqual([60, 110]);
    v.fill(0.5, 0, 60);
    forgetTests();
    const afresh = eDivisive(v, undefined, 3);
    v.set(step);
    eDivisive(v, undefined, 3);
    v.fill(0.5, 0, 60);
    expect(eDivisive(v, undefined, 3)).toEqual(afresh);
    const lax = { minSize: 5, permutations: 199, significance: 0.5 };
    forgetTests();
    const laxAfresh = eDivisive(quiet, lax, 1);
    eDivisive(quiet, undefined, 1);
    expect(eDivisive(quiet, lax, 1)).toEqual(laxAfresh);
  });

  it('knows the sides of a split again at another index, as a sliding window hands them over, and only them', () => {
    // A large step at 60 found first, and a smaller one at 110 in its right side.
    const two = Float64Array.from([...noise(60, 0.02), ...noise(50, 0.02).map((x) => x + 0.2), ...noise(40, 0.02).map((x) => x + 0.15)]);
    const ids = Float64Array.from({ length: two.length }, (_, i) => 500 + 2 * i);
    const reads = () => permutationScans() + carriedPermutations();
    // The window moved on by 15 points: its left side is new, its right side [60, 150), split
    // again at 110, holds the points tested before, 15 places earlier.
    const slid = two.slice(15);
    const slidIds = ids.slice(15);
    const readsOf = (keys: Float64Array | undefined, slidKeys: Float64Array | undefined) => {
      forgetTests();
      const before = eDivisive(two, undefined, 3, 0, 150, keys);
      let at = reads();
      const again = eDivisive(slid, undefined, 3, 0, 135, slidKeys);
      const known = reads() - at;
      forgetTests();
      at = reads();
      const afresh = eDivisive(slid, undefined, 3, 0, 135, slidKeys);
      return { before, again, afresh, known, fresh: reads() - at };
    };
    const same = readsOf(ids, slidIds);
    expect(same.before).toHaveLength(2);
    expect(same.before[0]?.index).toBe(60);
    expect(same.again).toEqual(same.afresh);
    expect(same.afresh.map((s) => s.index + 15)).toEqual(same.before.map((s) => s.index));
    // The right side is significant, so a fresh test of it reads all 199 of its permutations: none here.
    expect(same.fresh - same.known).toBeGreaterThanOrEqual(199);
    // Other identities are other permutations, and positions standing in for identities move with
    // the index: tested again, the answer that of a fresh start.
    for (const [keys, slidKeys] of [[ids, Float64Array.from(slidIds, (x) => x + 1)], [undefined, undefined]] as const) {
      const other = readsOf(keys, slidKeys);
      expect(other.again).toEqual(other.afresh);
      expect(other.fresh - other.known).toBeLessThan(199);
    }
  });
});

describe('the permutations carried from one test to the next', () => {
  const rng = new Random(31);
  // A replay's stretch: the window moved on by one at every commit, with steps coming and going
  // so that some windows split and some do not. Each point's identity is its place in the series
  // (a commit's seq), with a gap where other suites' commits fell.
  const series = Float64Array.from({ length: 420 }, (_, i) => (i >= 150 && i < 260 ? 0.09 : i >= 330 ? -0.06 : 0) + 0.03 * rng.normal());
  const seqOf = (i: number) => 1000 + 3 * i + (i > 200 ? 7 : 0);
  const width = 90;
  const windows = Array.from({ length: series.length - width + 1 }, (_, s) => ({ values: series.slice(s, s + width), ids: Float64Array.from({ length: width }, (_, i) => seqOf(s + i)) }));
  // What a replay also meets: a young history growing by one, a region that starts after a
  // confirmed step and later moves back, a jump far ahead, and windows skipped.
  const growing = Array.from({ length: 60 }, (_, k) => ({ values: series.slice(0, 10 + k), ids: Float64Array.from({ length: 10 + k }, (_, i) => seqOf(i)) }));
  const calls: { values: Float64Array; ids: Float64Array; from?: number }[] = [
    ...growing,
    ...windows.slice(0, 120),
    ...windows.slice(120, 160).map((w) => ({ ...w, from: 30 })),
    ...windows.slice(160, 200),
    ...windows.filter((_, i) => i >= 200 && i % 5 === 0),
    windows[10] as { values: Float64Array; ids: Float64Array },
    ...windows.slice(280),
  ];

  // At a significance of 0.5 most splits pass with p-values that count every permutation beating
  // them, so a single permutation other than the test's shows.
  const lax = { minSize: 5, permutations: 199, significance: 0.5 };

  it('give every stretch the answer of testing it afresh', () => {
    for (const settings of [undefined, lax]) {
      forgetTests();
      const inTurn = calls.map((c) => eDivisive(c.values, settings, 7, c.from ?? 0, c.values.length, c.ids));
      const fresh = calls.map((c) => {
        forgetTests();
        return eDivisive(c.values, settings, 7, c.from ?? 0, c.values.length, c.ids);
      });
      expect(inTurn).toEqual(fresh);
      expect(fresh.filter((s) => s.length > 0).length).toBeGreaterThan(50);
      expect(fresh.filter((s) => s.length === 0).length).toBeGreaterThan(20);
    }
  });

  it('are the permutations of the test as written: the points in the order of their keys, scanned again', () => {
    forgetTests();
    let significant = 0;
    for (const { values, ids } of windows.filter((_, i) => i % 9 === 0)) {
      const got = eDivisive(values, lax, 7, 0, values.length, ids);
      const observed = bestSplit(values, lax.minSize);
      let beaten = 0;
      for (let p = 0; p < lax.permutations; p++) {
        // The p-th permutation: positions ordered by (mixSeed(seed, p, id), id).
        const key = (i: number) => mixSeed(7, p, ids[i] as number);
        const order = Array.from(values, (_, i) => i).sort((a, b) => key(a) - key(b) || (ids[a] as number) - (ids[b] as number));
        if (bestSplit(order.map((i) => values[i] as number), lax.minSize).q >= observed.q * (1 - 1e-12)) beaten++;
      }
      if (beaten + 1 <= lax.significance * (lax.permutations + 1)) {
        significant++;
        expect(got).toContainEqual({ index: observed.index, pValue: (beaten + 1) / (lax.permutations + 1) });
      } else expect(got).toEqual([]);
    }
    expect(significant).toBeGreaterThan(5);
  });

  it('settle a stretch with no step in a few scans when the last test was of the window before', () => {
    // The point of keying them: the permutations that beat the statistic at one commit keep the
    // points they share with the next in the same order, so tried first they mostly beat it again.
    const quiet = Float64Array.from({ length: 400 }, () => 0.03 * rng.normal());
    const slides = Array.from({ length: 300 }, (_, s) => ({ values: quiet.slice(s, s + width), ids: Float64Array.from({ length: width }, (_, i) => seqOf(s + i)) }));
    // Scans each window's test ran; a window whose test passes (noise does, now and then) reads
    // all 199 either way, so the counts are compared window by window.
    const scansOf = (test: (w: (typeof slides)[number]) => void) =>
      slides.map((w) => {
        const before = permutationScans();
        test(w);
        return permutationScans() - before;
      });
    forgetTests();
    const carried = scansOf((w) => eDivisive(w.values, undefined, 11, 0, width, w.ids));
    const afresh = scansOf((w) => {
      forgetTests();
      eDivisive(w.values, undefined, 11, 0, width, w.ids);
    });
    const settled = (scans: number[]) => scans.filter((n) => n <= 3).length / scans.length;
    const median = (scans: number[]) => [...scans].sort((x, y) => x - y)[scans.length >> 1];
    expect(settled(carried)).toBeGreaterThan(0.75);
    expect(median(carried)).toBe(2);
    expect(settled(afresh)).toBeLessThan(0.5);
    expect(median(afresh)).toBeGreaterThan(4);
  });

  it('key by position where the identities do not increase by whole steps', () => {
    const values = windows[150]?.values as Float64Array;
    forgetTests();
    const byPosition = eDivisive(values, lax, 7, 0, values.length, Float64Array.from(values, (_, i) => i));
    expect(byPosition.length).toBeGreaterThan(0);
    for (const ids of [Float64Array.from(values, (_, i) => 500 - i), Float64Array.from(values, (_, i) => i / 2), Float64Array.from(values, () => 4)]) {
      forgetTests();
      expect(eDivisive(values, lax, 7, 0, values.length, ids)).toEqual(byPosition);
    }
  });
});

describe('the within-sums carried from one test to the next', () => {
  const rng = new Random(41);
  // Small lasting shifts, a real series' kind: a significant split stays in every window, so each
  // test reads every permutation, and most of them are told from the last commit's sums.
  const series = Float64Array.from({ length: 360 }, (_, i) => (i >= 120 ? 0.02 : 0) + (i >= 250 ? 0.015 : 0) + 0.01 * rng.normal());
  const seqOf = (i: number) => 500 + 2 * i + (i > 180 ? 5 : 0);
  /** The points at `at` (places in the series, increasing), with some values replaced. */
  const stretch = (at: number[], replaced: Record<number, number> = {}) => ({
    values: Float64Array.from(at, (i) => replaced[i] ?? (series[i] as number)),
    ids: Float64Array.from(at, seqOf),
  });
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);
  const calls = [
    // A young history grown by one, then a full window moved on by one.
    ...Array.from({ length: 120 }, (_, k) => stretch(range(0, 60 + k))),
    ...Array.from({ length: 60 }, (_, k) => stretch(range(k, 180 + k))),
    // A point of the middle left out (a re-run that replaced nothing), then back.
    ...Array.from({ length: 12 }, (_, k) => stretch(range(60 + k, 240 + k).filter((i) => i !== 150))),
    ...Array.from({ length: 6 }, (_, k) => stretch(range(72 + k, 252 + k))),
    // A point benched again with another value, two commits at once, and a jump.
    ...Array.from({ length: 8 }, (_, k) => stretch(range(78 + k, 258 + k), { 200: 0.05 })),
    ...Array.from({ length: 10 }, (_, k) => stretch(range(86 + 2 * k, 268 + 2 * k))),
    stretch(range(150, 330)),
    ...Array.from({ length: 30 }, (_, k) => stretch(range(150 + k, 330 + k))),
  ];

  // At a significance of 0.5 the p-value counts every permutation that reaches the statistic, so
  // a single one told wrongly shows.
  const lax = { minSize: 5, permutations: 199, significance: 0.5 };

  it('give every test the answer of scanning each permutation', () => {
    for (const settings of [undefined, lax]) {
      forgetTests();
      const carriedBefore = carriedPermutations();
      const scansBefore = permutationScans();
      const inTurn = calls.map((c) => eDivisive(c.values, settings, 9, 0, c.values.length, c.ids));
      const carried = carriedPermutations() - carriedBefore;
      const scanned = permutationScans() - scansBefore;
      const fresh = calls.map((c) => {
        forgetTests();
        return eDivisive(c.values, settings, 9, 0, c.values.length, c.ids);
      });
      expect(inTurn).toEqual(fresh);
      expect(fresh.filter((s) => s.length > 0).length).toBeGreaterThan(0.7 * calls.length);
      if (settings === lax) expect(new Set(fresh.flat().map((s) => s.pValue)).size).toBeGreaterThan(20);
      // Most permutations are told from the sums, not scanned: what the carry is for. (At 0.5 many
      // reach the statistic, and those are always scanned.)
      expect(carried).toBeGreaterThan((settings === lax ? 0.5 : 3) * scanned);
    }
  });

  it('are not carried into a test of other points, nor into another seed\'s permutations', () => {
    forgetTests();
    const a = stretch(range(0, 180));
    // Every third value another: each stretch a test could meet differs from a's by more than a few points.
    const b = stretch(range(0, 180), Object.fromEntries(range(0, 180).filter((i) => i % 3 === 0).map((i) => [i, (series[i] as number) + 0.01])));
    eDivisive(a.values, lax, 9, 0, 180, a.ids);
    const carriedBefore = carriedPermutations();
    const got = eDivisive(b.values, lax, 9, 0, 180, b.ids);
    expect(carriedPermutations() - carriedBefore).toBe(0);
    forgetTests();
    expect(got).toEqual(eDivisive(b.values, lax, 9, 0, 180, b.ids));
    // More seeds than the lineages kept: a lineage taken over by another seed starts again.
    const seeds = [9, 10, 11, 12, 13, 14, 15];
    forgetTests();
    const inTurn = [...seeds, ...seeds].map((seed, k) => eDivisive(a.values, lax, seed, 0, 179 + (k >= seeds.length ? 1 : 0), a.ids));
    const fresh = [...seeds, ...seeds].map((seed, k) => {
      forgetTests();
      return eDivisive(a.values, lax, seed, 0, 179 + (k >= seeds.length ? 1 : 0), a.ids);
    });
    expect(inTurn).toEqual(fresh);
  });
});

describe('the order a segment carries from the last one', () => {
  const rng = new Random(23);
  // Coarse values (many ties), zeros of both signs now and then, and a NaN once.
  const value = (i: number) => (i === 170 ? NaN : i % 37 === 0 ? (i % 2 ? -0 : 0) : Math.round(rng.normal() * 3) / 4);
  const series = Array.from({ length: 400 }, (_, i) => value(i));

  it('is the fresh order for a stretch moved on by one, grown by one, or anything else', () => {
    const calls: [number, number][] = [];
    for (let to = 2; to <= 60; to++) calls.push([0, to]);
    for (let to = 61; to <= series.length; to++) calls.push([to - 60, to]);
    for (let i = 0; i < 40; i++) {
      const from = Math.floor(rng.next() * 300);
      calls.push([from, from + 2 + Math.floor(rng.next() * 90)], [from + 1, from + 2 + Math.floor(rng.next() * 90)]);
    }
    let carried = 0;
    forgetTests();
    const inTurn = calls.map(([from, to]) => segmentOrder(series, from, to));
    inTurn.forEach((order, i) => {
      const [from, to] = calls[i] as [number, number];
      forgetTests();
      const fresh = segmentOrder(series, from, to);
      expect(Array.from(order.ranks), `${from}-${to}`).toEqual(Array.from(fresh.ranks));
      // Bit for bit: a -0 and a 0 in the same places.
      expect(Array.from(order.sorted).map((v) => Object.is(v, -0) ? '-0' : String(v)), `${from}-${to}`).toEqual(Array.from(fresh.sorted).map((v) => (Object.is(v, -0) ? '-0' : String(v))));
      // The ranks are the order by (value, position).
      const byHand = Array.from({ length: to - from }, (_, p) => p).sort((a, b) => ((series[from + a] as number) - (series[from + b] as number)) || a - b);
      if (!series.slice(from, to).some((v) => Number.isNaN(v))) byHand.forEach((p, r) => expect(fresh.ranks[p]).toBe(r));
      if (i > 0 && to - from >= 2) {
        const [pf, pt] = calls[i - 1] as [number, number];
        if ((pf === from && pt + 1 === to) || (pf + 1 === from && pt + 1 === to && pt - pf === to - from)) carried++;
      }
    });
    expect(carried).toBeGreaterThan(300);
  });
});

describe('the logs carried from the last window', () => {
  // The detector judges the caller's own array when every point is positive and within the scan
  // limit, and carries the logs of the last window it judged. A caller that then slides that same
  // array on in place must not make it carry logs of points it no longer holds.
  it('gives the verdict of a fresh start even after the caller slid the array it handed over', () => {
    const pts = points(noisy((i) => (i < 45 ? 1 : 1.25), 70, 0.03, 23));
    const judgeAt = (window: SeriesPoint[]) => JSON.stringify(assessCase({ ...caseSeries([]), points: window }, NO_MEMORY, settings(), { suiteCases: 10 }));
    // A verdict on pts[2..61] after something unrelated: nothing to carry.
    judgeAt(pts.slice(0, 7));
    const fresh = judgeAt(pts.slice(2, 62));
    const handed = pts.slice(0, 60);
    judgeAt(handed);
    handed.shift();
    handed.push(pts[60] as SeriesPoint);
    expect(judgeAt(pts.slice(2, 62))).toBe(fresh);
    // And the carry itself still answers as a fresh start does at the next commit.
    judgeAt(pts.slice(0, 7));
    const next = judgeAt(pts.slice(3, 63));
    judgeAt(pts.slice(2, 62));
    expect(judgeAt(pts.slice(3, 63))).toBe(next);
  });
});
