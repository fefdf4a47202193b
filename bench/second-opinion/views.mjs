// The blind views behind bench/second-opinion/labels.jsonl: every labelled history (the three
// fixtures and DIR/<name>/data.js for the held-out ones, as bench/settings-real.mjs reads them) is
// imported with the bundled CLI and replayed with the defaults; of the alerts that bench/judged/
// labels, a seeded shuffle picks N, and each gets a text file a judge reads without the label:
// the view of bench/judge-alerts.mjs, what the other cases of its suite did at each commit around
// it (each against the median of its own 10 points before), and the case's whole series as CSV.
// A key file beside the views maps each view's id to its alert. Nothing is written in the
// repository.
//
//   npm run -s build && node bench/second-opinion/views.mjs --data-dir DIR --out OUTDIR [--count 100] [--seed 20261204]
//     [--keys FILE]
//
// --keys FILE: views of the alerts it names instead, one `<history>\t<suite|case|sha>` a line,
// labelled or not (the alerts a detector change added: bench/detector-delta.mjs --verbose lists
// them), in a seeded shuffle of their own so that their order says nothing.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cliRunner, importedOnce, labelledHistories } from '../lib/cli-history.mjs';
import { alertKey, alertView, parseLabels, parseReplay, seriesOf } from '../lib/judge.mjs';

const root = new URL('../..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const opt = (name, def) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : def);
const cli = resolve(opt('--cli', join(root, 'dist/cli.js')));
const out = opt('--out') === undefined ? undefined : resolve(opt('--out'));
const count = Number(opt('--count', 100));
const seed = Number(opt('--seed', 20261204));
if (!out) throw new Error('--out OUTDIR: where the views go');
if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run -s build first`);
const { present, dataOf } = labelledHistories(root, opt('--data-dir') === undefined ? undefined : resolve(opt('--data-dir')));
const wanted = opt('--keys') === undefined
  ? undefined
  : readFileSync(resolve(opt('--keys')), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => {
        const [name, key] = l.split('\t');
        return { name, key };
      });
// Sorted as `${name}.json` file names were when the sample of session 16 was drawn.
const names = [...present].filter((n) => !wanted || wanted.some((w) => w.name === n)).sort((a, b) => (`${a}.json` < `${b}.json` ? -1 : 1));

const work = join(root, '.cache/second-opinion');
const runner = cliRunner(cli, work);
const labelled = [];
const histories = new Map();
for (const name of names) {
  const { dir, bare } = importedOnce(runner, work, name, dataOf(name), cli);
  const alerts = parseReplay(runner.run(['replay', '--repo', bare, '--json'], dir), `${name} replay`);
  const series = seriesOf(JSON.parse(runner.run(['history', '--repo', bare, '--format', 'json'], dir)));
  const labels = parseLabels(readFileSync(join(root, 'bench/judged', `${name}.jsonl`), 'utf8'), `bench/judged/${name}.jsonl`);
  histories.set(name, { alerts, series });
  for (const a of alerts) if (wanted ? wanted.some((w) => w.name === name && w.key === alertKey(a)) : labels.has(alertKey(a))) labelled.push({ name, a });
  process.stderr.write(`views: ${name}, ${alerts.length} alerts\n`);
}
// A linear congruential shuffle: the same seed draws the same sample on every machine.
let state = seed;
const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
for (let i = labelled.length - 1; i > 0; i--) {
  const j = Math.floor(next() * (i + 1));
  [labelled[i], labelled[j]] = [labelled[j], labelled[i]];
}
mkdirSync(out, { recursive: true });
const key = [];
labelled.slice(0, count).forEach(({ name, a }, i) => {
  const id = `A${String(i + 1).padStart(3, '0')}`;
  const { series, alerts } = histories.get(name);
  const se = series.get(`${a.suite}|${a.case}`);
  const view = alertView(a, se, { width: 20, others: alerts.filter((o) => o.suite === a.suite && o.case === a.case && o.sha !== a.sha) });
  const at = se.points.findIndex((p) => p.sha === a.sha);
  const mates = [...series.values()].filter((x) => x.suite === a.suite && x.case !== a.case);
  const suiteLines = [];
  for (let j = Math.max(0, at - 10); j <= Math.min(se.points.length - 1, at + 10); j++) {
    const sha = se.points[j].sha;
    const moves = [];
    for (const o of mates) {
      const k = o.points.findIndex((p) => p.sha === sha);
      if (k < 8) continue;
      const b = o.points.slice(Math.max(0, k - 10), k).map((p) => p.value).sort((x, y) => x - y);
      const m = b.length % 2 ? b[(b.length - 1) / 2] : (b[b.length / 2 - 1] + b[b.length / 2]) / 2;
      const v = o.points[k].value;
      moves.push(o.direction === 'smaller' ? v / m - 1 : m / v - 1);
    }
    moves.sort((x, y) => x - y);
    const med = moves.length ? moves[Math.floor(moves.length / 2)] : NaN;
    suiteLines.push(`${j - at >= 0 ? '+' : ''}${j - at} ${sha.slice(0, 7)}: ${moves.length} other cases, median move ${(med * 100).toFixed(1)}% worse, ${moves.filter((x) => x >= 0.05).length} of them >=5% worse, ${moves.filter((x) => x <= -0.05).length} >=5% better`);
  }
  const csv = ['index,sha,value', ...se.points.map((p, k) => `${k},${p.sha.slice(0, 7)},${p.value}`)].join('\n');
  writeFileSync(
    join(out, `${id}.txt`),
    `ALERT ${id}\nhistory: ${name}\nThe alert names commit ${a.sha.slice(0, 7)} (index ${at}); the detector raised it at commit ${a.raisedAt.slice(0, 7)}.\n\n${view}\n\nThe rest of the suite around that commit (each other case's point against the median of its own 10 points before):\n${suiteLines.join('\n')}\n\nThe whole series of this case (oldest first):\n${csv}\n`,
  );
  key.push({ id, name, key: alertKey(a) });
});
writeFileSync(join(out, 'key.json'), `${JSON.stringify(key, null, 1)}\n`);
process.stderr.write(`views: ${key.length} of ${labelled.length} labelled alerts in ${out}\n`);
