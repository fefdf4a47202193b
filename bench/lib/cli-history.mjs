// The process side shared by bench/judge-alerts.mjs and bench/settings-real.mjs: the bundled CLI
// run in a sealed environment (no user or system git config, no prompts), and a github-action-
// benchmark data.js imported into a fresh bare repository the way a user's first publish does.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A short hash of a file's bytes, for cache stamps. */
export const digest = (file) => createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);

/** `run(args, cwd)`: the CLI's stdout; `env`: the environment it runs in, with `work` as home. */
export function cliRunner(cli, work) {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: work, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', RUNNER_TEMP: join(work, 'tmp') };
  const run = (args, cwd) => execFileSync(process.execPath, [cli, ...args], { cwd, env, maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] }).toString('utf8');
  return { env, run };
}

/**
 * `dir` emptied and readied for importing `data`: an empty bare repository `dir`/trend.git and
 * the data.js beside it; `args` is the CLI's command line that imports it, run in `dir`.
 */
export function prepareImport(env, dir, data) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(env.RUNNER_TEMP, { recursive: true });
  mkdirSync(dir, { recursive: true });
  const bare = join(dir, 'trend.git');
  execFileSync('git', ['init', '--quiet', '--bare', bare], { env });
  copyFileSync(data, join(dir, 'data.js'));
  const args = ['publish', '--repo', bare, '--commit', 'f'.repeat(40), '--import-from', 'data.js', '--message', 'import', '--author', 'judge', '--timestamp', '2026-01-01T00:00:00Z'];
  return { bare, args };
}

/** `benchtrend history --format json` output as the points the judging scripts keep of it. */
export const historyPoints = (text) =>
  JSON.parse(text).map((p) => ({ commit: p.commit, suite: p.suite, case: p.case, unit: p.unit, direction: p.direction, value: p.value, seq: p.seq, message: p.message }));

/** `data` imported into `dir`/trend.git (dir emptied first); returns the bare repository's path. */
export function importHistory({ env, run }, dir, data) {
  const { bare, args } = prepareImport(env, dir, data);
  run(args, dir);
  return bare;
}

/** The real histories in the repository (test/fixtures/trend-data/<name>-data.js). */
export const FIXTURES = ['github-action-benchmark', 'prisma', 'snarkVM'];

/**
 * The histories labelled in bench/judged/ (`names`, each with its bench/judged/<name>.jsonl) and
 * those whose data is at hand (`present`): the fixtures, and, given a dataDir, the held-out ones
 * found as dataDir/<name>/data.js (the data is not in the repository: each project's own
 * licence). `dataOf(name)` is where a history's data.js is.
 */
export function labelledHistories(root, dataDir) {
  const dataOf = (name) => (FIXTURES.includes(name) ? join(root, 'test/fixtures/trend-data', `${name}-data.js`) : join(dataDir ?? '.', name, 'data.js'));
  const names = readdirSync(join(root, 'bench/judged'))
    .filter((f) => f.endsWith('.jsonl') && !f.endsWith('-missed.jsonl'))
    .map((f) => f.slice(0, -'.jsonl'.length));
  const present = names.filter((n) => FIXTURES.includes(n) || (dataDir !== undefined && existsSync(dataOf(n))));
  return { names, present, dataOf };
}

/** `data` imported into `work`/`name`/trend.git once per data.js and CLI (a stamp of both hashes); its bare repository's path. */
export function importedOnce(runner, work, name, data, cli) {
  const dir = join(work, name);
  const stamp = join(dir, `${digest(data)}-${digest(cli)}`);
  if (existsSync(stamp)) return { dir, bare: join(dir, 'trend.git') };
  const bare = importHistory(runner, dir, data);
  writeFileSync(stamp, '');
  return { dir, bare };
}
