/**
 * The rules that keep a case's own history from alerting (issue 17, precision on real histories):
 * a run whose like the baseline has already shown (seen before), a return from a short better
 * spell (rebound), and a single-run point or a tool's summary that cannot be overwhelming on
 * its own.
 */
import { describe, expect, it } from 'vitest';
import { noisy, points, series, settings } from './regress-series.js';
import { assessCase, NO_MEMORY, type CaseSeries } from '../../src/core/regress/detect.js';
import { replay } from '../../src/core/regress/replay.js';

const judge = (s: CaseSeries, hostMoved?: boolean) => assessCase(s, NO_MEMORY, settings(), { suiteCases: 10, ...(hostMoved !== undefined ? { hostMoved } : {}) }).verdict;

/** 30 commits at 1.0 (1% noise) whose second mode, 25% slower, shows twice. */
function twoModes(): number[] {
  const values = noisy(() => 1, 30, 0.01, 3);
  values[8] = 1.25;
  values[19] = 1.26;
  return values;
}

describe('seen before: a run the baseline has shown already', () => {
  it('waits on two points of a second mode that recurs', () => {
    const v = judge(series([...twoModes(), 1.22, 1.22]));
    expect(v.kind).toBe('watch');
    expect(v.reason).toMatch(/2 commits in a row are above .* but 2 of the 30 commits before were further out/);
    // The same two points after a baseline without the second mode are a regression.
    const clean = noisy(() => 1, 30, 0.01, 3);
    expect(judge(series([...clean, 1.22, 1.22])).kind).toBe('regressed');
  });

  it('says "the newest commit" of a pull request’s one head point the second mode explains', () => {
    // Two points of the slower mode on the level, older than the window of 30.
    const values = noisy(() => 1, 45, 0.01, 3);
    values[5] = 1.35;
    values[6] = 1.36;
    const v = assessCase(series([...values, 1.2]), NO_MEMORY, settings(), { suiteCases: 10, mode: 'compare' }).verdict;
    expect(v.kind).toBe('watch');
    expect(v.reason).toMatch(/^\+\d\d% worse: the newest commit is above .* but 2 of the 45 commits before were further out/);
    expect(v.reason).not.toMatch(/1 commits/);
    // One such commit before "was" further out.
    const once = noisy(() => 1, 45, 0.01, 3);
    once[5] = 1.35;
    const w = assessCase(series([...once, 1.2]), NO_MEMORY, settings(), { suiteCases: 10, mode: 'compare' }).verdict;
    expect(w.reason).toMatch(/but 1 of the 45 commits before was further out/);
  });

  it('still raises a step to a new level once the run has grown', () => {
    // Three in a row: (2 + 1) / (30 + 2) cubed is 8 in 10,000, above the 3 in 10,000 that three
    // or more wait for; the fourth point is 8 in 100,000, and the step is raised, named at its first.
    const three = judge(series([...twoModes(), 1.22, 1.22, 1.22]));
    expect(three.kind).toBe('watch');
    expect(three.reason).toMatch(/3 commits in a row are above .* but 2 of the 30 commits before were further out/);
    expect(judge(series([...twoModes(), 1.22, 1.22, 1.22, 1.22])).kind).toBe('regressed');
    const r = replay(series([...twoModes(), ...noisy(() => 1.22, 30, 0.01, 9)]), settings(), { suiteCases: 10, from: 1 });
    const first = r.raised[0];
    expect(first?.kind).toBe('regression');
    expect(first?.index).toBe(30);
    expect(first?.at).toBe(33);
  });

  it('counts a second mode over 60 commits of the level, not only the 30 of the window', () => {
    // The second mode showed twice, 40 and 50 commits ago: outside the window, inside the level.
    const values = noisy(() => 1, 60, 0.01, 5);
    values[10] = 1.25;
    values[20] = 1.26;
    const v = judge(series([...values, 1.22, 1.22]));
    expect(v.kind).toBe('watch');
    expect(v.reason).toMatch(/2 commits in a row are above .* but 2 of the 60 commits before were further out/);
    // Without them the pair is beyond every point the case has shown: a regression.
    const clean = noisy(() => 1, 60, 0.01, 5);
    expect(judge(series([...clean, 1.22, 1.22])).kind).toBe('regressed');
  });

  it('raises nothing when the pair goes back to the first mode', () => {
    const r = replay(series([...twoModes(), 1.22, 1.22, ...noisy(() => 1, 20, 0.01, 9)]), settings(), { suiteCases: 10, from: 1 });
    expect(r.raised).toEqual([]);
    expect(r.verdicts[31]).toBe('watch');
  });

  it('does not count ties of a quantised bench as further out', () => {
    const values = [5, 5, 5, 5, 5, 6, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5];
    expect(judge(series([...values, 7, 6])).kind).toBe('regressed');
  });
});

describe('rebound: back from a short better spell', () => {
  const before = noisy(() => 1, 40, 0.05, 4);
  // Five commits a little better, within the noise, then three far better: the scan starts a
  // level at the first of them, of which only 3 are clearly better than the level before.
  const spell = [0.95, 0.92, 0.9, 0.93, 0.9, 0.6, 0.6, 0.6];
  const back = [1.12, 1.1, 0.98, 1.0];

  it('is no regression', () => {
    const values = [...before, ...spell, ...back, ...noisy(() => 1, 20, 0.05, 6)];
    const r = replay(series(values), settings(), { suiteCases: 10, from: 1 });
    expect(r.raised).toEqual([]);
    const v = judge(series(values.slice(0, 50)));
    expect(v.kind).toBe('watch');
    expect(v.reason).toMatch(/back at about the level before the better spell at c400000 .*3 commits clearly better/);
  });

  it('is a regression when the better level had lasted', () => {
    // Six clearly better commits are a level of their own (the scan's minimum is 5).
    const lasted = [...spell, 0.6, 0.6, 0.6];
    const r = replay(series([...before, ...lasted, ...back]), settings(), { suiteCases: 10, from: 1 });
    expect(r.raised.map((a) => [a.kind, a.index])).toEqual([['regression', 51]]);
  });
});

describe('rebound: a round trip the case has made before', () => {
  // A job that now and then runs on a much faster machine for a few commits: 8 commits at 0.6,
  // back at 1.0 for 40, then 8 more at 0.6 and back again.
  const fast = (seed: number) => noisy(() => 0.6, 8, 0.02, seed);
  const usual = (n: number, seed: number) => noisy(() => 1, n, 0.02, seed);
  const raised = (values: number[]) => replay(series(values), settings(), { suiteCases: 10, from: 1 }).raised.map((a) => [a.kind, a.index]);

  it('raises the first way back, not the next', () => {
    const values = [...usual(40, 4), ...fast(5), ...usual(40, 6), ...fast(7), ...usual(20, 8)];
    expect(raised(values)).toEqual([['regression', 48]]);
    const v = judge(series(values.slice(0, 98)));
    expect(v.kind).toBe('watch');
    expect(v.reason).toMatch(/back at about the level before the better spell at c880000 .* as it came back before from 8 earlier commits as good as that spell/);
  });

  it('still raises the way back from a better level the case never held before', () => {
    // The earlier spell was at 0.3, not at 0.6: the second is a level of its own.
    const earlier = noisy(() => 0.3, 8, 0.02, 5);
    expect(raised([...usual(40, 4), ...earlier, ...usual(40, 6), ...fast(7), ...usual(20, 8)])).toEqual([
      ['regression', 48],
      ['regression', 96],
    ]);
  });
});

describe('one run is never overwhelming on its own', () => {
  const base = noisy(() => 4, 30, 0.02, 2);
  const oneRun = (values: number[]): CaseSeries => ({ ...series(values), points: points(values).map((p) => ({ ...p, q1: p.value, q3: p.value, runs: 1, n: 1 })) });

  it('waits for the next commit', () => {
    const v = judge(oneRun([...base, 15]), false);
    expect(v.kind).toBe('watch');
    // Five runs that all moved are overwhelming at once.
    expect(judge(series([...base, 15]), false).kind).toBe('regressed');
  });

  it('is raised with the next point, named at the first', () => {
    const r = replay(oneRun([...base, 15, 15.2, 14.9]), settings(), { suiteCases: 10, from: 1, hostMoved: () => false });
    expect(r.raised.map((a) => [a.kind, a.index, a.at])).toEqual([['regression', 30, 31]]);
  });
});

describe("a tool's summary is never overwhelming on its own", () => {
  const base = noisy(() => 40, 30, 0.02, 2);
  // benchmark.js: a mean of 5 samples with its ±RME as the error bar, all five moved with the job.
  const summaries = (values: number[]): CaseSeries => ({
    ...series(values, 'bigger', 'tx/s'),
    points: points(values).map((p) => ({ ...p, q1: p.value * 0.99, q3: p.value * 1.01, runs: 5, n: 5, summaryOnly: true })),
  });

  it('waits for the next commit, whatever its sample count', () => {
    const broken = judge(summaries([...base, 0.5]), false);
    expect(broken.kind).toBe('watch');
    expect(broken.reason).toMatch(/the newest commit alone is below .* so 2 in a row are needed to alert/);
    // The same five values as runs, every one of them moved: overwhelming at once.
    const asRuns: CaseSeries = { ...summaries([...base, 0.5]), points: summaries([...base, 0.5]).points.map(({ summaryOnly: _s, ...p }) => p) };
    expect(judge(asRuns, false).kind).toBe('regressed');
  });

  it('raises nothing for one broken job, and a lasting drop with its second point, named at the first', () => {
    const glitch = replay(summaries([...base, 0.5, ...noisy(() => 40, 12, 0.02, 5)]), settings(), { suiteCases: 10, from: 1, hostMoved: () => false });
    expect(glitch.raised).toEqual([]);
    expect(glitch.verdicts[30]).toBe('watch');
    const drop = replay(summaries([...base, 20, 20.3, 19.8]), settings(), { suiteCases: 10, from: 1, hostMoved: () => false });
    expect(drop.raised.map((a) => [a.kind, a.index, a.at])).toEqual([['regression', 30, 31]]);
  });
});

describe('seen before: what it costs', () => {
  it('leaves a step held at its third point to the change-point scan', () => {
    // A short history with one point further out than the step (+12%), then a lasting +10%:
    // (1 + 1) / (11 + 2) to the third power is above 3 in 10,000, so the limit holds the run;
    // once the window slides past the step's first points the limit no longer sees it, and
    // the scan raises the step, named where it starts, when it is final 20 commits later.
    const step = Array.from({ length: 32 }, (_, i) => [1.1, 1.11, 1.1, 1.12][i % 4] as number);
    const values = [1, 1.01, 0.99, 1.0, 1.02, 1.12, 1.0, 1.01, 0.99, 1.0, 1.01, ...step];
    const r = replay(series(values), settings(), { suiteCases: 10, from: 1 });
    expect(r.verdicts.slice(12, 14)).toEqual(['watch', 'watch']);
    expect(r.raised.map((a) => [a.kind, a.index, a.at])).toEqual([['change-point', 11, 30]]);
    expect(r.alerts.filter((a) => a.raised).map((a) => [a.kind, a.seq, a.status])).toEqual([['change-point', 11, 'confirmed']]);
    // In words: the step, its levels and how long it has held; the method behind the link.
    expect(r.raised[0]?.reason).toMatch(/^\+\d+(\.\d)?% worse: a lasting step starts at c110000, median 1 → 1\.1\d* s over the 20 commits since \(details: docs\/alerts\.md\)$/);
  });
});

describe('a step in a case\'s first commits', () => {
  // Shas that stay distinct past 10 commits (the shared helper's c3… and c30… are one string).
  const young = (values: number[]): CaseSeries => ({ ...series(values), points: points(values).map((p, i) => ({ ...p, sha: i.toString(16).padStart(40, 'e') })) });

  it('is placed where it starts, not at the scan\'s minimum size from the start', () => {
    // Three commits at the old level, then a lasting +15%: the scan cannot split before its 5th
    // point, and used to name the commit two after the step.
    const values = [1, 1.01, 0.99, ...noisy(() => 1.15, 40, 0.01, 3)];
    const r = replay(young(values), settings(), { suiteCases: 10, from: 1 });
    expect(r.raised.map((a) => [a.kind, a.index])).toEqual([['change-point', 3]]);
    expect(r.alerts.filter((a) => a.kind === 'change-point').map((a) => a.sha)).toEqual([young(values).points[3]?.sha]);
    // Stored as raised, so the page lists it and dots it beside the regressions.
    expect(r.alerts.filter((a) => a.kind === 'change-point').map((a) => a.raised)).toEqual([true]);
  });

  it('leaves a split that the points before it do not pull earlier where the scan put it', () => {
    // Five commits at the old level, then the step: the first split the scan may make, and right.
    const values = [1, 1.01, 0.99, 1.0, 1.01, ...noisy(() => 1.15, 40, 0.01, 3)];
    const r = replay(young(values), settings(), { suiteCases: 10, from: 1 });
    expect(r.raised.map((a) => [a.kind, a.index])).toEqual([['change-point', 5]]);
  });
});

describe('a change in the mix of two modes is no step', () => {
  // A case whose jobs land on a 12% slower mode: one in five for 60 commits, then three in five.
  const mixed = (fast: number, slow: number, slowOf5: number, count: number, seed: number): number[] =>
    noisy(() => 1, count, 0.01, seed).map((x, i) => x * (i % 5 < slowOf5 ? slow : fast));

  it('does not raise the step of the median when the faster mode stayed where it was', () => {
    const values = [...mixed(1, 1.12, 1, 60, 3), ...mixed(1, 1.12, 3, 60, 5)];
    const r = replay(series(values), settings(), { suiteCases: 10, from: 1 });
    expect(r.raised).toEqual([]);
  });

  it('raises it when both modes moved', () => {
    const values = [...mixed(1, 1.12, 1, 60, 3), ...mixed(1.12, 1.25, 3, 60, 5)];
    const r = replay(series(values), settings(), { suiteCases: 10, from: 1 });
    expect(r.raised.map((a) => a.index)).toContain(60);
  });
});

describe('a run whose step would start at its newest commit', () => {
  // Two commits just beyond the limit of three in a row (not of two), then one far beyond: the
  // step the run would name is the newest commit alone (running-coach's `test_submit_feedback`, a
  // sag and then one commit at half its speed). A quiet baseline, so that nothing before was as far out.
  const base = Array.from({ length: 42 }, (_, i) => [0.99, 1.0, 1.01][i % 3] as number);
  const loose = settings({ minEffect: 0.01 });
  const at = (values: number[], hostMoved?: boolean) =>
    assessCase(series(values), NO_MEMORY, loose, { suiteCases: 10, ...(hostMoved !== undefined ? { hostMoved } : {}) }).verdict;

  it('waits for the next commit rather than naming one point', () => {
    expect(at([...base, 1.02, 1.02]).kind).toBe('unchanged');
    const v = at([...base, 1.02, 1.02, 1.5]);
    expect(v.kind).toBe('watch');
    expect(v.alert).toBeUndefined();
    expect(v.reason).toMatch(/^\+50% worse: 3 commits in a row are above .* but the step would start at the newest alone/);
  });

  it('raises nothing when that point goes back, and names it when it stays', () => {
    const back = replay(series([...base, 1.02, 1.02, 1.5, 1.0, 1.01, 0.99]), loose, { suiteCases: 10, from: 1 });
    expect(back.raised).toEqual([]);
    const stays = replay(series([...base, 1.02, 1.02, 1.5, 1.5, 1.51]), loose, { suiteCases: 10, from: 1 });
    expect(stays.raised.map((a) => [a.kind, a.index, a.at])).toEqual([['regression', 44, 45]]);
  });

  it('still raises a newest point that is overwhelming on its own at once', () => {
    const v = at([...base, 1.02, 1.02, 1.5], false);
    expect(v.kind).toBe('regressed');
    expect(v.alert?.sha).toBe('c44'.padEnd(40, '0'));
  });
});
