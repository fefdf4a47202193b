/**
 * The rules that issue 17's quality goals added, on constructed series: the culprit placed by
 * the maximum-likelihood split (a step that crossed the limit late named at its start, a slow
 * host before it not named, never before the current level), bimodal runs not overwhelming, a
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

  // A step of about 5% in 2% noise whose points hover at the limit before two cross it.
  const late = [1.05, 1.04, 1.055, 1.045, 1.09, 1.085];

  it('names the start of a small step that first crossed the limit 4 to 6 commits after it', () => {
    const base = noisy(60, 0.02, 5);
    const r = replay(series([...base, ...late]), DEFAULT_ALERT_SETTINGS, { suiteCases: 10, from: 1 });
    // Nothing before its 6th point: the first four stayed inside the limit, one by one and as runs.
    expect(r.verdicts.slice(60, 65)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged']);
    expect(r.raised.map((a) => [a.kind, a.index, a.at])).toEqual([['regression', 60, 65]]);
    expect(r.raised[0]?.sha).toBe(series([...base, ...late]).points[60]?.sha);
    // Six commits late: further back than the run and the four commits the sign vote reached.
    const later = replay(series([...base, 1.06, 1.05, 1.04, 1.06, 1.05, 1.1, 1.1]), DEFAULT_ALERT_SETTINGS, { suiteCases: 10, from: 1 });
    expect(later.raised.map((a) => [a.kind, a.index, a.at])).toEqual([['regression', 60, 66]]);
    expect(later.raised[0]?.reason).toMatch(/: 2 commits in a row are above/);
  });

  it('leaves a slow host just before a late step out: the job moved as one there, or it overshoots the step', () => {
    const base = noisy(60, 0.02, 5);
    // Either host is further out than the step's run, so the case has shown such points before
    // (seen before) and the run waits for a third point; the split still names the step's start.
    // +15%, as large as the step's own run: only the witness tells it apart.
    const withHost = [...base, 1.15, ...late, 1.09];
    const moved = (i: number) => i === 60;
    const witnessed = replay(series(withHost), DEFAULT_ALERT_SETTINGS, { suiteCases: 10, from: 1, hostMoved: moved, jobMovedAlike: moved });
    expect(witnessed.raised.map((a) => [a.kind, a.index, a.at])).toEqual([['regression', 61, 67]]);
    // +35%, far beyond the level the step moved to: left out of the split without a witness.
    const runaway = replay(series([...base, 1.35, ...late, 1.09]), DEFAULT_ALERT_SETTINGS, { suiteCases: 10, from: 1 });
    expect(runaway.raised.map((a) => [a.kind, a.index, a.at])).toEqual([['regression', 61, 67]]);
  });

  it('does not name a slow host the other cases witnessed inside the run: the step starts before it', () => {
    // A 5% step whose third point came on a slow host (+45%): the run of three crosses the limit
    // there, and the split would name the host, far out beyond the step, unless it is left out.
    const values = [...noisy(60, 0.02, 5), 1.05, 1.06, 1.45];
    const moved = (i: number) => i === 62;
    const r = replay(series(values), DEFAULT_ALERT_SETTINGS, { suiteCases: 10, from: 1, hostMoved: moved, jobMovedAlike: moved });
    expect(r.raised.map((a) => [a.kind, a.index, a.at])).toEqual([['regression', 60, 62]]);
  });

  it('names a step no earlier than the current level, right after a better step restarted it', () => {
    for (const step of [66, 68]) {
      // 1.25, then a better level of 1.0 from commit 60 for 6 or 8 commits, then +8%.
      const values = noisyLevel((i) => (i < 60 ? 1.25 : i < step ? 1 : 1.08), step + 6, 0.02, 3);
      const r = replay(series(values), DEFAULT_ALERT_SETTINGS, { suiteCases: 10, from: 1 });
      expect(r.alerts.filter((a) => a.kind === 'change-point').map((a) => a.seq)).toEqual([60]);
      expect(r.raised.map((a) => [a.kind, a.index, a.at])).toEqual([['regression', step, step + 1]]);
    }
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
  it('raises no step for the episode when the level after it is better than before (a faster runner next)', () => {
    // Eight slower jobs, then a runner faster than the first: the scan finds the rise and the
    // fall, and the rise did not last, though the level after differs from the one before.
    const episode = (i: number) => i >= 60 && i < 68;
    const after = noisy(100, 0.01, 9).map((v, i) => (episode(i) ? v * 1.3 : i >= 68 ? v * 0.85 : v));
    const r = replay(series(after), DEFAULT_ALERT_SETTINGS, { suiteCases: 10, from: 1, hostMoved: episode, jobMovedAlike: episode });
    expect(r.raised).toEqual([]);
    expect(r.verdicts[67]).toBe('watch');
  });
  it('a lasting step of the same size is raised when the job stops moving as one, at its start', () => {
    const lasting = noisy(100, 0.01, 9).map((v, i) => (i >= 60 ? v * 1.15 : v));
    // The job "moves" for as long as each case's recent median has not caught up (six commits).
    const moved = (i: number) => i >= 60 && i < 66;
    const r = replay(series(lasting), DEFAULT_ALERT_SETTINGS, { suiteCases: 10, from: 1, hostMoved: moved, jobMovedAlike: moved });
    expect(r.raised.map((a) => [a.kind, a.index, a.at])).toEqual([['regression', 60, 66]]);
  });
});
