// What other alert settings would have said on the real histories judged by eye (docs/alerts.md,
// "Other settings on the real histories"): each history is imported with the bundled CLI into a
// bare repository, replayed with the defaults and with each --setting, and every alert is
// matched by suite|case|culprit commit against the labels in bench/judged/<history>.jsonl. A
// setting's precision is over its labelled alerts (all of them, not a sample: an alert that no
// label names is counted apart); what it loses is each true alert of the defaults it no longer
// names, as "end" (3 commits or fewer before the case's history ends: the next push would have
// named it), "near" (an alert of the same case names a commit up to 3 away) or "gone". The
// defaults' labelled alerts are also counted by kind and by the status each has at the end of the
// history: a regression the detector cleared later is one a maintainer saw taken back.
//
//   npm run -s build && node bench/settings-real.mjs --data-dir DIR [--history NAME]...
//     [--setting "--alert-after 3"]... [--cli FILE] [--json]
//
// DIR/<name>/data.js is a local copy of a held-out history (the data is not in the repository;
// each label file's header names its source); the three fixtures' histories are read from
// test/fixtures/trend-data. Imports are cached under .cache/settings/ by the data's hash and the
// CLI's.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cliRunner, importedOnce, labelledHistories } from './lib/cli-history.mjs';
import { alertKey, byStatus, lossOf, parseLabels, parseReplay, seriesKey, seriesOf } from './lib/judge.mjs';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const all = (name) => argv.flatMap((a, i) => (a === name ? [argv[i + 1]] : []));
const opt = (name, def) => all(name)[0] ?? def;
const cli = resolve(opt('--cli', join(root, 'dist/cli.js')));
const dataDir = opt('--data-dir') === undefined ? undefined : resolve(opt('--data-dir'));
const settings = all('--setting');
if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run -s build first`);
if (settings.length === 0) throw new Error('--setting "ARGS": at least one, e.g. --setting "--alert-after 3"');
const { present, dataOf } = labelledHistories(root, dataDir);
const histories = all('--history').length ? all('--history') : present;
for (const h of histories) if (!existsSync(dataOf(h))) throw new Error(`${h}: ${dataOf(h)} is missing (--data-dir DIR with DIR/${h}/data.js)`);

const work = join(root, '.cache/settings');
const runner = cliRunner(cli, work);
const { run } = runner;
// A quoted setting splits on blanks: the CLI's options take no blank inside a value.
const argsOf = (setting) => setting.split(/\s+/).filter(Boolean);

/** The history imported into a bare repository, once per data.js and CLI. */
const imported = (name) => importedOnce(runner, work, name, dataOf(name), cli);

// The defaults' labelled alerts by kind and status at the end of each replay, summed.
let statuses = [];
const rows = [{ setting: 'defaults', args: [] }, ...settings.map((s) => ({ setting: s, args: argsOf(s) }))].map((r) => ({ ...r, alerts: 0, labelled: 0, true: 0, false: 0, falseGone: 0, trueLost: 0, end: 0, near: 0, gone: 0 }));
for (const name of histories) {
  const { dir, bare } = imported(name);
  const labels = parseLabels(readFileSync(join(root, 'bench/judged', `${name}.jsonl`), 'utf8'), `bench/judged/${name}.jsonl`);
  let series;
  let base;
  for (const row of rows) {
    process.stderr.write(`settings-real: replaying ${name} (${row.setting})\n`);
    const alerts = parseReplay(run(['replay', '--repo', bare, ...row.args, '--json'], dir), `${name} replay (${row.setting})`);
    const keys = new Set(alerts.map(alertKey));
    if (!base) statuses = byStatus(alerts, labels, statuses);
    // One alert per key: a regression and a change point may name the same commit.
    base ??= [...new Map(alerts.map((x) => [alertKey(x), x])).values()];
    row.alerts += keys.size;
    for (const k of keys) {
      const verdict = labels.get(k)?.verdict;
      if (verdict === undefined) continue;
      row.labelled++;
      if (verdict === 'true') row.true++;
      else row.false++;
    }
    for (const a of base) {
      const verdict = keys.has(alertKey(a)) ? undefined : labels.get(alertKey(a))?.verdict;
      if (verdict === 'false') row.falseGone++;
      if (verdict !== 'true') continue;
      row.trueLost++;
      series ??= seriesOf(JSON.parse(run(['history', '--repo', bare, '--format', 'json'], dir)));
      row[lossOf(a, alerts, series.get(seriesKey(a.suite, a.case)))]++;
    }
  }
}

if (argv.includes('--json')) console.log(JSON.stringify({ histories: histories.length, rows, statuses }, null, 2));
else {
  console.log(`${histories.length} histories`);
  console.log('| setting | alerts | labelled | true | false | precision | false alerts gone | true alerts lost (end / near / gone) |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    const lost = r.setting === 'defaults' ? '' : `${r.trueLost} (${r.end} / ${r.near} / ${r.gone})`;
    console.log(`| ${r.setting === 'defaults' ? 'defaults' : `\`${r.setting}\``} | ${r.alerts} | ${r.labelled} | ${r.true} | ${r.false} | ${(r.true / Math.max(1, r.labelled)).toFixed(2)} | ${r.setting === 'defaults' ? '' : r.falseGone} | ${lost} |`);
  }
  console.log('\nThe defaults by kind and status at the end of the history:\n');
  console.log('| kind | status | true | false | unlabelled | precision |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: |');
  for (const r of statuses) console.log(`| ${r.kind} | ${r.status} | ${r.true} | ${r.false} | ${r.unlabelled} | ${(r.true / Math.max(1, r.true + r.false)).toFixed(2)} |`);
}
