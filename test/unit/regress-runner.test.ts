/**
 * Runner noise through the publisher's alerts hook: a slow host moves every case of the job, and
 * the suite's other cases and its control cases (input `control-cases`) tell it from the code.
 */
import { describe, expect, it } from 'vitest';
import type { Point } from '../../src/core/model.js';
import { Random } from '../../src/core/regress/prng.js';
import { controlCasesMatchingNothing, DEFAULT_ALERT_SETTINGS, readAlertSettings, type AlertSettings } from '../../src/core/regress/settings.js';
import { regressionDeriver, type RegressionOutcome } from '../../src/jobs/regressions.js';
import { controlsMovedSince, jobMovedAsOne, type ControlHistory } from '../../src/core/regress/host.js';
import { ALIKE_LOOKBACK, HOST_WAIT } from '../../src/core/regress/detect.js';
import { replaySuites } from '../../src/core/regress/replay-trend.js';
import { commit, MemoryTrend } from './trend-memory.js';

const CASES = ['warm / total', 'warm / attach', 'warm / host-prep', 'warm / tools', 'machine / spin'];

function run(rng: Random, factor: (name: string) => number): Point[] {
  const job = Math.exp(0.01 * rng.normal());
  return CASES.map((name, i) => {
    const value = (i + 1) * factor(name) * job * Math.exp(0.005 * rng.normal());
    return { case: name, shape: name.split(' / ')[0] as string, metric: name.split(' / ')[1] as string, unit: 's', direction: 'smaller', value, q1: value * 0.99, q3: value * 1.01, min: value * 0.98, max: value * 1.02, stdev: 0.01, runs: 3, n: 3, samples: [value * 0.99, value, value * 1.01] };
  });
}

/** A tool's summaries (a mean of 5 samples with its error bar), as benchmark.js gives them. */
function summaries(rng: Random, factor: (name: string) => number): Point[] {
  return run(rng, factor).map((p) => ({ ...p, runs: 5, n: 5, stdev: null, samples: [], summaryOnly: true }));
}

async function history(settings: AlertSettings, factor: (n: number, name: string) => number, commits = 45, make = run, trend = new MemoryTrend()): Promise<(RegressionOutcome | undefined)[]> {
  const rng = new Random(3);
  const out: (RegressionOutcome | undefined)[] = [];
  for (let n = 1; n <= commits; n++) {
    const deriver = regressionDeriver('default', settings);
    await trend.publish({ commit: commit(n), points: make(rng, (name) => factor(n, name)), alerts: deriver.derive });
    out[n] = deriver.outcome();
  }
  return out;
}

const raised = (outcomes: (RegressionOutcome | undefined)[]) => outcomes.flatMap((o) => o?.regressions.filter((r) => r.new) ?? []);

describe('runner noise', () => {
  const withControl = readAlertSettings((name) => (name === 'control-cases' ? 'machine / *' : ''));
  // Two jobs in a row on a host 15% slower: every case, the control included.
  const slowHost = (n: number) => (n === 35 || n === 36 ? 1.15 : 1);

  it('reads control-cases as names, globs or metric names', () => {
    expect(withControl.controlCases).toEqual(['machine / *']);
    expect(DEFAULT_ALERT_SETTINGS.controlCases).toEqual([]);
  });

  it('names the control-cases lines that match no case of the run', () => {
    const settings = readAlertSettings((name) => (name === 'control-cases' ? 'machine / *\nspin\nwarm / total, machine / spin\nmachin / spin' : ''));
    expect(controlCasesMatchingNothing(settings, CASES, 'this run')).toEqual([
      'control-cases: "warm / total, machine / spin" matches no case of this run (one case name, glob or metric name per line)',
      'control-cases: "machin / spin" matches no case of this run (one case name, glob or metric name per line)',
    ]);
    expect(controlCasesMatchingNothing(withControl, CASES, 'this run')).toEqual([]);
  });

  it('raises nothing for two slow jobs in a row when the control cases moved too, and says why', async () => {
    const outcomes = await history(withControl, (n) => slowHost(n));
    expect(raised(outcomes)).toEqual([]);
    const at36 = outcomes[36]?.verdicts.find((v) => v.case === 'warm / total');
    expect(at36?.kind).toBe('watch');
    expect(at36?.reason).toMatch(/^looks like the runner, not the code: the control cases moved too/);
  });

  it('without control cases, two slow jobs in a row wait for a third commit as the runner, and raise nothing', async () => {
    const outcomes = await history(DEFAULT_ALERT_SETTINGS, (n) => slowHost(n));
    expect(raised(outcomes)).toEqual([]);
    const at36 = outcomes[36]?.verdicts.find((v) => v.case === 'warm / total');
    expect(at36?.kind).toBe('watch');
    expect(at36?.reason).toMatch(/^nearly every case of this job got worse at once for 2 commits, which looks like the runner; the next commit decides unless the job moves as one again \(/);
  });

  it('without control cases, a slow host that stays for three or four jobs waits as long and raises nothing', async () => {
    for (const last of [37, 38]) {
      const outcomes = await history(DEFAULT_ALERT_SETTINGS, (n) => (n >= 35 && n <= last ? 1.15 : 1));
      expect(raised(outcomes)).toEqual([]);
      expect(outcomes[last]?.verdicts.find((v) => v.case === 'warm / total')?.kind).toBe('watch');
    }
  });

  it('without control cases, a slower runner that stays for seven jobs waits them all, measured against the level before it, and raises nothing', async () => {
    // By the seventh job six of each case's 10 commits before are the episode's: measured against
    // their median the job would look still, and the episode would be raised as lasting.
    const episode = (n: number) => (n >= 35 && n <= 41 ? 1.15 : 1);
    const trend = new MemoryTrend();
    const outcomes = await history(DEFAULT_ALERT_SETTINGS, episode, 50, run, trend);
    expect(raised(outcomes)).toEqual([]);
    expect(outcomes[41]?.verdicts.find((v) => v.case === 'warm / total')?.reason).toMatch(/^nearly every case of this job got worse at once for 7 commits/);
    // The replay of what was published judges it the same way.
    const segments = await Promise.all(Array.from({ length: 50 }, (_, seq) => trend.segment(seq)));
    expect(replaySuites(segments, DEFAULT_ALERT_SETTINGS).alerts).toEqual([]);
  });

  it('without control cases, a lasting step of every case is raised once the job stops moving as one, named at its culprit, saying it may be the runner', async () => {
    const outcomes = await history(DEFAULT_ALERT_SETTINGS, (n) => (n >= 35 ? 1.15 : 1));
    const got = raised(outcomes);
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((r) => r.sha === commit(35).sha)).toBe(true);
    // While the episode lasts each case's move is measured against the level before it, so the
    // job keeps moving as one until the episode has lasted ALIKE_LOOKBACK commits (35 to 42);
    // then it is lasting, and judged as one run at commit 43.
    expect(outcomes.findIndex((o) => o?.regressions.some((r) => r.new))).toBe(35 + ALIKE_LOOKBACK);
    expect(outcomes[42]?.verdicts.find((v) => v.case === 'warm / total')?.reason).toMatch(/^nearly every case of this job got worse at once for 8 commits/);
    // The finding first, what the rest of the job did after it, the method's link last.
    expect(got.every((r) => /^\+\d+% worse: 9 commits in a row are above [\d.]+ s, the most that the last \d+ commits make plausible; nearly every case of this job moved with it from 0000000 and stayed 9 commits: a change that slows every case, or a runner that changed for good; the step starts at 0000000 \(details: docs\/alerts\.md\)$/.test(r.reason))).toBe(true);
  });

  it('raises nothing for a runner that changed for good when the control cases moved with it and stayed, publishing or replaying', async () => {
    const trend = new MemoryTrend();
    const outcomes = await history(withControl, (n) => (n >= 35 ? 1.15 : 1), 80, run, trend);
    expect(raised(outcomes)).toEqual([]);
    // Past the commits the job moved as one for, still the machine's, and said so.
    const later = outcomes[35 + ALIKE_LOOKBACK]?.verdicts.find((v) => v.case === 'warm / total');
    expect(later?.kind).toBe('watch');
    expect(later?.reason).toMatch(/^looks like the runner, not the code: the control cases moved with this run and still are, so nothing is raised \(.*\) \(details: docs\/alerts\.md\)$/);
    // Once the baseline holds both levels its limit is wide enough to call +15% "within": the
    // verdict says whose move it is while the control cases are as far from their own level.
    const within = outcomes.slice(36 + ALIKE_LOOKBACK, 51).flatMap((o) => o?.verdicts.filter((v) => v.case === 'warm / total' && v.kind === 'unchanged' && (v.change ?? 0) >= 0.05) ?? []);
    expect(within.length).toBeGreaterThan(3);
    for (const v of within) expect(v.reason).toMatch(/: within .*; the control cases moved too, so it looks like the runner$/);
    // Back near its own level, no word of the runner.
    const settled = outcomes.slice(60).flatMap((o) => o?.verdicts.filter((v) => v.case === 'warm / total') ?? []);
    expect(settled.filter((v) => /runner/.test(v.reason))).toEqual([]);
    // Nor does the step found later become an alert; replay says the same.
    const segments = await Promise.all(Array.from({ length: 80 }, (_, seq) => trend.segment(seq)));
    expect(replaySuites(segments, withControl).alerts).toEqual([]);
    // Without control cases, the same history raises the step (the test above).
    expect(replaySuites(segments, DEFAULT_ALERT_SETTINGS).alerts.length).toBeGreaterThan(0);
  });

  it('still raises a regression of the code when the control cases held still', async () => {
    const outcomes = await history(withControl, (n, name) => (n >= 35 && name === 'warm / attach' ? 1.15 : 1));
    const got = raised(outcomes);
    expect(got.map((r) => [r.case, r.sha])).toEqual([['warm / attach', commit(35).sha]]);
  });

  it('without control cases, two slow jobs that most but not nearly all cases feel wait a commit as the runner and raise nothing', async () => {
    // Three of the five cases feel the host, two hardly: not 9 in 10, so the job did not move as
    // one, but most of the other cases did move (step 5d′).
    const felt: Record<string, number> = { 'warm / total': 1.2, 'warm / attach': 1.25, 'warm / host-prep': 1.15, 'warm / tools': 1.02, 'machine / spin': 1 };
    const trend = new MemoryTrend();
    const outcomes = await history(DEFAULT_ALERT_SETTINGS, (n, name) => (n === 35 || n === 36 ? (felt[name] as number) : 1), 45, run, trend);
    expect(raised(outcomes)).toEqual([]);
    const at36 = outcomes[36]?.verdicts.find((v) => v.case === 'warm / attach');
    expect(at36?.kind).toBe('watch');
    expect(at36?.reason).toMatch(new RegExp(`^most other cases of this job moved at this commit too, which may be the runner; the next commit decides unless most of the job moves again \\(${HOST_WAIT} commits at most\\) \\(`));
    const segments = await Promise.all(Array.from({ length: 45 }, (_, seq) => trend.segment(seq)));
    expect(replaySuites(segments, DEFAULT_ALERT_SETTINGS).alerts).toEqual([]);
    // The same cases slower for good: the run waits while the rest of the suite keeps moving, up
    // to HOST_WAIT commits (step 5d″), and is raised at the next as one run, where it began.
    const stays = new MemoryTrend();
    const lasting = await history(DEFAULT_ALERT_SETTINGS, (n, name) => (n >= 35 ? (felt[name] as number) : 1), 45, run, stays);
    const got = raised(lasting);
    expect(got.map((r) => r.case).sort()).toEqual(['warm / attach', 'warm / host-prep', 'warm / total']);
    expect(got.every((r) => r.sha === commit(35).sha)).toBe(true);
    expect(lasting.findIndex((o) => o?.regressions.some((r) => r.new))).toBe(35 + HOST_WAIT);
    expect(lasting[35 + HOST_WAIT - 1]?.verdicts.find((v) => v.case === 'warm / attach')?.reason).toMatch(/^most other cases of this job moved at this commit too, which may be the runner; the next commit decides \(/);
    expect(lasting[35 + HOST_WAIT]?.regressions.find((r) => r.case === 'warm / attach')?.reason).toMatch(
      new RegExp(`^\\+\\d+% worse: ${HOST_WAIT + 1} commits in a row are above .*; most of this job moved with it from ${commit(35).sha.slice(0, 7)} and stayed ${HOST_WAIT + 1} commits: a change that slows much of the suite, or a runner that changed for good; the step starts at ${commit(35).sha.slice(0, 7)} \\(details: docs/alerts\\.md\\)$`),
    );
    // The replay of what was published raises the same alerts, named at the same commit.
    const again = await Promise.all(Array.from({ length: 45 }, (_, seq) => stays.segment(seq)));
    expect(replaySuites(again, DEFAULT_ALERT_SETTINGS).alerts.filter((a) => a.kind === 'regression').map((a) => [a.case, a.sha]).sort()).toEqual(got.map((r) => [r.case, r.sha]).sort());
  });

  it('without control cases, a slower host that most but not nearly all cases feel for up to HOST_WAIT jobs waits as long and raises nothing', async () => {
    const felt: Record<string, number> = { 'warm / total': 1.2, 'warm / attach': 1.25, 'warm / host-prep': 1.15, 'warm / tools': 1.02, 'machine / spin': 1 };
    for (let jobs = 2; jobs <= HOST_WAIT; jobs++) {
      const trend = new MemoryTrend();
      const outcomes = await history(DEFAULT_ALERT_SETTINGS, (n, name) => (n >= 35 && n < 35 + jobs ? (felt[name] as number) : 1), 45, run, trend);
      expect(raised(outcomes), `${jobs} jobs`).toEqual([]);
      const last = outcomes[35 + jobs - 1]?.verdicts.find((v) => v.case === 'warm / attach');
      expect(last?.kind, `${jobs} jobs`).toBe('watch');
      // Only the last commit the wait can take is sure to be followed by the verdict.
      const decides = jobs < HOST_WAIT ? `the next commit decides unless most of the job moves again \\(${HOST_WAIT} commits at most\\)` : 'the next commit decides';
      expect(last?.reason).toMatch(new RegExp(`^most other cases of this job moved at this commit too, which may be the runner; ${decides} \\(`));
      const segments = await Promise.all(Array.from({ length: 45 }, (_, seq) => trend.segment(seq)));
      expect(replaySuites(segments, DEFAULT_ALERT_SETTINGS).alerts, `${jobs} jobs`).toEqual([]);
    }
    // One job more is no longer waited for: it is raised at the job after HOST_WAIT, as one run.
    const longer = await history(DEFAULT_ALERT_SETTINGS, (n, name) => (n >= 35 && n <= 35 + HOST_WAIT ? (felt[name] as number) : 1));
    expect(raised(longer).map((r) => [r.case, r.sha])).toContainEqual(['warm / attach', commit(35).sha]);
  });

  it('without control cases, a run that began where most of the job moved waits a commit, though the host has faded at its second', async () => {
    // Most cases feel a slow host at commit 35; at 36 only one is still slow (a host that faded,
    // as a 2-commit spike of half a suite does). Before, its pair was raised at 36, where the rest
    // of the suite no longer moved.
    const first: Record<string, number> = { 'warm / total': 1.2, 'warm / attach': 1.25, 'warm / host-prep': 1.15, 'warm / tools': 1.02, 'machine / spin': 1 };
    const factor = (n: number, name: string) => (n === 35 ? (first[name] as number) : n === 36 && name === 'warm / attach' ? 1.25 : 1);
    const trend = new MemoryTrend();
    const outcomes = await history(DEFAULT_ALERT_SETTINGS, factor, 45, run, trend);
    expect(raised(outcomes)).toEqual([]);
    const at36 = outcomes[36]?.verdicts.find((v) => v.case === 'warm / attach');
    expect(at36?.kind).toBe('watch');
    expect(at36?.reason).toMatch(/^most other cases of this job moved where this run began too, which may be the runner; the next commit decides \(/);
    const segments = await Promise.all(Array.from({ length: 45 }, (_, seq) => trend.segment(seq)));
    expect(replaySuites(segments, DEFAULT_ALERT_SETTINGS).alerts).toEqual([]);
    // The same case slower for good: raised a commit later, named where it began, by the
    // publisher and the replay alike.
    const stays = new MemoryTrend();
    const lasting = await history(DEFAULT_ALERT_SETTINGS, (n, name) => (n === 35 ? (first[name] as number) : n > 35 && name === 'warm / attach' ? 1.25 : 1), 45, run, stays);
    expect(raised(lasting).map((r) => [r.case, r.sha])).toEqual([['warm / attach', commit(35).sha]]);
    expect(lasting.findIndex((o) => o?.regressions.some((r) => r.new))).toBe(37);
    const again = await Promise.all(Array.from({ length: 45 }, (_, seq) => stays.segment(seq)));
    expect(replaySuites(again, DEFAULT_ALERT_SETTINGS).alerts.filter((a) => a.kind === 'regression').map((a) => [a.case, a.sha])).toEqual([['warm / attach', commit(35).sha]]);
  });

  it('without control cases, two jobs on another kind of machine that scatter the suite both ways wait a commit as the runner and raise nothing', async () => {
    // Two of the four other cases 20% faster, two unmoved: their median did not move, but half
    // of them moved ten times as far as they usually do, as another kind of machine moves a suite.
    const other: Record<string, number> = { 'warm / total': 0.8, 'warm / attach': 1.25, 'warm / host-prep': 0.8, 'warm / tools': 1, 'machine / spin': 1 };
    const trend = new MemoryTrend();
    const outcomes = await history(DEFAULT_ALERT_SETTINGS, (n, name) => (n === 35 || n === 36 ? (other[name] as number) : 1), 45, run, trend);
    expect(raised(outcomes)).toEqual([]);
    const at36 = outcomes[36]?.verdicts.find((v) => v.case === 'warm / attach');
    expect(at36?.kind).toBe('watch');
    expect(at36?.reason).toMatch(new RegExp(`^most other cases of this job moved at this commit too, which may be the runner; the next commit decides unless most of the job moves again \\(${HOST_WAIT} commits at most\\) \\(`));
    const segments = await Promise.all(Array.from({ length: 45 }, (_, seq) => trend.segment(seq)));
    expect(replaySuites(segments, DEFAULT_ALERT_SETTINGS).alerts).toEqual([]);
    // One case alone moving as far is the code, and far beyond its 1% noise: raised at once.
    const alone = await history(DEFAULT_ALERT_SETTINGS, (n, name) => (n >= 35 && name === 'warm / attach' ? 1.25 : 1));
    expect(raised(alone).map((r) => [r.case, r.sha])).toEqual([['warm / attach', commit(35).sha]]);
    expect(alone.findIndex((o) => o?.regressions.some((r) => r.new))).toBe(35);
    // The scattered machine and a case that stays slower: raised a commit later, named where it
    // began, by the publisher and the replay alike.
    const stays = new MemoryTrend();
    const lasting = await history(DEFAULT_ALERT_SETTINGS, (n, name) => (n === 35 || n === 36 ? (other[name] as number) : n > 36 && name === 'warm / attach' ? 1.25 : 1), 45, run, stays);
    expect(raised(lasting).map((r) => [r.case, r.sha])).toEqual([['warm / attach', commit(35).sha]]);
    expect(lasting.findIndex((o) => o?.regressions.some((r) => r.new))).toBe(37);
    const again = await Promise.all(Array.from({ length: 45 }, (_, seq) => stays.segment(seq)));
    expect(replaySuites(again, DEFAULT_ALERT_SETTINGS).alerts.filter((a) => a.kind === 'regression').map((a) => [a.case, a.sha])).toEqual([['warm / attach', commit(35).sha]]);
  });

  it('takes nearly every case worse by different factors for the job moving as one, as a slower host moves it', () => {
    // One factor: every case worse by about as much.
    expect(jobMovedAsOne([0.15, 0.16, 0.14], 0.05)).toBe(true);
    // Different factors (a CPU-bound case more than one that waits): 9 in 10 worse by 5% or more.
    expect(jobMovedAsOne([0.08, 0.15, 0.25, 0.35, 0.5, 0.12, 0.2, 0.3, 0.1, 0.01], 0.05)).toBe(true);
    expect(jobMovedAsOne([0.08, 0.15, 0.25, 0.35, 0.5, 0.12, 0.2, 0.3, 0.01, 0.01], 0.05)).toBe(false);
    // Too few cases to tell a host from a change of the code they share.
    expect(jobMovedAsOne([0.1, 0.3, 0.5], 0.05)).toBe(false);
  });

  it('reads a control point a re-run replaced as the publishes before the re-run read it', () => {
    // A control case at 10 for the commits at seqs 1–8; the next job's first run (seq 9) is 13, and
    // its re-run (seq 11) 10. Another job publishing at seq 10 read the 13 as the control's newest.
    const level = Array.from({ length: 8 }, (_, i) => ({ seq: i + 1, value: 10 }));
    const control: ControlHistory = { direction: 'smaller', points: [...level, { seq: 9, value: 13, until: 11 }, { seq: 11, value: 10 }, { seq: 12, value: 11 }] };
    expect(controlsMovedSince([control], 1, 9, 10, 0.05)).toBe(true);
    expect(controlsMovedSince([control], 1, 9, 11, 0.05)).toBe(false);
    // From the re-run on it is no part of the level before either: 11 is 10% above the 10 at seq 8,
    // where with the 13 the level was 11.5 and 11 below it.
    expect(controlsMovedSince([control], 8, 10, 12, 0.05)).toBe(true);
  });

  it('without control cases, two slow jobs that move each case by its own factor wait as the runner and raise nothing', async () => {
    const factors = [1.08, 1.15, 1.25, 1.35, 1.5];
    const slow = (n: number, name: string) => (n === 35 || n === 36 ? (factors[CASES.indexOf(name)] as number) : 1);
    const outcomes = await history(DEFAULT_ALERT_SETTINGS, slow);
    expect(raised(outcomes)).toEqual([]);
    const at36 = outcomes[36]?.verdicts.find((v) => v.case === 'machine / spin');
    expect(at36?.kind).toBe('watch');
    expect(at36?.reason).toMatch(/^nearly every case of this job got worse at once for 2 commits, which looks like the runner/);
    // The same factors lasting are a change of the code: raised once the job stops moving as one, at its start.
    const trend = new MemoryTrend();
    const lasting = raised(await history(DEFAULT_ALERT_SETTINGS, (n, name) => (n >= 35 ? (factors[CASES.indexOf(name)] as number) : 1), 45, run, trend));
    expect(lasting.length).toBeGreaterThan(0);
    expect(lasting.every((r) => r.sha === commit(35).sha)).toBe(true);
    // `benchtrend replay` takes the job for moved as one at the same commits: the same alerts.
    const segments = await Promise.all(Array.from({ length: 45 }, (_, seq) => trend.segment(seq)));
    const replayed = replaySuites(segments, DEFAULT_ALERT_SETTINGS).alerts;
    expect(replayed.map((a) => `${a.case} ${a.sha}`).sort()).toEqual(lasting.map((r) => `${r.case} ${r.sha}`).sort());
  });

  it('alerts an overwhelming step on its own commit when the rest of the suite held still', async () => {
    const outcomes = await history(DEFAULT_ALERT_SETTINGS, (n, name) => (n >= 35 && name === 'warm / tools' ? 1.4 : 1), 36);
    const first = outcomes.findIndex((o) => o?.regressions.some((r) => r.new));
    expect(first).toBe(35);
    expect(outcomes[35]?.regressions.find((r) => r.new)).toMatchObject({ case: 'warm / tools', sha: commit(35).sha });
  });

  it("waits for the next commit when the step is a tool's summaries, and names where it starts", async () => {
    const outcomes = await history(DEFAULT_ALERT_SETTINGS, (n, name) => (n >= 35 && name === 'warm / tools' ? 1.4 : 1), 37, summaries);
    const first = outcomes.findIndex((o) => o?.regressions.some((r) => r.new));
    expect(first).toBe(36);
    expect(outcomes[36]?.regressions.find((r) => r.new)).toMatchObject({ case: 'warm / tools', sha: commit(35).sha });
  });
});
