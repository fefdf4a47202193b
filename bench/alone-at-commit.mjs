// Whether a regression that no other case of its suite shares is the one to hold back
// (docs/alerts.md, "How far the labels themselves agree"): each labelled history is imported with
// the bundled CLI and replayed with the defaults and with `--alert-after 3`, and every labelled
// regression of the defaults is put in a bin twice:
//
//   alone       hindsight: no other alert of the replay, of any case of the suite, names its
//               commit (what the page shows at the end of the history, not what the publish
//               that raised it could know)
//   alone then  as alone, counting only the alerts raised at the publish that raised it or before
//   witness     known when it is raised: how many other cases of the suite were at least 5%
//               worse at its commit than the median of their 10 points before (the share of the
//               suite a slower runner or a wide change moves)
//
// For each, the precision of the regressions in the bin, and what holding that bin to a third
// point would have done: a regression of the bin kept only where `--alert-after 3` raises it too.
//
//   npm run -s build && node bench/alone-at-commit.mjs --data-dir DIR [--history NAME]... [--cli FILE]
//
// DIR/<name>/data.js as for bench/settings-real.mjs (scripts/heldout-data.mjs writes it); imports
// are cached under .cache/settings/ with that script's.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cliRunner, importedOnce, labelledHistories } from './lib/cli-history.mjs';
import { alertKey, median, parseLabels, parseReplay, seriesKey, seriesOf, worse } from './lib/judge.mjs';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const all = (name) => argv.flatMap((a, i) => (a === name ? [argv[i + 1]] : []));
const cli = resolve(all('--cli')[0] ?? join(root, 'dist/cli.js'));
const dataDir = all('--data-dir')[0] === undefined ? undefined : resolve(all('--data-dir')[0]);
if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run -s build first`);
const { present, dataOf } = labelledHistories(root, dataDir);
const histories = all('--history').length ? all('--history') : present;
const work = join(root, '.cache/settings');
const runner = cliRunner(cli, work);

const MOVED = 0.05;
const BEFORE = 10;
const sizeBin = (n) => (n === 1 ? '1' : n <= 4 ? '2-4' : n <= 15 ? '5-15' : '16+');
const shareBin = (moved, others) => (others === 0 ? 'no other case' : moved === 0 ? 'none moved' : moved / others < 0.1 ? 'under 10%' : moved / others < 0.3 ? '10-30%' : moved / others < 0.6 ? '30-60%' : '60% or more');

/** One labelled regression: its label, whether --alert-after 3 raises it too, its bins. */
const rows = [];
for (const name of histories) {
  process.stderr.write(`alone-at-commit: ${name}\n`);
  const { dir, bare } = importedOnce(runner, work, name, dataOf(name), cli);
  const labels = parseLabels(readFileSync(join(root, 'bench/judged', `${name}.jsonl`), 'utf8'), `bench/judged/${name}.jsonl`);
  const defaults = parseReplay(runner.run(['replay', '--repo', bare, '--json'], dir), `${name} replay`);
  const later = new Set(parseReplay(runner.run(['replay', '--repo', bare, '--alert-after', '3', '--json'], dir), `${name} replay --alert-after 3`).map(alertKey));
  const series = seriesOf(JSON.parse(runner.run(['history', '--repo', bare, '--format', 'json'], dir)));
  const casesOf = new Map();
  for (const s of series.values()) casesOf.set(s.suite, [...(casesOf.get(s.suite) ?? []), s]);
  const namedAt = new Map();
  for (const a of defaults) {
    const k = `${a.suite}|${a.sha}`;
    namedAt.set(k, [...(namedAt.get(k) ?? []), a]);
  }
  // Each commit's first seq in its suite: the publish order that tells what was known when.
  const seqOf = new Map();
  for (const s of series.values()) for (const p of s.points) if (!((seqOf.get(`${s.suite}|${p.sha}`) ?? Infinity) <= p.seq)) seqOf.set(`${s.suite}|${p.sha}`, p.seq);
  const raisedSeq = (a) => seqOf.get(`${a.suite}|${a.raisedAt}`) ?? Infinity;
  const seen = new Set();
  for (const a of defaults) {
    const key = alertKey(a);
    const verdict = labels.get(key)?.verdict;
    if (a.kind !== 'regression' || verdict === undefined || seen.has(key)) continue;
    seen.add(key);
    const suite = casesOf.get(a.suite) ?? [];
    const lastSeq = Math.max(...suite.map((s) => s.points.at(-1)?.seq ?? 0));
    // The suite's cases as its newest commits publish them (a suite that grew or shed cases).
    const size = suite.filter((s) => s.points.some((p) => p.seq > lastSeq - 50 * 4)).length || suite.length;
    let others = 0;
    let moved = 0;
    for (const s of suite) {
      if (s.case === a.case) continue;
      const i = s.points.findIndex((p) => p.sha === a.sha);
      if (i < 3) continue;
      others++;
      const base = median(s.points.slice(Math.max(0, i - BEFORE), i).map((p) => p.value));
      if (worse(base, (s.points[i] ?? { value: base }).value, s.direction) >= MOVED) moved++;
    }
    if (series.get(seriesKey(a.suite, a.case)) === undefined) throw new Error(`${name}: no history for ${a.suite} / ${a.case}`);
    const company = (namedAt.get(`${a.suite}|${a.sha}`) ?? []).filter((o) => o.case !== a.case);
    rows.push({
      true: verdict === 'true',
      kept: later.has(key),
      size: sizeBin(size),
      alone: company.length === 0,
      // What the publish that raised it could know: the others raised at that publish or before.
      aloneThen: !company.some((o) => raisedSeq(o) <= raisedSeq(a)),
      share: shareBin(moved, others),
      moved,
    });
  }
}

const pct = (t, f) => (t + f === 0 ? '' : (t / (t + f)).toFixed(2));
function table(title, binOf) {
  const bins = new Map();
  for (const r of rows) {
    const k = binOf(r);
    const b = bins.get(k) ?? { t: 0, f: 0, t3: 0, f3: 0 };
    if (r.true) b.t++;
    else b.f++;
    if (r.kept && r.true) b.t3++;
    if (r.kept && !r.true) b.f3++;
    bins.set(k, b);
  }
  console.log(`\n${title}\n`);
  console.log('| suite size | bin | true | false | precision | held to a third point: true | false |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [k, b] of [...bins].sort((x, y) => x[0].localeCompare(y[0]))) console.log(`| ${k.replace(' · ', ' | ')} | ${b.t} | ${b.f} | ${pct(b.t, b.f)} | ${b.t3} | ${b.f3} |`);
}

/** Every labelled alert of the defaults, with the regressions `held` picks kept only where --alert-after 3 raises them. */
function rule(title, held) {
  const t = rows.filter((r) => r.true).length;
  const f = rows.length - t;
  const lostT = rows.filter((r) => r.true && held(r) && !r.kept).length;
  const goneF = rows.filter((r) => !r.true && held(r) && !r.kept).length;
  console.log(`| ${title} | ${t - lostT} | ${f - goneF} | ${pct(t - lostT, f - goneF)} | ${goneF} | ${lostT} |`);
}

const total = rows.length;
const trueCount = rows.filter((r) => r.true).length;
console.log(`${histories.length} histories, ${total} labelled regressions of the defaults, ${trueCount} true (${pct(trueCount, total - trueCount)})`);
table('Hindsight: the only alert of its suite at its commit', (r) => `${r.size} · ${r.alone ? 'alone' : 'with others'}`);
table(`Known when raised: other cases of the suite ${MOVED * 100}% worse at its commit than the median of their ${BEFORE} points before`, (r) => `${r.size} · ${r.share}`);
console.log('\nRegressions only (steps found as they are), a bin held to a third point:\n');
console.log('| held | true | false | precision | false gone | true lost |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
rule('none (the defaults)', () => false);
rule('alone, suites of 5 or more', (r) => r.alone && r.size !== '1' && r.size !== '2-4');
rule('alone, every suite', (r) => r.alone);
rule('alone when raised, suites of 5 or more', (r) => r.aloneThen && r.size !== '1' && r.size !== '2-4');
rule('no other case moved, suites of 5 or more', (r) => r.moved === 0 && r.size !== '1' && r.size !== '2-4');
rule('every regression (`--alert-after 3`)', () => true);
