// What the regression hook adds to a publish: the time to gather each case's recent points from
// the segments and judge the newest one (detector and change-point scan), for suites of 10 and
// 363 cases (snarkVM's size) and histories of 88 to 3,000 commits. The scan is bounded to the last
// 300 points per case, so the time should stay flat as the history grows past that.
//
//   node bench/alerts.mjs [--quick] [--json] [--records DIR]
//
// Worst case on purpose: no stored alerts, so no confirmed change point shortens the scan.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const asJson = argv.includes('--json');
const recordsAt = argv.indexOf('--records');
const recordsDir = recordsAt >= 0 ? argv[recordsAt + 1] : undefined;

const work = mkdtempSync(join(tmpdir(), 'benchtrend-bench-alerts-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
await build({
  absWorkingDir: root,
  stdin: {
    contents: `export { regressionDeriver } from './src/jobs/regressions.ts';
export { DEFAULT_ALERT_SETTINGS } from './src/core/regress/settings.ts';
export { generateHistory, PROFILES } from './bench/lib/synthetic.ts';`,
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: join(work, 'alerts.mjs'),
  logLevel: 'warning',
});
const { regressionDeriver, DEFAULT_ALERT_SETTINGS, generateHistory, PROFILES } = await import(pathToFileURL(join(work, 'alerts.mjs')).href);

/** A suite's segments, one per commit, every case a synthetic history with steps. */
function segments(cases, commits) {
  const histories = Array.from({ length: cases }, (_, i) =>
    generateHistory({ seed: 100 + i, commits, profile: PROFILES.moderate, stepSizes: [0.05, 0.1, 0.2], name: `shape / stage-${i}` }),
  );
  return Array.from({ length: commits }, (_, seq) => ({
    schema: 'benchtrend/segment',
    version: 1,
    seq,
    suite: 'default',
    commit: { sha: seq.toString(16).padStart(40, '0'), message: '', author: '', timestamp: '' },
    publishedAt: '',
    shapes: ['shape'],
    points: histories.map((h) => {
      const p = h.points[seq];
      return { case: h.name, shape: 'shape', unit: 's', direction: 'smaller', value: p.value, q1: p.q1, q3: p.q3, min: p.q1, max: p.q3, stdev: null, runs: p.runs, n: p.n, samples: [] };
    }),
  }));
}

const scenarios = quick
  ? [
      [10, 300],
      [10, 3000],
      [363, 300],
    ]
  : [
      [10, 88],
      [10, 300],
      [10, 3000],
      [363, 88],
      [363, 300],
      [363, 3000],
    ];
const reps = quick ? 3 : 7;
const results = [];
for (const [cases, commits] of scenarios) {
  const segs = segments(cases, commits);
  const manifest = { cases: segs[0].points.map((p) => ({ suite: 'default', case: p.case, shape: 'shape', unit: 's', direction: 'smaller', firstSeq: 0, lastSeq: commits - 1, points: commits })) };
  const context = {
    previous: [],
    added: [segs[commits - 1]],
    manifest,
    load: async (from, to) => segs.slice(from, to),
  };
  const times = [];
  let outcome;
  for (let r = 0; r < reps; r++) {
    const deriver = regressionDeriver('default', DEFAULT_ALERT_SETTINGS);
    const t0 = performance.now();
    await deriver.derive(context);
    times.push(performance.now() - t0);
    outcome = deriver.outcome();
  }
  times.sort((a, b) => a - b);
  const ms = times[Math.floor(times.length / 2)];
  results.push({ cases, commits, ms: Math.round(ms * 10) / 10, perCaseMs: Math.round((ms / cases) * 100) / 100, verdicts: outcome.verdicts.length });
  if (!asJson) console.log(`${String(cases).padStart(4)} cases x ${String(commits).padStart(5)} commits: alerts hook ${ms.toFixed(1)} ms per publish (${(ms / cases).toFixed(2)} ms per case; median of ${reps})`);
  if (recordsDir) {
    mkdirSync(recordsDir, { recursive: true });
    const record = {
      command: ['node', 'bench/alerts.mjs', ...(quick ? ['--quick'] : [])],
      n: times.length,
      shape: `alerts-${cases}x${commits}`,
      runs: times.map((t) => ({ stages: { derive: t / 1000 } })),
    };
    writeFileSync(join(recordsDir, `alerts-${cases}x${commits}.json`), `${JSON.stringify(record, null, 2)}\n`);
  }
}
if (asJson) console.log(JSON.stringify(results, null, 2));
