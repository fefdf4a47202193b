/**
 * The rules that issue 17's quality goals added, on constructed series: the culprit placed by
 * the sign split, a slow host before a step not named for it, bimodal runs not overwhelming, a
 * runner episode of several jobs raising nothing, and a found step raised only when it lasts.
 */
import { describe, expect, it } from 'vitest';
import { noisy as noisyLevel, series } from './regress-series.js';

/** Noise around 1: the level these series step from. */
const noisy = (count: number, sigma: number, seed: number): number[] => noisyLevel(() => 1, count, sigma, seed);
import { assessCase, NO_MEMORY } from '../../src/core/regress/detect.js';
import { replay } from '../../src/core/regress/replay.js';
import { DEFAULT_ALERT_SETTINGS } from '../../src/core/regress/settings.js';

describe('the culprit split', () => {
  it('names the first point of a small step even when only the second crossed the limit', () => {
    const base = noisy(60, 0.02, 5);
    const values = [...base, 1.045, 1.085, 1.082];
    // The step's first point is within the limit even of two in a row: the run beyond it starts one later.
    const r = replay(series(values), DEFAULT_ALERT_SETTINGS, { suiteCases: 10, from: 1 });
    expect(r.verdicts[60]).toBe('unchanged');
    expect(r.verdicts[61]).not.toBe('regressed');
    expect(r.raised.map((a) => [a.kind, a.index, a.at])).toEqual([['regression', 60, 62]]);
    // Its run was the last two points; the split named the one before them.
    expect(r.raised[0]?.reason).toMatch(/: 2 commits in a row are above/);
  });

  it('does not name a slow host just before the step', () => {
    // The slow host, further out than the step, makes two points wait for a third (seen before).
    const values = [...noisy(60, 0.02, 5), 1.35, 1.0, 1.2, 1.21, 1.2];
    const r = replay(series(values), DEFAULT_ALERT_SETTINGS, { suiteCases: 10, from: 1 });
    expect(r.raised.map((a) => [a.kind, a.index, a.at])).toEqual([['regression', 62, 64]]);
  });
});

describe('bimodal runs are not an overwhelming step', () => {
  const values = [...noisy(40, 0.01, 11), 1.4];
  it('waits when the better quartile of the point stayed at the baseline (a few runs astray)', () => {
    const astray = series(values, 'smaller', 's', (i, v) => (i === 40 ? 1.0 : v * 0.99));
    expect(assessCase(astray, NO_MEMORY, DEFAULT_ALERT_SETTINGS, { suiteCases: 10, hostMoved: false }).verdict.kind).toBe('watch');
  });
  it('alerts at once when every run moved', () => {
    expect(assessCase(series(values), NO_MEMORY, DEFAULT_ALERT_SETTINGS, { suiteCases: 10, hostMoved: false }).verdict.kind).toBe('regressed');
  });
});

describe('a runner episode of several jobs', () => {
  // A slow host (+15%, every case alike) that stays for seven jobs, then goes.
  const slow = (i: number) => i >= 60 && i < 67;
  const values = noisy(100, 0.01, 9).map((v, i) => (slow(i) ? v * 1.15 : v));
  it('raises nothing while the job moves as one, and nothing when it goes back: no regression, no step', () => {
    const r = replay(series(values), DEFAULT_ALERT_SETTINGS, { suiteCases: 10, from: 1, hostMoved: slow, jobMovedAlike: slow });
    expect(r.raised).toEqual([]);
    expect(r.verdicts[66]).toBe('watch');
  });
  it('without the witness, the same seven jobs raise one regression at their start, and no step besides', () => {
    const r = replay(series(values), DEFAULT_ALERT_SETTINGS, { suiteCases: 10, from: 1 });
    expect(r.raised.map((a) => [a.kind, a.index])).toEqual([['regression', 60]]);
  });
  it('a lasting step of the same size is raised when the job stops moving as one, at its start', () => {
    const lasting = noisy(100, 0.01, 9).map((v, i) => (i >= 60 ? v * 1.15 : v));
    // The job "moves" for as long as each case's recent median has not caught up (six commits).
    const moved = (i: number) => i >= 60 && i < 66;
    const r = replay(series(lasting), DEFAULT_ALERT_SETTINGS, { suiteCases: 10, from: 1, hostMoved: moved, jobMovedAlike: moved });
    expect(r.raised.map((a) => [a.kind, a.index, a.at])).toEqual([['regression', 60, 66]]);
  });
});
