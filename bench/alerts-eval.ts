/**
 * `npm run eval:alerts` (scripts/eval-alerts.mjs bundles and runs this): measures the regression
 * detector on synthetic histories with injected steps (one case at a time with the generator's
 * mark of each slow host as the witness, and suites of 10 on one machine judged through the
 * replay's own plan, the witness from the other cases), and replays the real
 * github-action-benchmark histories in test/fixtures/trend-data beside the ratio-to-previous rule
 * at 150%.
 *
 * Options: --quick (fewer cases), --json FILE (write the figures), --workers N (default 2),
 * --untuned (other seeds, other step sizes and a noisier job: histories the thresholds were not
 * set on), --only real|synthetic, --culprits (where the first alert of each caught step named its
 * culprit: commits from the step's start, by step size, profile and rule that raised it).
 * Work is spread over worker threads, each running this same bundle.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { Direction } from '../src/core/model.js';
import type { SeriesPoint } from '../src/core/regress/detect.js';
import { DEFAULT_SCORE_OPTIONS, scoreReplay, summarise, type Score, type Summary } from './lib/evaluate.js';
import { replay, type ReplayResult } from '../src/core/regress/replay.js';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from '../src/core/regress/settings.js';
import { generateHistory, generateSuite, PROFILES, suiteSegments, type NoiseProfile } from './lib/synthetic.js';
import { planReplay, replayJob } from '../src/core/regress/replay-trend.js';
import { importGab } from '../src/core/trend/import-gab.js';

type Rule = 'default' | 'single' | 'three' | 'ratio';

interface SyntheticJob {
  readonly kind: 'synthetic';
  readonly profile: keyof typeof PROFILES;
  readonly rule: Rule;
  readonly seed: number;
  readonly commits: number;
  readonly suiteCases: number;
  readonly stepSizes: readonly number[];
  /** Scales the profile's job noise (1 when tuned; the untuned run uses another). */
  readonly jobScale: number;
  /**
   * main: steps of 5/10/20%; short: a history of `commits` without steps (warm-up false alarms);
   * overwhelming: 40% steps, caught on their own commit or not; control: main, with control cases
   * that show every slow host (input control-cases).
   */
  readonly variant: 'main' | 'short' | 'overwhelming' | 'control';
}

/**
 * A suite of `cases` cases on one machine (generateSuite), judged through the replay's own plan
 * (planReplay): the witness of a slow host is the other cases' moves, as `benchtrend replay` and
 * the publisher compute them, not the generator's mark.
 */
interface SuiteJob {
  readonly kind: 'suite';
  readonly profile: keyof typeof PROFILES;
  readonly seed: number;
  readonly commits: number;
  readonly cases: number;
  readonly stepSizes: readonly number[];
  readonly jobScale: number;
}

interface RealJob {
  readonly kind: 'real';
  readonly file: string;
  readonly suite: string;
  /** Cases [from, to) of the suite, in first-seen order. */
  readonly from: number;
  readonly to: number;
}

type Job = SyntheticJob | SuiteJob | RealJob;

interface RealResult {
  readonly file: string;
  readonly suite: string;
  readonly entries: number;
  readonly cases: number;
  /** Alerts raised at each entry, per rule. */
  readonly ratioAt: number[];
  readonly defaultAt: number[];
  readonly statuses: Record<string, number>;
  readonly changePoints: number;
}

const STEP_SIZES = [0.05, 0.1, 0.2];
/** The untuned run: step sizes, seeds and a job noise the thresholds were never set on. */
const UNTUNED = { stepSizes: [0.07, 0.14, 0.25], seedOffset: 70_000, jobScale: 1.2 };
// scripts/eval-alerts.mjs runs the bundle from a temporary folder with the repository as its
// working directory, so the fixtures are found from there, not from the bundle's own place.
const FIXTURES = join(process.cwd(), 'test/fixtures/trend-data/');
const REAL_FILES = ['github-action-benchmark-data.js', 'prisma-data.js', 'snarkVM-data.js'];

function settingsFor(rule: Rule): AlertSettings {
  if (rule === 'single') return { ...DEFAULT_ALERT_SETTINGS, alertAfter: 1 };
  // The setting docs/alerts.md suggests for noisy suites: what it costs in recall and delay.
  if (rule === 'three') return { ...DEFAULT_ALERT_SETTINGS, alertAfter: 3 };
  return DEFAULT_ALERT_SETTINGS;
}

/** github-action-benchmark's rule over a series: the ratio to the previous point above 150%. */
function ratioRaised(points: readonly SeriesPoint[], direction: Direction, threshold = 1.5): number[] {
  const at: number[] = [];
  for (let i = 1; i < points.length; i++) {
    const prev = (points[i - 1] as SeriesPoint).value;
    const cur = (points[i] as SeriesPoint).value;
    const ratio = direction === 'bigger' ? prev / cur : cur / prev;
    if (ratio > threshold) at.push(i);
  }
  return at;
}

function runSynthetic(job: SyntheticJob): Score {
  const base = PROFILES[job.profile];
  const h = generateHistory({
    seed: job.seed,
    commits: job.commits,
    profile: { ...base, jobSigma: base.jobSigma * job.jobScale },
    stepSizes: job.variant === 'short' ? [] : job.variant === 'overwhelming' ? [0.4] : job.stepSizes,
    direction: job.seed % 3 === 2 ? 'bigger' : 'smaller',
  });
  if (job.rule === 'ratio') {
    const raised = ratioRaised(h.points, h.direction).map((at) => {
      const p = h.points[at] as SeriesPoint;
      return { kind: 'regression' as const, sha: p.sha, seq: p.seq, baseline: 0, value: p.value, change: 0, reason: '', at, index: at };
    });
    const result: ReplayResult = { raised, verdicts: [], alerts: [], assessed: h.points.length - 1 };
    return scoreReplay(h, result, DEFAULT_SCORE_OPTIONS);
  }
  const series = { suite: 'synthetic', case: h.name, unit: h.unit, direction: h.direction, points: h.points };
  // The rest of the suite tells a slow host: it slows every case of the job at once.
  return scoreReplay(
    h,
    replay(series, settingsFor(job.rule), {
      suiteCases: job.suiteCases,
      from: 1,
      hostMoved: (i) => h.slow[i] === true,
      // A slow host multiplies the whole job by one factor: every case moved alike.
      jobMovedAlike: (i) => h.slow[i] === true,
      ...(job.variant === 'control' ? { runnerNoise: (i: number) => h.slow[i] === true } : {}),
    }),
  );
}

function runSuite(job: SuiteJob): Score[] {
  const base = PROFILES[job.profile];
  const cases = generateSuite({ seed: job.seed, commits: job.commits, profile: { ...base, jobSigma: base.jobSigma * job.jobScale }, cases: job.cases, stepSizes: job.stepSizes });
  const segments = suiteSegments(cases);
  const plan = planReplay(segments, DEFAULT_ALERT_SETTINGS);
  // The per-case replay `benchtrend replay` runs (replayJob, under replayCase), kept by index to score.
  return plan.jobs.map((j) => {
    const h = cases.find((c) => c.name === j.case) as (typeof cases)[number];
    return scoreReplay(h, replayJob(j, DEFAULT_ALERT_SETTINGS), DEFAULT_SCORE_OPTIONS);
  });
}

interface RealCase {
  readonly name: string;
  readonly direction: Direction;
  readonly unit: string;
  /** Points with `seq` = index of the suite's entry. */
  readonly points: SeriesPoint[];
}

function loadSuite(file: string, suite: string): { entries: number; cases: RealCase[] } {
  const gab = importGab(file, readFileSync(join(FIXTURES, file), 'utf8'));
  const entries = gab.entries.filter((e) => e.suite === suite);
  const cases = new Map<string, RealCase>();
  entries.forEach((e, i) => {
    for (const p of e.points) {
      let c = cases.get(p.case);
      if (!c) cases.set(p.case, (c = { name: p.case, direction: p.direction, unit: p.unit, points: [] }));
      c.points.push({ sha: e.commit.sha, seq: i, value: p.value, q1: p.q1, q3: p.q3, runs: p.runs, n: p.n });
    }
  });
  return { entries: entries.length, cases: [...cases.values()] };
}

function runReal(job: RealJob): RealResult {
  const { entries, cases } = loadSuite(job.file, job.suite);
  const ratioAt = new Array<number>(entries).fill(0);
  const defaultAt = new Array<number>(entries).fill(0);
  const statuses: Record<string, number> = {};
  let changePoints = 0;
  for (const c of cases.slice(job.from, job.to)) {
    // github-action-benchmark compares with the previous entry, and skips a bench it lacked.
    for (let i = 1; i < c.points.length; i++) {
      const prev = c.points[i - 1] as SeriesPoint;
      const cur = c.points[i] as SeriesPoint;
      if (prev.seq !== cur.seq - 1) continue;
      const ratio = c.direction === 'bigger' ? prev.value / cur.value : cur.value / prev.value;
      if (ratio > 1.5) ratioAt[cur.seq] = (ratioAt[cur.seq] ?? 0) + 1;
    }
    const r = replay({ suite: job.suite, case: c.name, unit: c.unit, direction: c.direction, points: c.points }, DEFAULT_ALERT_SETTINGS, {
      suiteCases: cases.length,
      from: 1,
    });
    for (const a of r.raised) {
      const seq = (c.points[a.at] as SeriesPoint).seq;
      defaultAt[seq] = (defaultAt[seq] ?? 0) + 1;
    }
    for (const a of r.alerts) {
      if (a.kind === 'change-point') changePoints += a.status === 'cleared' ? 0 : 1;
      else statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    }
  }
  return { file: job.file, suite: job.suite, entries, cases: cases.length, ratioAt, defaultAt, statuses, changePoints };
}

function runJob(job: Job): Score | Score[] | RealResult {
  return job.kind === 'synthetic' ? runSynthetic(job) : job.kind === 'suite' ? runSuite(job) : runReal(job);
}

if (!isMainThread) {
  const jobs = workerData as Job[];
  for (const job of jobs) parentPort?.postMessage({ job, result: runJob(job) });
  parentPort?.close();
}

function pct(x: number): string {
  return `${(x * 100).toFixed(0)}%`;
}

function recallCell(s: Summary, size: number): string {
  const r = s.recall.find((x) => x.size === size);
  if (!r || r.steps === 0) return '—';
  return `${(r.within3 / r.steps).toFixed(2)} / ${(r.caught / r.steps).toFixed(2)}`;
}

/** Share of the caught worse steps of this size whose first alert named the commit where they start. */
function exactCell(s: Summary, size: number): string {
  const r = s.recall.find((x) => x.size === size);
  return r && r.caught ? (r.exact / r.caught).toFixed(2) : '—';
}

/** The oracle's share of the same caught steps of this size (oracleCulprit): about the most any placement gets. */
function ceilingCell(s: Summary, size: number): string {
  const r = s.recall.find((x) => x.size === size);
  return r && r.caught ? (r.oracleExact / r.caught).toFixed(2) : '—';
}

function delayCell(s: Summary, size: number): string {
  const d = s.recall.find((x) => x.size === size)?.medianDelay;
  return d === undefined ? '—' : String(d);
}

function profileText(p: NoiseProfile, jobScale: number): string {
  const slow = p.slowRun !== undefined ? `, each for ${p.slowRun} jobs` : p.slowRepeat ? `, ${pct(p.slowRepeat)} of them staying for the next job` : '';
  const bimodal = p.bimodal ? `, ${pct(p.bimodal.share)} of the case's jobs on a ${pct(p.bimodal.factor - 1)} slower mode` : '';
  return `${pct(p.jobSigma * jobScale)} job, ${pct(p.runSigma)} run, ${pct(p.slowHost)} slow hosts${slow}${bimodal}`;
}

/**
 * Where the first alert of each caught worse step named it, relative to the step's first point
 * (0 is exact, +2 two commits late), by profile and step size: `r` for a regression raised by the
 * limit, `c` for a step found by the change-point scan; and, for the misses, the delay (commits
 * from the step to the alert) beside the offset, since a late alert has more points to place it.
 */
function culpritTable(results: readonly { job: Job; result: Score | Score[] | RealResult }[], profiles: readonly string[], sizes: readonly number[]): string[] {
  const out = ['## Where the culprit was named (offset from the step\'s first point; r: regression, c: step found)', ''];
  out.push('| profile | step | caught | exact | offsets of the misses (offset×count) | misses as delay:offset |', '| --- | ---: | ---: | ---: | --- | --- |');
  for (const profile of profiles) {
    const steps = results
      .filter((r) => r.job.kind === 'synthetic' && r.job.profile === profile && r.job.rule === 'default' && r.job.variant === 'main')
      .flatMap((r) => (r.result as Score).steps)
      .filter((s) => s.worse && s.offset !== undefined);
    for (const size of sizes) {
      const of = steps.filter((s) => s.size === size);
      if (!of.length) continue;
      const misses = of.filter((s) => s.offset !== 0);
      const counts = new Map<string, number>();
      for (const s of misses) {
        const key = `${(s.offset as number) > 0 ? '+' : ''}${s.offset}${s.by === 'change-point' ? 'c' : 'r'}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const histogram = [...counts.entries()].sort((a, b) => parseInt(a[0], 10) - parseInt(b[0], 10)).map(([k, n]) => `${k}×${n}`).join(' ');
      const pairs = misses.map((s) => `${s.delay}:${s.offset}${s.by === 'change-point' ? 'c' : ''}`).join(' ');
      out.push(`| ${profile} | ${Math.round(size * 100)}% | ${of.length} | ${(of.length - misses.length) / of.length >= 0 ? ((of.length - misses.length) / of.length).toFixed(2) : '—'} | ${histogram || '—'} | ${pairs || '—'} |`);
    }
  }
  return out;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const quick = argv.includes('--quick');
  const untuned = argv.includes('--untuned');
  const onlyAt = argv.indexOf('--only');
  const only = onlyAt >= 0 ? argv[onlyAt + 1] : undefined;
  const stepSizes = untuned ? UNTUNED.stepSizes : STEP_SIZES;
  const seedOffset = untuned ? UNTUNED.seedOffset : 0;
  const jobScale = untuned ? UNTUNED.jobScale : 1;
  const synth = { suiteCases: 10, stepSizes, jobScale };
  const jsonAt = argv.indexOf('--json');
  const workersAt = argv.indexOf('--workers');
  const workers = Math.max(1, Number(workersAt >= 0 ? argv[workersAt + 1] : 2) || 2);
  const started = performance.now();
  const commits = 1000;
  const suiteCases = 10;
  const [s1, s2, s3] = stepSizes as [number, number, number];
  const sz = (x: number) => `${Math.round(x * 100)}%`;
  const casesPer: Record<keyof typeof PROFILES, number> = quick
    ? { quiet: 4, low: 8, moderate: 16, pairs: 16, twice: 16, bimodal: 8, high: 8 }
    : { quiet: 10, low: 30, moderate: 60, pairs: 60, twice: 60, bimodal: 30, high: 30 };
  const jobs: Job[] = [];
  const wantSynthetic = only !== 'real';
  for (const profile of wantSynthetic ? (Object.keys(casesPer) as (keyof typeof PROFILES)[]) : []) {
    const rules: Rule[] = profile === 'moderate' ? ['default', 'single', 'three', 'ratio'] : ['default'];
    for (const rule of rules) {
      for (let i = 0; i < casesPer[profile]; i++) jobs.push({ kind: 'synthetic', profile, rule, seed: seedOffset + 1000 + i, commits, ...synth, variant: 'main' });
    }
  }
  const extra = !wantSynthetic ? 0 : quick ? 40 : 200;
  for (const profile of ['pairs', 'twice'] as const) {
    for (let i = 0; i < (wantSynthetic ? casesPer[profile] : 0); i++) jobs.push({ kind: 'synthetic', profile, rule: 'default', seed: seedOffset + 1000 + i, commits, ...synth, variant: 'control' });
  }
  for (let i = 0; i < extra; i++) {
    for (const profile of ['moderate', 'pairs', 'twice', 'high'] as const) jobs.push({ kind: 'synthetic', profile, rule: 'default', seed: seedOffset + 5000 + i, commits: 40, ...synth, variant: 'short' });
  }
  for (let i = 0; i < extra / 4; i++) jobs.push({ kind: 'synthetic', profile: 'low', rule: 'default', seed: seedOffset + 9000 + i, commits: 400, ...synth, variant: 'overwhelming' });
  // As many cases again, as suites of 10 on one machine each, through the replay's own witness.
  const suiteProfiles = ['moderate', 'pairs', 'twice', 'bimodal', 'high'] as const;
  for (const profile of wantSynthetic ? suiteProfiles : []) {
    for (let i = 0; i < Math.max(1, casesPer[profile] / suiteCases); i++) jobs.push({ kind: 'suite', profile, seed: seedOffset + 3000 + i, commits, cases: suiteCases, stepSizes, jobScale });
  }
  const realFiles = only === 'synthetic' ? [] : REAL_FILES.filter((f) => existsSync(join(FIXTURES, f)));
  if (only !== 'synthetic' && realFiles.length < REAL_FILES.length) throw new Error(`eval:alerts: real histories missing from ${FIXTURES}; run it from the repository root`);
  for (const file of realFiles) {
    const gab = importGab(file, readFileSync(join(FIXTURES, file), 'utf8'));
    for (const suite of gab.suites) {
      const names = new Set(gab.entries.filter((e) => e.suite === suite).flatMap((e) => e.points.map((p) => p.case)));
      const chunk = 40;
      for (let from = 0; from < names.size; from += chunk) jobs.push({ kind: 'real', file, suite, from, to: Math.min(names.size, from + chunk) });
    }
  }
  // The big real suites first, so the workers finish together.
  const order = { real: 0, suite: 1, synthetic: 2 } as const;
  jobs.sort((a, b) => order[a.kind] - order[b.kind]);

  const results: { job: Job; result: Score | Score[] | RealResult }[] = [];
  const queues: Job[][] = Array.from({ length: workers }, () => []);
  jobs.forEach((j, i) => queues[i % workers]?.push(j));
  const self = new URL(import.meta.url);
  await Promise.all(
    queues.map(
      (queue) =>
        new Promise<void>((resolve, reject) => {
          const w = new Worker(self, { workerData: queue });
          w.on('message', (m: { job: Job; result: Score | Score[] | RealResult }) => results.push(m));
          w.on('error', reject);
          w.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker exited with ${code}`))));
        }),
    ),
  );

  const summaries: Record<string, Summary> = {};
  for (const profile of Object.keys(casesPer)) {
    for (const rule of ['default', 'single', 'three', 'ratio'] as Rule[]) {
      for (const variant of ['main', 'short', 'overwhelming', 'control']) {
        const scores = results
          .filter((r) => r.job.kind === 'synthetic' && r.job.profile === profile && r.job.rule === rule && r.job.variant === variant)
          .map((r) => r.result as Score);
        if (scores.length) summaries[`${profile}/${rule}${variant === 'main' ? '' : `/${variant}`}`] = summarise(scores);
      }
    }
  }

  for (const profile of Object.keys(casesPer)) {
    const scores = results.filter((r) => r.job.kind === 'suite' && r.job.profile === profile).flatMap((r) => r.result as Score[]);
    if (scores.length) summaries[`${profile}/suite`] = summarise(scores);
  }

  const out: string[] = [];
  out.push(`## Synthetic histories: ${commits} commits per case, suites of ${suiteCases} cases, steps of ${stepSizes.map(sz).join('/')} every 80–160 commits (⅓ of them improvements)${untuned ? `, job noise ×${jobScale}, seeds from ${seedOffset} (untuned)` : ''}`, '');
  out.push(`| noise | profile | cases | false alerts / 1,000 commits / case | alert precision | culprit exact (${sz(s1)} / ${sz(s2)} / ${sz(s3)}) | best possible (${sz(s1)} / ${sz(s2)} / ${sz(s3)}) | recall ${sz(s1)} (≤3 commits / at all) | recall ${sz(s2)} | recall ${sz(s3)} | median delay ${sz(s3)} | change-point precision | change-point recall |`);
  out.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const profile of Object.keys(casesPer) as (keyof typeof PROFILES)[]) {
    const s = summaries[`${profile}/default`];
    if (!s) continue;
    out.push(
      `| ${profile} | ${profileText(PROFILES[profile], jobScale)} | ${s.cases} | ${s.falsePerThousand.toFixed(2)} | ${s.precision.toFixed(2)} | ${s.culpritExact.toFixed(2)} (${exactCell(s, s1)} / ${exactCell(s, s2)} / ${exactCell(s, s3)}) | ${s.culpritCeiling.toFixed(2)} (${ceilingCell(s, s1)} / ${ceilingCell(s, s2)} / ${ceilingCell(s, s3)}) | ${recallCell(s, s1)} | ${recallCell(s, s2)} | ${recallCell(s, s3)} | ${delayCell(s, s3)} | ${s.changePointPrecision.toFixed(2)} | ${s.changePointRecall.toFixed(2)} |`,
    );
  }
  const suiteRows = (Object.keys(casesPer) as (keyof typeof PROFILES)[]).filter((p) => summaries[`${p}/suite`]);
  if (suiteRows.length) {
    out.push('', `## Suites of ${suiteCases} cases on one machine, the witness from the other cases (the replay's own plan)`, '');
    out.push(`Each slow host slows every case of its job by the case's own share of it (0.5–1.5× in log); the witness is planReplay's, from each case's move against its recent median, as \`benchtrend replay\` and the publisher compute it. Beside each: the same profile with the generator's mark as the witness (above).`, '');
    out.push(`| profile | cases | false alerts / 1,000 commits / case (generator's mark) | alert precision | culprit exact (best possible) | recall ${sz(s2)} | recall ${sz(s3)} | median delay ${sz(s3)} |`);
    out.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const profile of suiteRows) {
      const s = summaries[`${profile}/suite`] as Summary;
      const mark = summaries[`${profile}/default`];
      out.push(`| ${profile} | ${s.cases} | ${s.falsePerThousand.toFixed(2)} (${mark ? mark.falsePerThousand.toFixed(2) : '—'}) | ${s.precision.toFixed(2)} (${mark ? mark.precision.toFixed(2) : '—'}) | ${s.culpritExact.toFixed(2)} (${s.culpritCeiling.toFixed(2)}) | ${recallCell(s, s2)} | ${recallCell(s, s3)} | ${delayCell(s, s3)} |`);
    }
  }
  out.push('', '## Rules compared at moderate noise', '');
  out.push(`| rule | false alerts / 1,000 commits / case | alert precision | recall ${sz(s1)} | recall ${sz(s2)} | recall ${sz(s3)} | median delay ${sz(s3)} |`);
  out.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  const ruleName: Record<Rule, string> = {
    default: 'default: 2 points in a row beyond the limit, change points',
    single: 'one point beyond the limit (alert-after: 1)',
    three: '3 points in a row beyond the limit (alert-after: 3), change points',
    ratio: 'ratio to the previous point > 150% (github-action-benchmark)',
  };
  for (const rule of ['default', 'single', 'three', 'ratio'] as Rule[]) {
    const s = summaries[`moderate/${rule}`];
    if (!s) continue;
    out.push(`| ${ruleName[rule]} | ${s.falsePerThousand.toFixed(2)} | ${s.precision.toFixed(2)} | ${recallCell(s, s1)} | ${recallCell(s, s2)} | ${recallCell(s, s3)} | ${delayCell(s, s3)} |`);
  }
  for (const profile of ['pairs', 'twice']) {
    const pc = summaries[`${profile}/default/control`];
    if (!pc) continue;
    out.push(
      '',
      `Slow hosts in a row (${profile}) with control cases: ${pc.falsePerThousand.toFixed(2)} false alerts / 1,000 commits / case, precision ${pc.precision.toFixed(2)}, culprit exact ${pc.culpritExact.toFixed(2)}, recall ${sz(s3)} ${recallCell(pc, s3)}.`,
    );
  }
  for (const profile of ['moderate', 'pairs', 'twice', 'high']) {
    const s = summaries[`${profile}/default/short`];
    if (s) out.push('', `Short histories (${profile}, 40 commits, no step, ${s.cases} cases): ${s.falsePerThousand.toFixed(2)} false alerts / 1,000 commits / case (${s.falseAlerts} alerts).`);
  }
  const ow = summaries['low/default/overwhelming'];
  if (ow) {
    const r = ow.recall.find((x) => x.size === 0.4);
    out.push(
      '',
      `Overwhelming steps (+40% at 1% job noise, ${r?.steps ?? 0} steps): ${r?.medianDelay === 0 ? 'median delay 0 (alerted on its own commit)' : `median delay ${r?.medianDelay ?? '—'}`}, caught within 3: ${recallCell(ow, 0.4)}, culprit exact ${ow.culpritExact.toFixed(2)}, false alerts ${ow.falsePerThousand.toFixed(2)} / 1,000.`,
    );
  }
  const m = summaries['moderate/default'];
  if (m) {
    const r20 = m.recall.find((r) => r.size === s3);
    const recall20 = r20 && r20.steps ? r20.within3 / r20.steps : 0;
    const caught20 = r20 && r20.steps ? r20.caught / r20.steps : 0;
    const worstFalse = Object.entries(summaries)
      .filter(([k]) => !k.includes('/single') && !k.includes('/ratio'))
      .sort((a, b) => b[1].falsePerThousand - a[1].falsePerThousand)[0];
    const goals = [
      [`false alerts ≤ 1.5 / 1,000 commits / case`, m.falsePerThousand <= 1.5, m.falsePerThousand.toFixed(2)],
      [`false alerts ≤ 1.5 everywhere (worst: ${worstFalse?.[0] ?? '—'})`, (worstFalse?.[1].falsePerThousand ?? 0) <= 1.5, (worstFalse?.[1].falsePerThousand ?? 0).toFixed(2)],
      [`precision ≥ 0.9`, m.precision >= 0.9, m.precision.toFixed(2)],
      [`culprit exact ≥ 0.9 (the oracle's placement of the same steps: ${m.culpritCeiling.toFixed(2)})`, m.culpritExact >= 0.9, m.culpritExact.toFixed(2)],
      [`recall of ${sz(s3)} steps at all ≥ 0.9`, caught20 >= 0.9, caught20.toFixed(2)],
      [`recall of ${sz(s3)} steps within 3 commits ≥ 0.9`, recall20 >= 0.9, recall20.toFixed(2)],
      [`change-point precision ≥ 0.75`, m.changePointPrecision >= 0.75, m.changePointPrecision.toFixed(2)],
    ] as const;
    out.push('', 'Goals at moderate noise:', ...goals.map(([g, ok, v]) => `- ${g}: ${v} ${ok ? 'met' : 'NOT MET'}`));
  }

  if (argv.includes('--culprits')) out.push('', ...culpritTable(results, Object.keys(casesPer), stepSizes));

  const real = results.filter((r) => r.job.kind === 'real').map((r) => r.result as RealResult);
  if (real.length) {
    out.push('', '## Real histories replayed commit by commit', '');
    out.push('| history | suite | cases | commits | ratio > 150%: alerts (commits with one) | default: alerts (commits with one) | default: regressions confirmed / cleared / open | change points standing |');
    out.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    const keys = [...new Set(real.map((r) => `${r.file}\u0000${r.suite}`))];
    let totals = { cases: 0, commits: 0, ratio: 0, ratioRuns: 0, def: 0, defRuns: 0 };
    for (const k of keys) {
      const parts = real.filter((r) => `${r.file}\u0000${r.suite}` === k);
      const first = parts[0] as RealResult;
      const ratioAt = new Array<number>(first.entries).fill(0);
      const defaultAt = new Array<number>(first.entries).fill(0);
      const st: Record<string, number> = {};
      let cps = 0;
      for (const p of parts) {
        p.ratioAt.forEach((n, i) => (ratioAt[i] = (ratioAt[i] ?? 0) + n));
        p.defaultAt.forEach((n, i) => (defaultAt[i] = (defaultAt[i] ?? 0) + n));
        for (const [s, n] of Object.entries(p.statuses)) st[s] = (st[s] ?? 0) + n;
        cps += p.changePoints;
      }
      const sum = (a: number[]) => a.reduce((t, n) => t + n, 0);
      const runs = (a: number[]) => a.filter((n) => n > 0).length;
      out.push(
        `| ${first.file.replace(/-data\.js$/, '')} | ${first.suite} | ${first.cases} | ${first.entries} | ${sum(ratioAt)} (${runs(ratioAt)}) | ${sum(defaultAt)} (${runs(defaultAt)}) | ${st['confirmed'] ?? 0} / ${st['cleared'] ?? 0} / ${st['suspected'] ?? 0} | ${cps} |`,
      );
      totals = {
        cases: totals.cases + first.cases,
        commits: totals.commits + first.entries,
        ratio: totals.ratio + sum(ratioAt),
        ratioRuns: totals.ratioRuns + runs(ratioAt),
        def: totals.def + sum(defaultAt),
        defRuns: totals.defRuns + runs(defaultAt),
      };
    }
    out.push(`| all | | ${totals.cases} | ${totals.commits} | ${totals.ratio} (${totals.ratioRuns}) | ${totals.def} (${totals.defRuns}) | | |`);
  }
  out.push('', `Evaluated ${jobs.length} jobs on ${workers} worker${workers === 1 ? '' : 's'} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  console.log(out.join('\n'));
  if (jsonAt >= 0 && argv[jsonAt + 1]) {
    writeFileSync(argv[jsonAt + 1] as string, `${JSON.stringify({ summaries, real }, null, 2)}\n`);
  }
}

if (isMainThread) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
