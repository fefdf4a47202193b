// What is known when an alert is raised, against how it was judged (docs/alerts.md, "How far the
// labels themselves agree"): every labelled history (the three fixtures and DIR/<name>/data.js for
// the held-out ones) is imported with the bundled CLI and replayed with the defaults, and each
// labelled alert's precision is tabled by bins of features of its case and suite: the run's
// length, the change, the share of the suite's other cases 5% worse (against the median of their
// own 10 points before) or beyond 3 robust deviations either way at the culprit and at the commit
// that raised it, the alert group's share of the suite, the suite's size, the case's noise, the
// share of its last 60 points further out than the run, runs per point, the lag-1 autocorrelation
// of its last 30 points, the width of the run's error bars against its last 30 points' and the
// share of the other cases whose bar widened at the culprit (session 41; −1 without bars), and by
// the status each alert has when its history ends. A feature that separates true from false
// alerts shows as bins far apart; none did in session 16, nor the bars in session 41.
//
//   npm run -s build && node bench/alert-features.mjs --data-dir DIR [--history NAME]... [--cli FILE]
//     [--rows FILE]
//
// --rows FILE writes every labelled alert's features, one JSON object a line with its history,
// for bench/alert-model.mjs (whether the features together separate what none does alone).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cliRunner, importedOnce, labelledHistories } from './lib/cli-history.mjs';
import { FEATURE_BINS } from './lib/alert-bins.mjs';
import { alertKey, median, parseLabels, parseReplay } from './lib/judge.mjs';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const all = (name) => argv.flatMap((a, i) => (a === name ? [argv[i + 1]] : []));
const opt = (name, def) => all(name)[0] ?? def;
const cli = resolve(opt('--cli', join(root, 'dist/cli.js')));
if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run -s build first`);
const { present, dataOf } = labelledHistories(root, opt('--data-dir') === undefined ? undefined : resolve(opt('--data-dir')));
const histories = all('--history').length ? all('--history') : present;
const work = join(root, '.cache/features');
const runner = cliRunner(cli, work);

const worse = (value, base, direction) => (direction === 'smaller' ? value / base - 1 : base / value - 1);
const rows = [];
// The within-job spread (hi − lo, the error bar from the record's runs or a data.js range) of the run's points
// against the median of the 30 points before the culprit, each relative to its point's value.
const relSpread = (p) => (p.value > 0 && Number.isFinite(p.lo) && Number.isFinite(p.hi) ? (p.hi - p.lo) / p.value : undefined);
const spreadRatio = (s, c, r) => {
  const before = s.slice(Math.max(0, c - 30), c).map(relSpread).filter((x) => x !== undefined && x > 0);
  const run = s.slice(c, r + 1).map(relSpread).filter((x) => x !== undefined);
  if (before.length < 8 || run.length === 0) return -1;
  return median(run) / median(before);
};
for (const name of histories) {
  process.stderr.write(`features: ${name}\n`);
  const { dir, bare } = importedOnce(runner, work, name, dataOf(name), cli);
  const alerts = parseReplay(runner.run(['replay', '--repo', bare, '--json'], dir), `${name} replay`);
  const points = JSON.parse(runner.run(['history', '--repo', bare, '--format', 'json'], dir));
  const labels = parseLabels(readFileSync(join(root, 'bench/judged', `${name}.jsonl`), 'utf8'), `bench/judged/${name}.jsonl`);
  const series = new Map();
  const suites = new Map();
  for (const p of points) {
    const k = `${p.suite}|${p.case}`;
    if (!series.has(k)) series.set(k, []);
    series.get(k).push(p);
    if (!suites.has(p.suite)) suites.set(p.suite, new Set());
    suites.get(p.suite).add(k);
  }
  const at = new Map();
  for (const [k, s] of series) {
    s.sort((a, b) => a.seq - b.seq);
    at.set(k, new Map(s.map((p, i) => [p.commit, i])));
  }
  // A case's point at a commit against the median of its 10 before, as a worse change and in robust deviations of its last 30.
  const moveAt = (k, sha) => {
    const s = series.get(k);
    const i = at.get(k).get(sha);
    if (i === undefined || i < 10 || !(s[i].value > 0)) return undefined;
    const recent = s.slice(i - 10, i).map((p) => p.value).filter((v) => v > 0);
    const logs = s.slice(Math.max(0, i - 30), i).map((p) => Math.log(p.value)).filter(Number.isFinite);
    if (recent.length < 8 || logs.length < 8) return undefined;
    const ml = median(logs);
    const sd = Math.max(1e-3, 1.4826 * median(logs.map((x) => Math.abs(x - ml))));
    const base = median(recent);
    return { change: worse(s[i].value, base, s[i].direction), z: ((s[i].direction === 'smaller' ? 1 : -1) * Math.log(s[i].value / base)) / sd };
  };
  // The share of the other cases (with bars) whose bar at the commit is twice their last 30's median or more.
  const widerAt = (others, sha) => {
    let wide = 0;
    let n = 0;
    for (const o of others) {
      const s = series.get(o);
      const i = at.get(o).get(sha);
      if (i === undefined) continue;
      const ratio = spreadRatio(s, i, i);
      if (ratio < 0) continue;
      n++;
      if (ratio >= 2) wide++;
    }
    return n ? wide / n : -1;
  };
  const groups = new Map();
  for (const a of alerts) groups.set(`${a.suite}|${a.sha}`, (groups.get(`${a.suite}|${a.sha}`) ?? 0) + 1);
  for (const a of alerts) {
    const label = labels.get(alertKey(a));
    if (!label) continue;
    const k = `${a.suite}|${a.case}`;
    const s = series.get(k);
    const c = at.get(k).get(a.sha);
    const r = at.get(k).get(a.raisedAt);
    const others = [...suites.get(a.suite)].filter((o) => o !== k);
    const suiteAt = (sha) => {
      const ms = others.map((o) => moveAt(o, sha)).filter((m) => m !== undefined);
      const n = ms.length || 1;
      return { worse: ms.filter((m) => m.change >= 0.05).length / n, beyond: ms.filter((m) => Math.abs(m.z) > 3).length / n, n: ms.length };
    };
    const atCulprit = suiteAt(a.sha);
    const atRaise = suiteAt(a.raisedAt);
    const logs = s.slice(Math.max(0, c - 30), c).map((p) => Math.log(p.value)).filter(Number.isFinite);
    const ml = logs.length ? median(logs) : 0;
    const mad = logs.length ? 1.4826 * median(logs.map((x) => Math.abs(x - ml))) : 0;
    const sgn = a.direction === 'smaller' ? 1 : -1;
    const run = s.slice(c, r + 1).map((p) => p.value);
    const least = sgn > 0 ? Math.min(...run) : Math.max(...run);
    const prior = s.slice(Math.max(0, c - 60), c).map((p) => p.value);
    // Lag-1 autocorrelation of the last 30 logs, each clipped at 3 robust deviations.
    const clip = logs.map((x) => Math.max(-3, Math.min(3, (x - ml) / (mad || 1e-9))));
    const mu = clip.reduce((t, x) => t + x, 0) / (clip.length || 1);
    let num = 0;
    let den = 0;
    clip.forEach((x, i) => {
      den += (x - mu) ** 2;
      if (i) num += (x - mu) * ((clip[i - 1] ?? 0) - mu);
    });
    rows.push({
      history: name,
      verdict: label.verdict,
      kind: a.kind,
      status: a.status,
      'run length (commits from the culprit to the raise)': r - c + 1,
      'change (worse)': a.change ?? 0,
      "other cases 5% worse at the culprit (share)": atCulprit.worse,
      'other cases beyond 3 deviations at the culprit (share)': atCulprit.beyond,
      'other cases beyond 3 deviations at the raise (share)': atRaise.beyond,
      "alert group's share of the suite": groups.get(`${a.suite}|${a.sha}`) / (atCulprit.n + 1),
      'cases in the suite': atCulprit.n + 1,
      'noise (robust deviation of the last 30 logs)': mad,
      'last 60 points further out than the run (share)': prior.length ? prior.filter((v) => sgn * (v - least) > 0).length / prior.length : 0,
      'runs per point': s[c].n ?? 1,
      'lag-1 autocorrelation of the last 30': den ? num / den : 0,
      'spread of the run against its last 30 (ratio)': spreadRatio(s, c, r),
      'other cases with bars twice as wide at the culprit (share)': widerAt(others, a.sha),
    });
  }
}

if (opt('--rows')) writeFileSync(opt('--rows'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');

const precision = (rs) => {
  const t = rs.filter((r) => r.verdict === 'true').length;
  return rs.length ? `${t}/${rs.length} = ${(t / rs.length).toFixed(2)}` : '—';
};
const regressions = rows.filter((r) => r.kind === 'regression');
console.log(`labelled alerts: ${precision(rows)}; regressions ${precision(regressions)}; steps found ${precision(rows.filter((r) => r.kind !== 'regression'))}`);
for (const status of ['suspected', 'confirmed', 'cleared']) {
  console.log(`  ${status}: regressions ${precision(regressions.filter((r) => r.status === status))}, steps found ${precision(rows.filter((r) => r.kind !== 'regression' && r.status === status))}`);
}
for (const [feature, edges] of Object.entries(FEATURE_BINS)) {
  console.log(`regressions by ${feature}:`);
  for (let i = 0; i < edges.length - 1; i++) {
    const rs = regressions.filter((r) => r[feature] >= edges[i] && r[feature] < edges[i + 1]);
    console.log(`  [${edges[i]}, ${edges[i + 1]}): ${precision(rs)}`);
  }
}
