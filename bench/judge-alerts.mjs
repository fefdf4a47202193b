// Precision as judged by eye on the three real github-action-benchmark histories of
// test/fixtures/trend-data (issue #17, "Quality goals"). Each data.js is imported with the
// bundled CLI into a bare repository under .cache/judge/, replayed with `benchtrend replay
// --json` (the default method, and the ratio rule at 150%), and each alert of a seeded sample is
// shown as a text view of its case's series around the alert's commit. The labels given by eye
// live in bench/judged/<history>.jsonl, keyed by suite|case|culprit sha, so after a detector
// change only the alerts with a new key need a look.
//
//   npm run -s build && node bench/judge-alerts.mjs [--history NAME] [--method limit|ratio]
//     [--show unlabelled|all|none|false] [--key TEXT] [--width N] [--markdown] [--json] [--missed]
//     [--fresh] [--cli FILE] [--data FILE]
//
// --data FILE judges a history outside the fixtures (a data.js from another project's gh-pages
// branch, held out from tuning) under the name given by --history; its labels go to
// bench/judged/<name>.jsonl like the others. Nothing is read outside the repository unless named.
//
// --show unlabelled (default) prints the view of every sampled alert without a label, with a stub
// line to fill in (--key: only keys containing TEXT; --width: commits either side); --markdown prints the docs/alerts.md table; --missed lists lasting steps in
// the series (5% and twice the spread over 10 commits) that no alert of the default method names
// within 3 commits, to look at for recall (labels in bench/judged/<history>-missed.jsonl).
// Imports and replays are cached under .cache/judge/ by the hashes of data.js and the CLI; --fresh
// redoes them.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cliRunner, digest, historyPoints, importHistory } from './lib/cli-history.mjs';
import { alertKey, alertView, around, judged, parseLabels, parseReplay, sampleAlerts, seriesKey, seriesOf, worse } from './lib/judge.mjs';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const opt = (name, def) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : def);
const flag = (name) => argv.includes(name);
const HISTORIES = ['github-action-benchmark', 'prisma', 'snarkVM'];
const METHODS = { limit: [], ratio: ['--alert-threshold', '150%'] };
const heldOut = opt('--data') === undefined ? undefined : resolve(opt('--data'));
if (heldOut !== undefined && (opt('--history') === undefined || HISTORIES.includes(opt('--history')))) throw new Error('--data FILE needs --history NAME, a name other than the fixtures\' ones');
const histories = opt('--history') ? [opt('--history')] : HISTORIES;
const methods = opt('--method') ? [opt('--method')] : Object.keys(METHODS);
const show = opt('--show', flag('--markdown') || flag('--json') ? 'none' : 'unlabelled');
const cli = resolve(opt('--cli', join(root, 'dist/cli.js')));
const width = Number(opt('--width', 20));
const only = opt('--key');
const work = join(root, '.cache/judge');
for (const h of histories) if (!HISTORIES.includes(h) && heldOut === undefined) throw new Error(`--history ${h}: one of ${HISTORIES.join(', ')}`);
for (const m of methods) if (!(m in METHODS)) throw new Error(`--method ${m}: limit or ratio`);
if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run -s build first`);

const runner = cliRunner(cli, work);
const { run } = runner;

/** The history imported into a bare repository and replayed; cached by the inputs' hashes. */
function replayed(name) {
  const data = heldOut ?? join(root, 'test/fixtures/trend-data', `${name}-data.js`);
  const stamp = `${digest(data)}-${digest(cli)}`;
  const dir = join(work, name);
  const cache = join(dir, `${stamp}.json`);
  if (!flag('--fresh') && existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8'));
  process.stderr.write(`judge-alerts: importing ${name}\n`);
  const bare = importHistory(runner, dir, data);
  const out = { stamp, alerts: {} };
  for (const [method, args] of Object.entries(METHODS)) {
    process.stderr.write(`judge-alerts: replaying ${name} (${method})\n`);
    out.alerts[method] = parseReplay(run(['replay', '--repo', bare, ...args, '--json'], dir), `${name} replay (${method})`);
  }
  out.history = historyPoints(run(['history', '--repo', bare, '--format', 'json'], dir));
  writeFileSync(cache, JSON.stringify(out));
  return out;
}

const labelsFile = (name) => join(root, 'bench/judged', `${name}.jsonl`);
const labelsOf = (name) => (existsSync(labelsFile(name)) ? parseLabels(readFileSync(labelsFile(name), 'utf8'), `bench/judged/${name}.jsonl`) : new Map());

/**
 * Candidate lasting steps: a commit where the median of the 10 after is worse than the median of
 * the 10 before by at least 5% and by twice the larger side's spread, the largest such within 5
 * commits. Each says whether an alert of `alerts` names a commit up to 3 away. Candidates to look
 * at for recall, not a ground truth.
 */
function candidateSteps(series, alerts) {
  const out = [];
  for (const s of series.values()) {
    const values = s.points.map((p) => p.value);
    const near = alerts.filter((a) => a.suite === s.suite && a.case === s.case).map((a) => s.points.findIndex((p) => p.sha === a.sha));
    const score = values.map((_, i) => {
      if (i < 10 || i + 10 > values.length) return 0;
      const a = around(values, i, 10);
      const w = worse(a.beforeMedian, a.afterMedian, s.direction);
      const noise = Math.max(a.beforeSpread, a.afterSpread);
      return w >= 0.05 && w >= 2 * noise ? w : 0;
    });
    score.forEach((w, i) => {
      // The largest within 5 commits; of equal ones (a flat series' step), the first.
      if (w === 0 || score.slice(Math.max(0, i - 5), i + 6).some((x, k) => x > w || (x === w && Math.max(0, i - 5) + k < i))) return;
      out.push({ suite: s.suite, case: s.case, sha: s.points[i].sha, raisedAt: s.points[i].sha, kind: 'candidate step', status: '-', change: w, alerted: near.some((j) => Math.abs(j - i) <= 3) });
    });
  }
  return out;
}

const summary = {};
for (const name of histories) {
  const r = replayed(name);
  const series = seriesOf(r.history);
  const labels = labelsOf(name);
  summary[name] = {};
  const byKey = new Map();
  for (const method of methods) {
    const alerts = r.alerts[method];
    const sample = sampleAlerts(alerts);
    summary[name][method] = judged(alerts, sample, labels);
    for (const a of sample) {
      const e = byKey.get(alertKey(a)) ?? { alert: a, methods: [] };
      e.methods.push(method);
      byKey.set(alertKey(a), e);
    }
  }
  if (show !== 'none') {
    for (const [key, { alert, methods: by }] of byKey) {
      const label = labels.get(key);
      if (only !== undefined && !key.includes(only)) continue;
      if (show === 'unlabelled' && label) continue;
      if (show === 'false' && label?.verdict !== 'false') continue;
      const s = series.get(seriesKey(alert.suite, alert.case));
      const others = Object.values(r.alerts).flat().filter((o) => o.suite === alert.suite && o.case === alert.case && o.sha !== alert.sha);
      console.log(`=== ${name} [${by.join(', ')}]`);
      console.log(s ? alertView(alert, s, { others, width }) : `  ${key}: no such series`);
      console.log(label ? `  label: ${label.verdict} (culprit ${label.culprit}) ${label.pattern ?? ''}: ${label.reason}` : `  stub: ${JSON.stringify({ key, verdict: '?', culprit: null, pattern: '', reason: '' })}`);
      console.log('');
    }
  }
  if (flag('--missed')) {
    const found = candidateSteps(series, r.alerts.limit);
    const missed = found.filter((c) => !c.alerted);
    const seen = labelsOf(`${name}-missed`);
    const looked = missed.map((m) => seen.get(alertKey(m))).filter((l) => l !== undefined);
    console.log(`=== ${name}: ${found.length} candidate steps (>= 5% worse over 10 commits, twice the spread), ${found.length - missed.length} with a default alert within 3 commits, ${missed.length} without: ${looked.length} judged, ${looked.filter((l) => l.verdict === 'true').length} of them a lasting step missed`);
    for (const m of sampleAlerts(missed, { all: 30, size: 30, seed: 'missed' })) {
      const label = seen.get(alertKey(m));
      if (show === 'unlabelled' && label) continue;
      console.log(alertView(m, series.get(seriesKey(m.suite, m.case)), { width }));
      console.log(label ? `  label: ${label.verdict} ${label.pattern ?? ''}: ${label.reason}` : `  stub: ${JSON.stringify({ key: alertKey(m), verdict: '?', culprit: null, pattern: '', reason: '' })}`);
      console.log('');
    }
  }
}

const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : '–');
if (flag('--json')) console.log(JSON.stringify(summary, null, 2));
else if (flag('--markdown')) {
  console.log('| history | method | alerts (commits) | sample | judged true | precision as judged (95% Wilson) | doubtful as false | step within 3 commits | culprit exact | per suite and commit (95% Wilson) |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [name, byMethod] of Object.entries(summary)) {
    for (const [method, s] of Object.entries(byMethod)) {
      const what = method === 'limit' ? 'default' : 'ratio > 150%';
      const pending = s.unlabelled ? ` (${s.unlabelled} not labelled)` : '';
      console.log(`| ${name} | ${what} | ${s.alerts} (${s.commits}) | ${s.sample}${pending} | ${s.true} | ${f2(s.precision)} (${f2(s.interval[0])}–${f2(s.interval[1])}) | ${f2(s.sure)} | ${f2(s.near)} | ${f2(s.exactOfNear)} (${s.exact} of ${s.nearCount}) | ${f2(s.groupPrecision)} (${s.groupsTrue} of ${s.groups}; ${f2(s.groupInterval[0])}–${f2(s.groupInterval[1])}) |`);
    }
  }
} else {
  for (const [name, byMethod] of Object.entries(summary)) {
    for (const [method, s] of Object.entries(byMethod)) {
      console.log(`${name} ${method}: ${s.alerts} alerts, sample ${s.sample}, labelled ${s.labelled}, true ${s.true}, precision ${f2(s.precision)} [${f2(s.interval[0])}, ${f2(s.interval[1])}], culprit exact ${f2(s.exactOfNear)} of ${s.nearCount} near a step, per commit ${f2(s.groupPrecision)} of ${s.groups}`);
    }
  }
}
