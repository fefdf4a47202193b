/**
 * The fixtures of tools github-action-benchmark does not read: hyperfine, dl-timing-json,
 * qwen-code snapshots, Orca's startup A/B result, and benchtrend's own records. There is no
 * expected parse on file; each test states what it reads from the input (runs, warm-ups,
 * failures, values), and the points go through buildPoints as every caller sends them.
 */
import { describe, expect, it } from 'vitest';
import { buildPoints } from '../../src/core/cases.js';
import type { BenchRecord, Point } from '../../src/core/model.js';
import { parseInput } from '../../src/formats/registry.js';
import { readFixture } from './fixtures.js';

function read(rel: string, format = 'auto', shape?: string): BenchRecord[] {
  return parseInput(rel, readFixture(rel), format, shape === undefined ? {} : { shape });
}

function pointOf(ps: readonly Point[], metric: string): Point {
  const p = ps.find((x) => x.metric === metric);
  if (!p) throw new Error(`no point ${metric} in ${ps.map((x) => x.metric).join(', ')}`);
  return p;
}

describe('hyperfine --export-json', () => {
  it('times[] are the runs, in seconds, one case per command', () => {
    const [record] = read('hyperfine/example.hyperfine-1.15.json', 'hyperfine');
    expect(record?.runs).toBe(5);
    const { points, warnings } = buildPoints(record ? [record] : []);
    expect(warnings).toEqual([]);
    expect(points.map((p) => p.case)).toEqual(['hyperfine / sleep 0.01', 'hyperfine / sleep 0.02']);
    const a = pointOf(points, 'sleep 0.01');
    expect(a.samples).toEqual([0.01075541776, 0.01081785076, 0.01109508276, 0.01082466076, 0.01080586276]);
    // The file's own median is 0.01081785076; the runs give the same.
    expect([a.value, a.unit, a.direction, a.runs, a.n]).toEqual([0.01081785076, 's', 'smaller', 5, 5]);
    expect(pointOf(points, 'sleep 0.02').value).toBe(0.02107659776);
  });

  it('parameters of a parameter scan ride along as extra', () => {
    const { points } = buildPoints(read('hyperfine/example.param.hyperfine-1.15.json', 'hyperfine', 'sleep-scan'));
    expect(points.map((p) => [p.case, p.extra, p.runs, p.value])).toEqual([
      ['sleep-scan / sleep 0.010', 'ms=10', 3, 0.00992073148],
      ['sleep-scan / sleep 0.020', 'ms=20', 3, 0.02036795948],
    ]);
  });

  it('a command that failed in every run has no point, counts 3 failed runs and says so', () => {
    const records = read('hyperfine/example.failing.hyperfine-1.15.json', 'hyperfine');
    const metric = records[0]?.metrics[0];
    expect(metric).toMatchObject({ name: 'false', failed: 3, samples: [null, null, null] });
    const { points, warnings } = buildPoints(records);
    expect(points).toEqual([]);
    expect(warnings).toEqual([
      'hyperfine/example.failing.hyperfine-1.15.json: "false" exited non-zero in 3 of 3 runs (exit code 1); those runs are left out',
    ]);
  });
});

describe('dl-timing-json lines', () => {
  it('cold: one line is one run; stages and the in-process total in seconds', () => {
    const records = read('dl-timing-json/cold.txt', 'dl-timing-json', 'cold-recreate');
    expect(records[0]?.runs).toBe(1);
    const { points } = buildPoints(records);
    expect(points.map((p) => [p.case, p.value, p.unit, p.runs, p.n])).toEqual([
      ['cold-recreate / host-prep', 0.1, 's', 1, 1],
      ['cold-recreate / devpod-up', 4, 's', 1, 1],
      ['cold-recreate / tools', 1.2, 's', 1, 1],
      ['cold-recreate / attach', 0.6, 's', 1, 1],
      ['cold-recreate / total', 5.9, 's', 1, 1],
    ]);
  });

  it('warm-with-stamps: spans and prewarm are not cases; the shape defaults to the format name', () => {
    const { points } = buildPoints(read('dl-timing-json/warm-with-stamps.txt'));
    expect(points.map((p) => [p.case, p.value])).toEqual([
      ['dl-timing-json / handoff', 0.130542],
      ['dl-timing-json / host-prep', 0.027799],
      ['dl-timing-json / devpod-up', 0.455188],
      ['dl-timing-json / attach', 1.726961],
      ['dl-timing-json / total', 2.210768],
    ]);
  });
});

describe('qwen-code snapshots', () => {
  it('daemon startup: 5 measured runs become runs, the 1 warm-up is left out and counted', () => {
    const records = read('qwen-code/daemon-startup-benchmark.json', 'qwen-code');
    const record = records[0] as BenchRecord;
    expect(record.runs).toBe(5);
    expect(record.notes).toEqual(['1 warm-up run (measured: false) left out']);
    const { points, warnings } = buildPoints(records);
    // The snapshot's p50 blocks agree with the medians of the measured runs: no disagreement warning.
    expect(warnings).toEqual(['qwen-code/daemon-startup-benchmark.json: 1 warm-up run (measured: false) left out']);
    expect(points.map((p) => [p.metric, p.unit, p.value, p.runs, p.summaryOnly])).toEqual([
      ['externalCommandToListening', 'ms', 660, 5, undefined],
      ['processToListen', 'ms', 645, 5, undefined],
      ['runQwenServeToListen', 'ms', 352, 5, undefined],
    ]);
    // Iteration 0 (912 ms, the warm-up) is not among the runs.
    expect(pointOf(points, 'externalCommandToListening').samples).toEqual([655, 668, 649, 763, 660]);
    expect(pointOf(points, 'processToListen').samples).toEqual([641, 652, 633, 749, 645]);
  });

  it('daemon vs CLI: percentile blocks are summary points (p50, bar min–max, p90/p99 kept), memory in MB, nulls absent', () => {
    const records = read('qwen-code/daemon-vs-cli-benchmark.json', 'qwen-code');
    expect(records[0]?.runs).toBe(0);
    expect(records[0]?.notes).toEqual([
      'singlePromptLatency was skipped: no model credentials in this environment',
      'not measured (null): cliColdStart.startupPhases.mcpSettledMs, memoryBaseline.daemon10Sessions',
    ]);
    const { points } = buildPoints(records);
    const cold = pointOf(points, 'cliColdStart');
    expect(cold).toMatchObject({ value: 702, q1: 688, q3: 741, min: 688, max: 741, runs: 5, n: 5, unit: 'ms', summaryOnly: true, extra: 'p90=741 p99=741 mean=709.6' });
    expect(pointOf(points, 'daemonBootLatency')).toMatchObject({ value: 1911, min: 1884, max: 2035, extra: 'p90=2016 p99=2035 mean=1932.2' });
    expect(pointOf(points, 'warmSessionCreation')).toMatchObject({ value: 78, min: 71, max: 112 });
    expect(pointOf(points, 'cliColdStart.peakRss')).toMatchObject({ value: 182.4, unit: 'MB', direction: 'smaller' });
    expect(pointOf(points, 'cliColdStart.startupPhases.moduleLoad')).toMatchObject({ value: 214, unit: 'ms' });
    expect(pointOf(points, 'memoryBaseline.daemon5Sessions.totalRss')).toMatchObject({ value: 415.9, unit: 'MB' });
    expect(pointOf(points, 'memoryBaseline.growthPerSession')).toMatchObject({ value: 48.3, unit: 'MB' });
    // A measured 0 MB is a value; the null fields are absent.
    expect(pointOf(points, 'memoryBaseline.daemon0Sessions.acpChildRss').value).toBe(0);
    expect(points.some((p) => p.metric.startsWith('memoryBaseline.daemon10Sessions'))).toBe(false);
    expect(points.some((p) => p.metric.includes('mcpSettled'))).toBe(false);
    expect(points).toHaveLength(17);
  });
});

describe('Orca startup A/B (interleaved ABBA)', () => {
  const records = read('orca/startup-ab.json', 'orca');

  it('becomes two records of one shape, a baseline and a candidate arm, with the control phases', () => {
    expect(records.map((r) => [r.shape, r.arm, r.runs, r.metrics.length])).toEqual([
      ['orca', 'baseline', 12, 16],
      ['orca', 'candidate', 12, 16],
    ]);
    for (const r of records) expect(r.controls).toEqual(['spawnToAppReady', 'appReadyToServices', 'servicesToI18n']);
    // All 24 launches finished ok: nothing failed, no note.
    expect(records.every((r) => r.notes === undefined && r.metrics.every((m) => m.failed === undefined))).toBe(true);
  });

  it('run i of each arm is round i', () => {
    const [base, cand] = records as [BenchRecord, BenchRecord];
    const spawn = (r: BenchRecord): readonly (number | null)[] => r.metrics.find((m) => m.name === 'spawnToAppReady')?.samples ?? [];
    expect(spawn(base).slice(0, 2)).toEqual([1213.6, 1343.7]);
    expect(spawn(cand).slice(0, 2)).toEqual([1047.3, 1724.6]);
  });

  it('the arm medians are those computed from the input independently', () => {
    const [base, cand] = records as [BenchRecord, BenchRecord];
    const pb = buildPoints([base]).points;
    const pc = buildPoints([cand]).points;
    expect([pointOf(pb, 'spawnToAppReady').value, pointOf(pc, 'spawnToAppReady').value]).toEqual([1430.3, 1317.1]);
    expect([pointOf(pb, 'totalToWorkspaceReady').value, pointOf(pc, 'totalToWorkspaceReady').value]).toEqual([6613.95, 6323.4]);
    expect([pointOf(pb, 'daemonInitMs').value, pointOf(pc, 'daemonInitMs').value]).toEqual([2191, 2046]);
    expect(pointOf(pb, 'daemonInitMs')).toMatchObject({ unit: 'ms', direction: 'smaller', runs: 12, n: 12 });
  });
});

describe('bench records', () => {
  it('the record fixtures read as records, whatever the shape option says', () => {
    const { points } = buildPoints([...read('records/warm.json', 'auto', 'ignored'), ...read('records/cold-recreate.json')]);
    expect(points.map((p) => p.case)).toEqual([
      'warm / host-prep', 'warm / devpod-up', 'warm / attach', 'warm / total',
      'cold-recreate / host-prep', 'cold-recreate / devpod-up', 'cold-recreate / tools', 'cold-recreate / attach', 'cold-recreate / total',
    ]);
  });

  it('the A/B cohort: baseline median 1.0961 s, candidate 0.77295 s over 8 rounds', () => {
    const base = buildPoints(read('ab/baseline.json')).points;
    const cand = buildPoints(read('ab/candidate.json')).points;
    expect([pointOf(base, 'create').value, pointOf(base, 'create').runs]).toEqual([1.0961, 8]);
    expect([pointOf(cand, 'create').value, pointOf(cand, 'create').runs]).toEqual([0.77295, 8]);
  });
});
