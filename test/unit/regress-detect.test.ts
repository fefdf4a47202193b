import { describe, expect, it } from 'vitest';
import { noisy, series, settings } from './regress-series.js';
import { memoryOf, updateAlerts } from '../../src/core/regress/alerts.js';
import { assessCase, NO_MEMORY, type CaseSeries, type SeriesPoint } from '../../src/core/regress/detect.js';
import { parseAbsoluteFloors } from '../../src/core/regress/absolute-floor.js';
import { replay } from '../../src/core/regress/replay.js';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from '../../src/core/regress/settings.js';
import { applyDirectionOverrides, parseDirectionOverrides } from '../../src/core/direction.js';

const judge = (s: CaseSeries, over: Partial<AlertSettings> = {}, suiteCases = 10) => assessCase(s, NO_MEMORY, settings(over), { suiteCases }).verdict;

describe('the detector on constructed series', () => {
  it('raises a regression within three commits of a 20% step, and a change point confirms it', () => {
    const values = noisy((i) => (i < 60 ? 1 : 1.2), 110, 0.02);
    const r = replay(series(values), settings(), { suiteCases: 10, from: 1 });
    expect(r.raised.length).toBe(1);
    const alert = r.raised[0];
    expect(alert?.kind).toBe('regression');
    expect(alert?.at).toBeGreaterThanOrEqual(60);
    expect(alert?.at).toBeLessThanOrEqual(63);
    expect(alert?.change).toBeGreaterThan(0.12);
    const stored = r.alerts.find((a) => a.kind === 'regression');
    expect(stored?.status).toBe('confirmed');
    const step = r.alerts.find((a) => a.kind === 'change-point');
    expect(step?.sha).toMatch(/^c(58|59|60|61|62)0/);
    expect(step?.change).toBeGreaterThan(0.15);
    // Once the step is the new level, the following commits are judged against it.
    expect(r.verdicts.slice(80)).not.toContain('regressed');
  });

  it('reports a slow drift once it adds up to a lasting step', () => {
    // Flat for 60 commits, then 0.4% slower per commit: no single commit stands out.
    const values = noisy((i) => (i < 60 ? 1 : 1.004 ** (i - 60)), 160, 0.01, 11);
    const r = replay(series(values), settings(), { suiteCases: 10, from: 1 });
    expect(r.raised.filter((a) => a.at < 60)).toEqual([]);
    expect(r.raised.length).toBeGreaterThan(0);
    const first = r.raised[0];
    expect(first?.change).toBeGreaterThanOrEqual(DEFAULT_ALERT_SETTINGS.minEffect);
    expect(r.alerts.some((a) => a.kind === 'change-point' && (a.change ?? 0) > 0)).toBe(true);
  });

  it('puts a single outlier on watch and raises nothing', () => {
    const values = noisy(() => 1, 80, 0.02, 3);
    values[50] = 1.6;
    const r = replay(series(values), settings(), { suiteCases: 10, from: 1 });
    expect(r.verdicts[50]).toBe('watch');
    expect(r.verdicts[51]).toBe('unchanged');
    expect(r.raised).toEqual([]);
    expect(r.alerts.filter((a) => a.status !== 'cleared')).toEqual([]);
  });

  it('stays quiet on a quiet series', () => {
    const values = noisy(() => 2.5, 400, 0.01, 5);
    const r = replay(series(values), settings(), { suiteCases: 10, from: 1 });
    expect(r.raised).toEqual([]);
    expect(r.verdicts.filter((v) => v === 'regressed' || v === 'step')).toEqual([]);
  });

  it('calls an improvement an improvement, and restarts the baseline at it', () => {
    const values = noisy((i) => (i < 60 ? 1 : 0.8), 110, 0.02, 9);
    const r = replay(series(values), settings(), { suiteCases: 10, from: 1 });
    expect(r.raised).toEqual([]);
    expect(r.verdicts.slice(60, 64)).toContain('improved');
    const step = r.alerts.find((a) => a.kind === 'change-point');
    expect(step?.change).toBeLessThan(-0.15);
    expect(r.verdicts.slice(90)).not.toContain('improved');
  });

  it('says "not enough history" rather than alerting on a short history', () => {
    const v = judge(series([1, 1.01, 0.99, 1, 2, 2.1]));
    expect(v.kind).toBe('not-enough-history');
    expect(v.alert).toBeUndefined();
    expect(v.reason).toMatch(/5 earlier commits on record; 9 are needed/);
    // A first point ever has no history, and says so without a negative count.
    const first = judge(series([1]));
    expect(first.kind).toBe('not-enough-history');
    expect(first.reason).toMatch(/^too little history: 0 earlier commits on record/);
  });

  it('knows which way is worse: a throughput that drops regressed, one that rises improved', () => {
    const base = noisy(() => 1000, 40, 0.02, 4);
    expect(judge(series([...base, 750, 740], 'bigger', 'ops/s')).kind).toBe('regressed');
    expect(judge(series([...base, 1300, 1320], 'bigger', 'ops/s')).kind).toBe('improved');
    // The same drop on a duration is an improvement.
    expect(judge(series([...base, 750, 740], 'smaller', 'ms')).kind).toBe('improved');
  });

  it('follows a per-case direction override applied to the points', () => {
    const base = noisy(() => 1000, 40, 0.02, 4);
    const s = series([...base, 750, 740], 'smaller', 'points');
    expect(judge(s).kind).toBe('improved');
    const [overridden] = applyDirectionOverrides([s], parseDirectionOverrides('warm / *: bigger'));
    expect(overridden && judge(overridden).kind).toBe('regressed');
  });

  it('does not alert below the minimum effect however steady the series', () => {
    const steady = noisy(() => 1, 40, 0.001, 2);
    const s = series([...steady, 1.03, 1.031]);
    const v = judge(s);
    expect(v.kind).toBe('unchanged');
    expect(v.baseline?.limit).toBeLessThan(1.03);
    // Beyond the limit, so the reason does not say "within" it.
    expect(v.reason).toMatch(/^\+3\.\d% worse: above [\d.]+ s, but less than min-effect \(5%\), which never alerts/);
    expect(judge(s, { minEffect: 0.02 }).kind).toBe('regressed');
  });

  it('says which limit one point beyond the limit of two in a row is within', () => {
    const base = Array.from({ length: 42 }, (_, i) => [0.99, 1.0, 1.01][i % 3] as number);
    const v = judge(series([...base, 1.025]), { minEffect: 0.01 });
    expect(v.kind).toBe('unchanged');
    const m = /^\+2\.5% worse: within ([\d.]+) s, the most that the last 30 commits make plausible for one commit \(2 in a row above ([\d.]+) s would alert\)$/.exec(v.reason);
    expect(m).not.toBeNull();
    expect(Number(m?.[2])).toBeLessThan(1.025);
    expect(Number(m?.[1])).toBeGreaterThan(1.025);
  });

  it('does not alert on a change smaller than the absolute floor for the unit', () => {
    const base = noisy(() => 40, 40, 0.01, 6);
    const s = series([...base, 60, 61], 'smaller', 'us');
    expect(judge(s).kind).toBe('regressed');
    const floored = judge(s, { floors: parseAbsoluteFloors('1ms') });
    expect(floored.kind).toBe('unchanged');
    expect(floored.reason).toMatch(/: above [\d.]+ us, but a change smaller than the absolute floor of 1 ms, which never alerts$/);
    expect(judge(s, { floors: parseAbsoluteFloors('10us') }).kind).toBe('regressed');
  });

  it('widens the limit with the number of cases in the suite, so a big suite stays quiet', () => {
    const s = series([...noisy(() => 1, 40, 0.03, 8), 1.1, 1.1]);
    const one = judge(s, {}, 1);
    const many = judge(s, {}, 1000);
    expect(many.baseline?.limit).toBeGreaterThan(one.baseline?.limit ?? Infinity);
    expect(one.kind).toBe('regressed');
    expect(many.kind).toBe('unchanged');
  });

  it('leaves one slow host out of the baseline, so the limit after it still follows the real noise', () => {
    for (const seed of [3, 4, 5]) {
      const values = noisy(() => 1, 30, 0.01, seed);
      values[20] = 2.5;
      // Three points: with the slow host further out in the baseline, two wait (seen before).
      const v = judge(series([...values, 1.08, 1.08, 1.08]));
      expect(v.kind).toBe('regressed');
      expect(v.baseline?.limit).toBeLessThan(1.05);
    }
  });

  it('puts the limit on the worse side of the baseline for bigger-is-better', () => {
    const v = judge(series(noisy(() => 1000, 40, 0.02, 4), 'bigger', 'ops/s'));
    expect(v.kind).toBe('unchanged');
    expect(v.baseline?.limit).toBeLessThan(v.baseline?.median ?? 0);
    const slower = judge(series(noisy(() => 1000, 40, 0.02, 4), 'smaller', 'ms'));
    expect(slower.baseline?.limit).toBeGreaterThan(slower.baseline?.median ?? Infinity);
  });

  it('is a prediction limit for one new point: mean log + t(99.9%, n-1) · s · sqrt(1 + 1/n)', () => {
    // 30 baseline medians within ±1%, no outlier, no step; one newest point judged alone.
    const base = Array.from({ length: 30 }, (_, i) => 1 + (0.01 * (((i * 7) % 11) - 5)) / 5);
    const logs = base.map(Math.log);
    const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
    const sd = Math.sqrt(logs.reduce((a, b) => a + (b - mean) ** 2, 0) / (logs.length - 1));
    // t upper 0.1% quantile with 29 degrees of freedom, from the published table.
    const expected = Math.exp(mean + 3.39624 * sd * Math.sqrt(1 + 1 / 30));
    const v = judge(series([...base, 1]), { alertAfter: 1, maxRun: 1 }, 1);
    expect(v.kind).toBe('unchanged');
    expect(v.baseline?.count).toBe(30);
    expect(v.baseline?.limit).toBeCloseTo(expected, 5);
  });

  it('restarts the baseline at an improvement before it is final, so giving part of it back is caught', () => {
    // 20% faster at 60, then 15% slower again at 74: still better than the old level.
    for (const seed of [9, 10, 11]) {
      const values = noisy((i) => (i < 60 ? 1 : i < 74 ? 0.8 : 0.92), 90, 0.02, seed);
      const r = replay(series(values), settings(), { suiteCases: 10, from: 1 });
      expect(r.raised).toHaveLength(1);
      expect(r.raised[0]?.at).toBeGreaterThanOrEqual(74);
      expect(r.raised[0]?.at).toBeLessThanOrEqual(77);
    }
  });

  it('restarts the baseline at a change point in either direction', () => {
    const values = noisy((i) => (i < 50 ? 1 : 1.3), 75, 0.02, 12);
    const r = replay(series(values), settings(), { suiteCases: 10, from: 1 });
    const cp = r.alerts.find((a) => a.kind === 'change-point' && a.status !== 'cleared');
    expect(cp).toBeDefined();
    const last = assessCase(series(values), memoryOf(r.alerts, 'default', 'warm / total'), settings(), { suiteCases: 10 }).verdict;
    expect(last.baseline?.sinceSha).toBe(cp?.sha);
    expect(last.baseline?.median).toBeGreaterThan(1.2);
  });
});

describe('alert status over later runs', () => {
  it('clears a suspicion two slow hosts in a row raised once the series stays put', () => {
    const values = noisy(() => 1, 90, 0.02, 21);
    values[50] = 1.4;
    values[51] = 1.45;
    const r = replay(series(values), settings(), { suiteCases: 10, from: 1 });
    expect(r.raised.map((a) => a.at)).toEqual([51]);
    const stored = r.alerts.filter((a) => a.kind === 'regression');
    expect(stored).toHaveLength(1);
    expect(stored[0]?.status).toBe('cleared');
    expect(stored[0]?.reason).toMatch(/cleared: no lasting step/);
  });

  it('does not let an improvement right after a suspicion confirm it', () => {
    for (const seed of [21, 22, 23]) {
      const values = noisy((i) => (i < 52 ? 1 : 0.8), 100, 0.02, seed);
      values[50] = 1.4;
      values[51] = 1.45;
      const r = replay(series(values), settings(), { suiteCases: 10, from: 1 });
      expect(r.raised.map((a) => a.at)).toEqual([51]);
      expect(r.alerts.find((a) => a.kind === 'regression')?.status).toBe('cleared');
      expect(r.alerts.find((a) => a.kind === 'change-point' && a.status === 'confirmed')?.change).toBeLessThan(-0.15);
    }
  });

  it('does not raise the same step twice while its alert is open', () => {
    const values = noisy((i) => (i < 60 ? 1 : 1.25), 75, 0.02, 31);
    const r = replay(series(values), settings(), { suiteCases: 10, from: 1 });
    expect(r.raised).toHaveLength(1);
    expect(r.verdicts.slice(60, 66).filter((v) => v === 'regressed').length).toBeGreaterThan(1);
  });

  it('replaces its own alert when the same commit is published again', () => {
    const values = noisy((i) => (i < 40 ? 1 : 1.3), 42, 0.02, 41);
    const s = series(values);
    const first = assessCase(s, NO_MEMORY, settings(), { suiteCases: 10 });
    expect(first.verdict.alert?.kind).toBe('regression');
    const stored = updateAlerts([], [first.verdict], [first.changePoints]);
    // A re-run writes a new segment for the same commit: same sha, a later seq.
    const rerun: CaseSeries = { ...s, points: [...s.points.slice(0, -1), { ...(s.points[s.points.length - 1] as SeriesPoint), seq: 99 }] };
    const again = assessCase(rerun, memoryOf(stored, 'default', 'warm / total'), settings(), { suiteCases: 10 });
    const after = updateAlerts(stored, [again.verdict], [again.changePoints]);
    expect(after.filter((a) => a.kind === 'regression')).toHaveLength(1);
    // The alert names the culprit, the first commit of the step (c40), which the re-run did not move.
    expect(after.find((a) => a.kind === 'regression')?.sha).toBe(s.points[40]?.sha);
  });
});

describe('compatibility: github-action-benchmark’s ratio to the previous point', () => {
  const ratio = settings({ method: 'ratio', ratioThreshold: 1.5 });
  it('alerts when a time is more than 150% of the previous one, whatever the history', () => {
    const v = judge(series([1, 1, 1, 1, 1.6]), ratio);
    expect(v.kind).toBe('regressed');
    expect(v.change).toBeCloseTo(0.6);
    expect(v.reason).toBe('+60% worse: 160% of the previous commit c300000, above the alert threshold of 150%');
    expect(judge(series([1, 1.49]), ratio).kind).toBe('unchanged');
    expect(judge(series([1, 1.5]), ratio).kind).toBe('unchanged');
  });
  it('divides the other way for bigger-is-better', () => {
    expect(judge(series([100, 60], 'bigger', 'ops/s'), ratio).kind).toBe('regressed');
    expect(judge(series([100, 70], 'bigger', 'ops/s'), ratio).kind).toBe('unchanged');
  });
  it('needs only one earlier point', () => {
    expect(judge(series([1]), ratio).kind).toBe('not-enough-history');
  });
});

describe('pull-request comparison', () => {
  it('reports the head point alone against the base trend, raising nothing', () => {
    const s = series([...noisy(() => 1, 40, 0.02, 51), 1.3]);
    const { verdict, changePoints } = assessCase(s, NO_MEMORY, settings(), { suiteCases: 10, mode: 'compare' });
    expect(verdict.kind).toBe('regressed');
    expect(verdict.alert).toBeUndefined();
    expect(changePoints.found).toEqual([]);
  });
  it("says a short history is the base branch's, not the head's", () => {
    const none = assessCase(series([1.3]), NO_MEMORY, settings(), { suiteCases: 1, mode: 'compare' }).verdict;
    expect(none.kind).toBe('not-enough-history');
    expect(none.reason).toMatch(/the published trend holds no point of this case yet; \d+ are needed to judge a pull request against it/);
    const few = assessCase(series([1, 1.01, 1.3]), NO_MEMORY, settings(), { suiteCases: 1, mode: 'compare' }).verdict;
    expect(few.reason).toMatch(/the published trend holds 2 commits of this case; \d+ are needed/);
    expect(few.reason).not.toMatch(/on record/);
  });
});
