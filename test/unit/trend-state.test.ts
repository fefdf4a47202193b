/**
 * The regression state (src/core/trend/regress-state.ts): a publish judged from it equals one
 * judged from the chunks on the same history, it stays bounded, it is rebuilt from the chunks
 * when it cannot be appended to or does not read, and the write gate refuses to write a damaged
 * one.
 */
import { describe, expect, it } from 'vitest';
import type { Point } from '../../src/core/model.js';
import { Random } from '../../src/core/regress/prng.js';
import { DEFAULT_ALERT_SETTINGS } from '../../src/core/regress/settings.js';
import type { AlertContext } from '../../src/core/trend/plan.js';
import { STATE_BLOCK, STATE_POINTS, statePath, type StateFile } from '../../src/core/trend/regress-state.js';
import { readState } from '../../src/core/trend/state-plan.js';
import type { Manifest } from '../../src/core/trend/types.js';
import { TrendDataError, checkWrittenFiles } from '../../src/core/trend/validate.js';
import { caseHistories, comparePullRequest, regressionDeriver, type RegressionOutcome } from '../../src/jobs/regressions.js';
import { commit, LOCATION, MemoryTrend } from './trend-memory.js';

function point(name: string, value: number, spread = 0.01): Point {
  const samples = [value * (1 - spread), value, value * (1 + spread)];
  return {
    case: name,
    shape: name.split(' / ')[0] as string,
    metric: name.split(' / ')[1] as string,
    unit: 's',
    direction: 'smaller',
    value,
    q1: samples[0] as number,
    q3: samples[2] as number,
    min: samples[0] as number,
    max: samples[2] as number,
    stdev: value * spread,
    runs: 3,
    n: 3,
    samples,
  };
}

/** Everything a verdict and the stored alerts say, so two judgements can be compared whole. */
function judged(o: RegressionOutcome | undefined): unknown {
  if (!o) return undefined;
  const { source: _source, ...rest } = o;
  return rest;
}

/**
 * Publishes through a hook that judges every commit twice, from the state the planner hands it
 * and from the chunks alone, and fails on the first difference. Returns where each judgement came from.
 */
async function publishJudgedTwice(trend: MemoryTrend, suite: string, n: number, points: Point[]): Promise<'state' | 'chunks' | undefined> {
  const fromState = regressionDeriver(suite, DEFAULT_ALERT_SETTINGS);
  const fromChunks = regressionDeriver(suite, DEFAULT_ALERT_SETTINGS);
  const alerts = async (ctx: AlertContext) => {
    const a = await fromState.derive(ctx);
    const { states: _states, ...withoutState } = ctx;
    const b = await fromChunks.derive(withoutState);
    expect(fromChunks.outcome()?.source ?? 'chunks').toBe('chunks');
    expect(judged(fromState.outcome()), `${suite} at commit ${n}`).toEqual(judged(fromChunks.outcome()));
    expect(a).toEqual(b);
    // The walk for the judged cases alone hands them exactly what the walk for every case of the
    // suite always did, so no verdict moves with it (a dropped case no longer sends it 2,400 back).
    const judgedSeq = ctx.added[ctx.added.length - 1]?.seq as number;
    const only = new Set(points.map((p) => p.case));
    const all = await caseHistories(ctx.load, ctx.manifest, suite, judgedSeq + 1, STATE_POINTS);
    const some = await caseHistories(ctx.load, ctx.manifest, suite, judgedSeq + 1, STATE_POINTS, only);
    for (const name of only) expect(some.get(name)).toEqual(all.get(name));
    return a;
  };
  await trend.publish({ commit: commit(n), suite, points, alerts });
  return fromState.outcome()?.source;
}

/**
 * Pure computation: 700 in-memory publishes, or 400 judged both from the state and from the
 * chunks. No git, no network, nothing waited on, so a limit here only catches a loop that never
 * ends. The first test took 45 s beside one other file on a loaded 2-core machine, and several
 * times that when every unit file runs beside it (vitest only notices the limit once the test's
 * promises settle, so an over-limit run fails after doing all its work right); the limit is that
 * work's, with room for a loaded machine.
 */
const COMPUTE_TIMEOUT = 600_000;

describe('the regression state', { timeout: COMPUTE_TIMEOUT }, () => {
  it('judges every publish exactly as the chunks do: steps, a dropped and a new case, a re-run, a second suite, a trend without a state', async () => {
    const trend = new MemoryTrend();
    const rng = new Random(12);
    const sources: (string | undefined)[] = [];
    const level = (name: string, n: number) => {
      if (name === 'warm / attach') return n >= 200 && n < 330 ? 2.6 : 2; // a regression, later undone
      if (name === 'warm / total') return 1 + (n >= 120 ? 0.08 : 0); // a small lasting step
      return 3;
    };
    for (let n = 1; n <= 360; n++) {
      const names = ['warm / total', 'warm / attach', ...(n < 250 ? ['warm / host-prep'] : []), ...(n >= 100 ? ['cold / total'] : [])];
      const job = Math.exp(0.02 * rng.normal());
      const points = names.map((name) => point(name, level(name, n) * job * Math.exp(0.01 * rng.normal())));
      sources.push(await publishJudgedTwice(trend, 'default', n, points));
      // A second suite now and then, interleaved in the log.
      if (n % 7 === 0) await publishJudgedTwice(trend, 'arm', n, [point('warm / total', 5 * Math.exp(0.03 * rng.normal()))]);
      // A re-run of this commit: the state cannot be appended to and is built again from the chunks.
      if (n === 150) sources.push(await publishJudgedTwice(trend, 'default', n, points.map((p) => point(p.case, p.value * 1.01))));
      // A trend written before the state existed (or by an older benchtrend): built from the chunks.
      if (n === 280) for (const path of [...trend.files.keys()]) if (path.startsWith('data/r/0000/')) trend.files.delete(path);
    }
    // After the first publish every judgement came from the state.
    expect(sources.filter((s) => s !== 'state')).toEqual([]);
    const manifest = trend.json<Manifest>('manifest.json');
    expect(manifest.alerts.some((a) => a.case === 'warm / attach' && a.kind === 'regression')).toBe(true);

    // A pull request compared from the state equals one compared from the chunks.
    const pr = [point('warm / total', 1.08), point('warm / attach', 2.9), point('cold / total', 3)];
    const withState = await comparePullRequest(trend.read, LOCATION, 'default', pr, 'f'.repeat(40), DEFAULT_ALERT_SETTINGS);
    const chunksOnly = new MemoryTrend();
    for (const [path, text] of trend.files) if (!path.startsWith('data/r/')) chunksOnly.files.set(path, text);
    const fromChunks = await comparePullRequest(chunksOnly.read, LOCATION, 'default', pr, 'f'.repeat(40), DEFAULT_ALERT_SETTINGS);
    expect(withState).toEqual(fromChunks);
    expect(withState.map((v) => v.kind)).toContain('regressed');
  });

  it('stays bounded: the newest STATE_POINTS entries of the suite, in blocks, whatever the history’s length; a dropped case goes with its blocks', async () => {
    const trend = new MemoryTrend();
    const written: string[][] = [];
    for (let n = 1; n <= 700; n++) {
      const names = ['warm / total', ...(n < 350 ? ['warm / gone'] : [])];
      const plan = await trend.publish({ commit: commit(n), points: names.map((name) => point(name, 1 + (n % 5) / 100)) });
      written.push([...plan.files.keys()].filter((p) => p.startsWith('data/r/')));
    }
    const manifest = trend.json<Manifest>('manifest.json');
    const state = await readState(trend.read, LOCATION, manifest, 0);
    expect(state?.entries.length).toBeGreaterThanOrEqual(STATE_POINTS);
    expect(state?.entries.length).toBeLessThan(STATE_POINTS + STATE_BLOCK);
    expect(state?.entries[state.entries.length - 1]?.seq).toBe(699);
    expect(state?.entries.some((e) => e.values.size > 1)).toBe(false);
    const files = [...trend.files.keys()].filter((p) => p.startsWith('data/r/'));
    expect(files.length).toBeLessThanOrEqual(Math.ceil(STATE_POINTS / STATE_BLOCK) + 2);
    // A publish rewrites the head, and every 16th also writes the block it fills.
    expect(written[698]).toEqual([statePath(0, 'head')]);
    expect(written.filter((w) => w.length === 2)).toHaveLength(Math.floor(700 / STATE_BLOCK));
  });

  it('is written through the write gate, which refuses a head that does not match its manifest', async () => {
    const trend = new MemoryTrend();
    for (let n = 1; n <= 3; n++) await trend.publish({ commit: commit(n), points: [point('warm / total', 1 + n / 100)] });
    const files = new Map(trend.files);
    expect(() => checkWrittenFiles(files, LOCATION)).not.toThrow();
    const head = trend.json<StateFile>(statePath(0, 'head'));
    expect(head).toMatchObject({ schema: 'benchtrend/regression-state', version: 1, suite: 0, blocks: [0, 0], seq: [0, 1, 2], cases: [0], values: [[1.01, 1.02, 1.03]] });

    const short = new Map(files).set(statePath(0, 'head'), JSON.stringify({ ...head, values: [[1.01, 1.02]] }));
    expect(() => checkWrittenFiles(short, LOCATION)).toThrow(`${LOCATION}/${statePath(0, 'head')}: benchtrend would write data its readers refuse (values[0] has 2 rows for 3 entries; the regression state is damaged, refusing to publish over it); nothing was pushed`);
    const foreign = new Map(files).set(statePath(0, 'head'), JSON.stringify({ ...head, seq: [0, 1, 7] }));
    expect(() => checkWrittenFiles(foreign, LOCATION)).toThrow('seq[2] is 7, but the manifest counts 3 segments');
    const unknown = new Map(files).set('data/r/0000/extra.json', '{}');
    expect(() => checkWrittenFiles(unknown, LOCATION)).toThrow('a path under data/ that no reader knows');
  });

  it('builds a damaged state again from the chunks, says which file and why, and judges as before', async () => {
    const publishTwenty = async () => {
      const t = new MemoryTrend();
      for (let n = 1; n <= 20; n++) await t.publish({ commit: commit(n), points: [point('warm / total', 1 + n / 100)] });
      return t;
    };
    const intact = await publishTwenty();
    const next = { commit: commit(21), points: [point('warm / total', 1.2)] };
    const expected = await intact.publish(next);
    expect(expected.warnings).toEqual([]);
    const damages: [string, (t: MemoryTrend) => void, RegExp][] = [
      ['a block gone', (t) => t.files.delete(statePath(0, 0)), /0\.json: missing, but .*head\.json lists blocks 0 to 0: the regression state of suite "default" is built again from the chunks$/],
      ['a head that is not JSON', (t) => t.files.set(statePath(0, 'head'), '{"version": 2,'), /head\.json: existing trend data is not JSON \(.*\): the regression state of suite "default" is built again from the chunks$/],
      ['a head against another manifest', (t) => t.files.set(statePath(0, 'head'), JSON.stringify({ ...t.json<StateFile>(statePath(0, 'head')), seq: [0, 1, 70] })), /head\.json: .*: the regression state of suite "default" is built again from the chunks$/],
    ];
    for (const [label, damage, warning] of damages) {
      const trend = await publishTwenty();
      damage(trend);
      const plan = await trend.publish(next);
      expect(plan.warnings, label).toHaveLength(1);
      expect(plan.warnings[0], label).toMatch(warning);
      // The state built again, the manifest and its alerts: the branch is as the intact one's.
      expect(trend.files, label).toEqual(intact.files);
      expect(await readState(trend.read, LOCATION, trend.json<Manifest>('manifest.json'), 0), label).toEqual(await readState(intact.read, LOCATION, intact.json<Manifest>('manifest.json'), 0));
    }
  });

  it('still stops a publish over a state a newer benchtrend wrote, and writes nothing', async () => {
    const trend = new MemoryTrend();
    for (let n = 1; n <= 20; n++) await trend.publish({ commit: commit(n), points: [point('warm / total', 1 + n / 100)] });
    const head = trend.json<StateFile>(statePath(0, 'head'));
    trend.files.set(statePath(0, 'head'), JSON.stringify({ ...head, version: head.version + 1 }));
    const before = new Map(trend.files);
    await expect(trend.publish({ commit: commit(21), points: [point('warm / total', 1.2)] })).rejects.toThrow(TrendDataError);
    await expect(trend.publish({ commit: commit(21), points: [point('warm / total', 1.2)] })).rejects.toThrow(/head\.json: written by a newer benchtrend \(regression state \d+, this one reads \d+\); upgrade benchtrend \(the action's version, or the npm package of the CLI\)/);
    expect(trend.files).toEqual(before);
  });
});
