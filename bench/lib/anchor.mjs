// The anchor: github-action-benchmark's own action, run from a copy of its v1 `dist/` given with
// `--anchor DIR` (never part of this repository), on the same history in the same run, the way a
// runner runs it: `node <main>` with INPUT_* variables (its action.yml's defaults plus ours), an
// event payload with the head commit, in a workspace checked out as actions/checkout leaves it
// (one shallow branch). It pushes to `https://x-access-token:<token>@github.com/<repo>.git`; a
// GIT_CONFIG_GLOBAL file rewrites exactly that URL to a local bare repository with git's
// `url.<base>.insteadOf`, so nothing leaves the machine and the token is a dummy.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const REPO = 'bench-owner/bench-repo';
const TOKEN = 'dummy-token';

/** Its action.yml: the entry point (`runs.main`) and every input's default, as the runner would set them. */
export function readAction(dir) {
  const file = join(dir, 'action.yml');
  if (!existsSync(file)) throw new Error(`--anchor ${dir}: no action.yml there (copy github-action-benchmark's action.yml and dist/ into it)`);
  const text = readFileSync(file, 'utf8');
  const defaults = {};
  let input;
  let inInputs = false;
  for (const line of text.split('\n')) {
    if (/^\S/.test(line)) inInputs = line.startsWith('inputs:');
    const name = /^ {2}([a-z][a-z0-9-]*):\s*$/.exec(line);
    if (inInputs && name) input = name[1];
    const value = /^ {4}default:\s*(.*?)\s*$/.exec(line);
    if (inInputs && input && value) defaults[input] = value[1].replace(/^'(.*)'$/, '$1').replace(/^"(.*)"$/, '$1');
  }
  const main = /^\s+main:\s*'?([^'\s]+)'?/m.exec(text)?.[1] ?? 'dist/index.js';
  const entry = join(dir, main);
  if (!existsSync(entry)) throw new Error(`--anchor ${dir}: ${main} (runs.main of its action.yml) is missing`);
  return { entry, defaults };
}

/**
 * A bare repository standing in for the user's GitHub repository under github-action-benchmark:
 * `main` with one commit, `gh-pages` holding `dev/bench/data.js` (the same history we import).
 */
export function anchorRemote(dir, dataJs, git, env) {
  const bare = join(dir, 'gab.git');
  git(['init', '--quiet', '--bare', bare]);
  git(['config', 'gc.auto', '0'], bare);
  const blob = (text) => execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: bare, env, input: text, maxBuffer: 1 << 30 }).toString().trim();
  const tree = (entries) => execFileSync('git', ['mktree'], { cwd: bare, env, input: entries.map((e) => `${e}\n`).join('') }).toString().trim();
  const commit = (t, msg) => execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@example.invalid', 'commit-tree', t, '-m', msg], { cwd: bare, env }).toString().trim();
  const bench = tree([`100644 blob ${blob(dataJs)}\tdata.js`]);
  const dev = tree([`040000 tree ${bench}\tbench`]);
  const pages = commit(tree([`040000 tree ${dev}\tdev`]), 'github-action-benchmark history');
  const main = commit(tree([`100644 blob ${blob('# project\n')}\tREADME.md`]), 'project');
  git(['update-ref', 'refs/heads/gh-pages', pages], bare);
  git(['update-ref', 'refs/heads/main', main], bare);
  return bare;
}

/**
 * One run of github-action-benchmark onto `remote` (a fresh copy each run), publishing
 * `recordsJson` (customSmallerIsBetter) with auto-push. Returns its wall seconds (from spawn to
 * exit) and peak RSS in MB (GNU time's %M).
 */
export function runAnchor({ action, node, remote, work, recordsJson, sha, env, git }) {
  const ws = join(work, 'ws');
  // What actions/checkout leaves: the pushed branch only, one commit deep.
  git(['clone', '--quiet', '--depth', '1', '--single-branch', '--branch', 'main', `file://${remote}`, ws]);
  writeFileSync(join(ws, 'output.json'), recordsJson);
  const globalConfig = join(work, 'gitconfig');
  // Its remote URL for GITHUB_REPOSITORY on github.com, rewritten to the local copy.
  writeFileSync(globalConfig, `[url "file://${remote}"]\n\tinsteadOf = https://x-access-token:${TOKEN}@github.com/${REPO}.git\n`);
  const event = join(work, 'event.json');
  const now = '2026-06-01T00:00:00Z';
  const person = { name: 'Bench', email: 'bench@example.invalid', username: 'bench' };
  writeFileSync(event, JSON.stringify({ ref: 'refs/heads/main', repository: { html_url: `https://github.com/${REPO}` }, head_commit: { id: sha, tree_id: sha, distinct: true, message: 'run', timestamp: now, url: `https://github.com/${REPO}/commit/${sha}`, author: person, committer: person } }));
  const temp = join(work, 'runner-temp');
  mkdirSync(temp, { recursive: true });
  const inputs = {
    ...action.defaults,
    name: 'Benchmark',
    tool: 'customSmallerIsBetter',
    'output-file-path': 'output.json',
    'gh-pages-branch': 'gh-pages',
    'benchmark-data-dir-path': 'dev/bench',
    'github-token': TOKEN,
    'auto-push': 'true',
    'skip-fetch-gh-pages': 'false',
  };
  const runEnv = { ...runnerEnv(env, { temp, ws, event, sha }), HOME: work, GIT_CONFIG_GLOBAL: globalConfig };
  for (const [k, v] of Object.entries(inputs)) runEnv[`INPUT_${k.replace(/ /g, '_').toUpperCase()}`] = String(v);
  const { seconds, mb } = timedRun('github-action-benchmark', node, action.entry, ws, runEnv);
  const pushed = git(['log', '-1', '--format=%s', 'gh-pages'], remote).trim();
  if (!pushed.includes(sha)) throw new Error(`github-action-benchmark exited 0 but gh-pages does not hold its commit (last: ${pushed})`);
  return { seconds, mb };
}

/** One run of our bundled action (dist/index.js, regression checks on, as by default) onto `remote`. */
export function runOurs({ entry, node, remote, work, recordsJson, suite, sha, env, git }) {
  const before = git(['rev-parse', 'refs/heads/gh-pages'], remote).trim();
  const ws = join(work, 'ws-ours');
  mkdirSync(ws, { recursive: true });
  writeFileSync(join(ws, 'now.json'), recordsJson);
  const temp = join(work, 'runner-temp-ours');
  mkdirSync(temp, { recursive: true });
  const event = join(temp, 'event.json');
  writeFileSync(event, JSON.stringify({ ref: 'refs/heads/main', head_commit: { id: sha, message: 'run', timestamp: '2026-06-01T00:00:00Z' } }));
  const runEnv = {
    ...runnerEnv(env, { temp, ws, event, sha }),
    HOME: temp,
    INPUT_RECORDS: 'now.json',
    INPUT_FORMAT: 'customSmallerIsBetter',
    INPUT_REPOSITORY: remote,
    INPUT_SUITE: suite,
  };
  writeFileSync(runEnv.GITHUB_OUTPUT, '');
  writeFileSync(runEnv.GITHUB_STEP_SUMMARY, '');
  const { seconds, mb } = timedRun("benchtrend's dist/index.js", node, entry, ws, runEnv);
  if (git(['rev-parse', 'refs/heads/gh-pages'], remote).trim() === before) throw new Error(`benchtrend's dist/index.js exited 0 but gh-pages did not move`);
  return { seconds, mb };
}

/** What the runner sets for a push job on main, for either action; HOME and inputs are the caller's. */
function runnerEnv(env, { temp, ws, event, sha }) {
  return {
    ...env,
    RUNNER_TEMP: temp,
    GITHUB_WORKSPACE: ws,
    GITHUB_EVENT_PATH: event,
    GITHUB_EVENT_NAME: 'push',
    GITHUB_REPOSITORY: REPO,
    GITHUB_SHA: sha,
    GITHUB_REF: 'refs/heads/main',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'http://127.0.0.1:9',
    GITHUB_ACTIONS: 'true',
    GITHUB_RUN_ID: '1',
    GITHUB_OUTPUT: join(temp, 'output'),
    GITHUB_STEP_SUMMARY: join(temp, 'summary'),
  };
}

/** Runs `entry` under `node` as the runner would, timed from spawn to exit, with GNU time's peak RSS. */
function timedRun(label, node, entry, ws, runEnv) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', node, entry], { cwd: ws, env: runEnv, maxBuffer: 1 << 28 });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const err = r.stderr.toString('utf8').trim().split('\n');
  if (r.status !== 0) throw new Error(`${label} failed (exit ${r.status}): ${[...r.stdout.toString('utf8').trim().split('\n').slice(-3), ...err.slice(-2)].join(' | ')}`);
  return { seconds, mb: Number(err[err.length - 1].split(' ')[1]) / 1024 };
}
