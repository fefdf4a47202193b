// The held-out histories of bench/judged/, extracted from local git copies of their repositories
// (docs/alerts.md, "Real histories, judged by eye"): each entry of bench/judged/sources.json names
// a repository, a commit of its benchmark branch and the data.js path there, and the sha256 of the
// copy the labels and the docs' figures are of. The data is not in this repository (each
// project's own licence); this writes OUT/<history>/data.js for `--data-dir OUT` of
// bench/settings-real.mjs, bench/same-alerts.mjs and bench/alert-features.mjs.
//
//   node scripts/heldout-data.mjs --mirrors DIR --out OUT [--history NAME]...
//
// DIR holds one git directory per repository, as DIR/<owner>+<name>/repo (with or without a work
// tree) or DIR/<owner>+<name>.git. A copy whose bytes differ from the recorded sha256 is written
// all the same and named on stderr: its alerts will not all be the labelled ones. Exits 1 when a
// history could not be written or differs.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const all = (name) => argv.flatMap((a, i) => (a === name ? [argv[i + 1]] : []));
const mirrors = all('--mirrors')[0];
const out = all('--out')[0];
if (mirrors === undefined || out === undefined) {
  console.error('usage: node scripts/heldout-data.mjs --mirrors DIR --out OUT [--history NAME]...');
  process.exit(2);
}
const { histories } = JSON.parse(readFileSync(join(root, 'bench/judged/sources.json'), 'utf8'));
const named = all('--history');
for (const n of named) {
  if (!histories.some((h) => h.history === n)) {
    console.error(`--history ${n}: bench/judged/sources.json names no such history`);
    process.exit(2);
  }
}

/** The git directory of `repo` under the mirrors, or undefined. */
function gitDir(repo) {
  const base = join(resolve(mirrors), repo.replace('/', '+'));
  for (const d of [join(base, 'repo', '.git'), join(base, 'repo'), `${base}.git`, base]) if (existsSync(join(d, 'HEAD')) && existsSync(join(d, 'objects'))) return d;
  return undefined;
}

let bad = 0;
for (const h of histories.filter((e) => named.length === 0 || named.includes(e.history))) {
  if (h.commit === null) {
    console.error(`${h.history}: skipped (${h.note})`);
    continue;
  }
  const git = gitDir(h.repo);
  if (git === undefined) {
    console.error(`${h.history}: no git copy of ${h.repo} under ${mirrors}`);
    bad++;
    continue;
  }
  let bytes;
  try {
    bytes = execFileSync('git', ['--git-dir', git, 'cat-file', 'blob', `${h.commit}:${h.path}`], { maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch {
    console.error(`${h.history}: ${h.repo} has no ${h.path} at ${h.commit.slice(0, 7)} (branch ${h.branch})`);
    bad++;
    continue;
  }
  mkdirSync(join(out, h.history), { recursive: true });
  writeFileSync(join(out, h.history, 'data.js'), bytes);
  const sum = createHash('sha256').update(bytes).digest('hex');
  if (sum !== h.sha256) {
    console.error(`${h.history}: written, but its sha256 is ${sum.slice(0, 12)}…, not the recorded ${h.sha256.slice(0, 12)}…`);
    bad++;
  } else console.log(`${h.history}: ${h.repo} ${h.commit.slice(0, 7)} ${h.path} (${bytes.length} bytes)`);
}
process.exit(bad ? 1 : 0);
