// What a change of the detector does on every labelled real history (docs/alerts.md, "Real
// histories, judged by eye"): each history is imported and replayed with `benchtrend replay
// --json` by two builds of the CLI, and the alerts are matched against bench/judged/<history>.jsonl:
// each build's labelled true and false alerts, those never labelled, the true ones that name the
// step's own commit, and every alert one build raises and the other does not, as gone, added or
// moved (the same case, a commit up to 4 away) with its label. A moved alert shows its culprit
// offset before and after, so a change that only re-places culprits reads as such; an added alert
// that no label names needs a look (bench/judge-alerts.mjs --history NAME --data FILE).
//
//   npm run -s build && node bench/detector-delta.mjs --before OLD/dist/cli.js [--after dist/cli.js]
//     [--data-dir DIR] [--history NAME]... [--jobs N] [--verbose] [--json]
//
// OLD is another build's dist/cli.js (e.g. `git archive <commit> dist | tar -x -C OLD`). DIR holds
// the held-out histories as DIR/<name>/data.js (node scripts/heldout-data.mjs writes them); the
// three fixtures are always there. Imports and replays run N at a time (default 2) and are cached
// under .cache/delta/ by the hashes of the data and of the build's files. --verbose lists every change.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { cliRunner, digest, historyPoints, labelledHistories, prepareImport } from './lib/cli-history.mjs';
import { deltaOf, parseLabels, parseReplay, seriesOf } from './lib/judge.mjs';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const all = (name) => argv.flatMap((a, i) => (a === name ? [argv[i + 1]] : []));
const opt = (name, def) => all(name)[0] ?? def;
if (opt('--before') === undefined) {
  // `npm run bench` runs every file here: with nothing to compare against, this one has nothing to say.
  console.log('detector-delta: nothing compared (give --before OLD/dist/cli.js, another build to compare with)');
  process.exit(0);
}
const builds = { before: resolve(opt('--before')), after: resolve(opt('--after', join(root, 'dist/cli.js'))) };
for (const cli of Object.values(builds)) if (!existsSync(cli)) throw new Error(`${cli} is missing`);
const { present, dataOf } = labelledHistories(root, opt('--data-dir') === undefined ? undefined : resolve(opt('--data-dir')));
const histories = all('--history').length ? all('--history') : present;
for (const h of histories) if (!existsSync(dataOf(h))) throw new Error(`${h}: ${dataOf(h)} is missing (--data-dir DIR with DIR/${h}/data.js)`);
const jobs = Math.max(1, Number(opt('--jobs', 2)));
const work = join(root, '.cache/delta');
const run = promisify(execFile);

/** A short hash of every file of the build beside `cli` (its chunks too: a change may touch only one). */
function buildStamp(cli) {
  const hash = createHash('sha256');
  const dir = dirname(cli);
  for (const f of readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.js')).sort()) {
    hash.update(f);
    hash.update(readFileSync(join(dir, f)));
  }
  return hash.digest('hex').slice(0, 16);
}
const stamps = new Map(Object.values(builds).map((cli) => [cli, buildStamp(cli)]));

/** `benchtrend replay --json` of one history by one build, and its cases' points: cached by both hashes. */
async function replayed(cli, name) {
  const dir = join(work, stamps.get(cli), name);
  const cache = join(dir, `${digest(dataOf(name))}.json`);
  if (existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8'));
  const { env } = cliRunner(cli, join(work, stamps.get(cli)));
  const cliRun = async (args) => (await run(process.execPath, [cli, ...args], { cwd: dir, env, maxBuffer: 1 << 30 })).stdout;
  const { bare, args } = prepareImport(env, dir, dataOf(name));
  await cliRun(args);
  const alerts = parseReplay(await cliRun(['replay', '--repo', bare, '--json']), `${name} replay`);
  const points = historyPoints(await cliRun(['history', '--repo', bare, '--format', 'json']));
  rmSync(bare, { recursive: true, force: true });
  const out = { alerts, points };
  writeFileSync(cache, JSON.stringify(out));
  return out;
}

const tasks = histories.flatMap((name) => [builds.before, builds.after].map((cli) => ({ name, cli })));
const results = new Map();
let next = 0;
await Promise.all(
  Array.from({ length: jobs }, async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      process.stderr.write(`detector-delta: ${task.name} (${task.cli === builds.before ? 'before' : 'after'})\n`);
      results.set(`${task.cli}\u0000${task.name}`, await replayed(task.cli, task.name));
    }
  }),
);

const sum = { before: { alerts: 0, true: 0, false: 0, unlabelled: 0, exact: 0 }, after: { alerts: 0, true: 0, false: 0, unlabelled: 0, exact: 0 } };
const rows = [];
for (const name of histories) {
  const before = results.get(`${builds.before}\u0000${name}`);
  const after = results.get(`${builds.after}\u0000${name}`);
  const labels = parseLabels(readFileSync(join(root, 'bench/judged', `${name}.jsonl`), 'utf8'), `bench/judged/${name}.jsonl`);
  const d = deltaOf(before.alerts, after.alerts, labels, seriesOf(after.points));
  for (const side of ['before', 'after']) for (const k of Object.keys(sum[side])) sum[side][k] += d[side][k];
  rows.push({ history: name, ...d });
}
if (argv.includes('--json')) {
  console.log(JSON.stringify({ before: builds.before, after: builds.after, total: sum, histories: rows }, null, 2));
  process.exit(0);
}
const line = (t) => `${t.alerts} alerts: ${t.true} true, ${t.false} false, ${t.unlabelled} never labelled; precision ${(t.true / (t.true + t.false)).toFixed(3)}; culprit exact ${t.exact} of ${t.true}`;
console.log(`before (${builds.before}): ${line(sum.before)}`);
console.log(`after  (${builds.after}): ${line(sum.after)}`);
const count = (changes, kind) => {
  const c = {};
  for (const ch of changes.filter((x) => x.change === kind)) c[ch.verdict] = (c[ch.verdict] ?? 0) + 1;
  return Object.entries(c).map(([v, n]) => `${n} ${v}`).join(', ') || 'none';
};
const everything = rows.flatMap((r) => r.changes);
const moved = everything.filter((c) => c.change === 'moved');
console.log(`gone: ${count(everything, 'gone')}; added: ${count(everything, 'added')}; moved: ${moved.length} (onto the step ${moved.filter((c) => c.from !== 0 && c.offset === 0).length}, off it ${moved.filter((c) => c.from === 0 && c.offset !== 0).length})`);
for (const r of rows) {
  if (r.changes.length === 0) continue;
  console.log(`- ${r.history}: gone ${count(r.changes, 'gone')}; added ${count(r.changes, 'added')}; moved ${r.changes.filter((c) => c.change === 'moved').length}`);
  if (!argv.includes('--verbose')) continue;
  for (const c of r.changes) {
    if (c.change === 'moved') console.log(`    moved ${c.verdict} ${c.key} -> ${c.to.split('|').pop()?.slice(0, 7)} (${c.verdictNow}; culprit offset ${c.from} -> ${c.offset})`);
    else console.log(`    ${c.change} ${c.verdict} ${c.key}`);
  }
}
